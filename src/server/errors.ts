import type { ErrorCode } from '@contracts/errors';

/** An error that already knows its HTTP status and the words a person should read. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: string,
    /** Sent as Retry-After: when a refused attempt may be made again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: string) =>
  new HttpError(400, 'bad_request', message, details);
export const unauthorized = (message = 'Please sign in to continue.') =>
  new HttpError(401, 'unauthorized', message);
export const forbidden = (message = 'You do not have permission to do this.') =>
  new HttpError(403, 'forbidden', message);
export const notFound = (message = 'Not found.') => new HttpError(404, 'not_found', message);
export const conflict = (message: string, details?: string) =>
  new HttpError(409, 'conflict', message, details);
export const gone = (message: string) => new HttpError(410, 'gone', message);
export const unprocessable = (message: string, details?: string) =>
  new HttpError(422, 'unprocessable', message, details);
export const upgradeRequired = (message: string) => new HttpError(426, 'upgrade_required', message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, 'rate_limited', message, undefined, retryAfterSeconds);
