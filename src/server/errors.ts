import type { ErrorBody, ErrorCode } from '@contracts/errors';

/** What an error answer may carry beside its message; `details` is whole sentences (spec §8). */
export type ErrorExtras = Pick<ErrorBody, 'details' | 'fields' | 'existingPatientId'>;

/** An error that already knows its HTTP status and the words a person should read. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly details: string | undefined;
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly extras: ErrorExtras = {},
    /** Sent as Retry-After: when a refused attempt may be made again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.details = extras.details;
  }
}

/** A phrase made a sentence: a capital first, a full stop last unless it has its own mark. */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/** The extras of an error: a string is its details, in whole sentences. */
const extrasOf = (extras?: string | ErrorExtras): ErrorExtras =>
  typeof extras === 'string' ? { details: extras } : (extras ?? {});

export const badRequest = (message: string, extras?: string | ErrorExtras) =>
  new HttpError(400, 'bad_request', message, extrasOf(extras));
export const unauthorized = (message = 'Please sign in to continue.') =>
  new HttpError(401, 'unauthorized', message);
export const forbidden = (message = 'You do not have permission to do this.') =>
  new HttpError(403, 'forbidden', message);
export const notFound = (message = 'Not found.') => new HttpError(404, 'not_found', message);
export const conflict = (message: string, extras?: string | ErrorExtras) =>
  new HttpError(409, 'conflict', message, extrasOf(extras));
export const gone = (message: string) => new HttpError(410, 'gone', message);
export const unprocessable = (message: string, extras?: string | ErrorExtras) =>
  new HttpError(422, 'unprocessable', message, extrasOf(extras));
export const upgradeRequired = (message: string) => new HttpError(426, 'upgrade_required', message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, 'rate_limited', message, {}, retryAfterSeconds);
