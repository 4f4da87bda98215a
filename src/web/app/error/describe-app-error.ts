import { isRouteErrorResponse } from 'react-router';
import { isApiError } from '@web/lib/api-client';

export interface AppErrorDescription {
  origin: 'client' | 'server';
  text: string;
  /** The server's request id, so support can find the matching log lines. */
  digest: string | undefined;
}

function serverDigest(error: unknown): string | undefined {
  if (isApiError(error)) return error.digest;
  if (isRouteErrorResponse(error)) {
    const data: unknown = error.data;
    if (typeof data === 'object' && data !== null && 'digest' in data) {
      const { digest } = data as { digest: unknown };
      return typeof digest === 'string' ? digest : undefined;
    }
  }
  return undefined;
}

function isServerError(error: unknown): boolean {
  if (isApiError(error)) return error.status >= 500;
  if (isRouteErrorResponse(error)) return error.status >= 500;
  return false;
}

/** Spec §8 generic error texts, worded exactly as the spec has them. */
export function describeAppError(error: unknown, host: string): AppErrorDescription {
  if (isServerError(error)) {
    return {
      origin: 'server',
      text: `Application error: a server-side exception has occurred while loading ${host} (see the server logs for more information).`,
      digest: serverDigest(error),
    };
  }
  return {
    origin: 'client',
    text: `Application error: a client-side exception has occurred while loading ${host} (see the browser console for more information).`,
    digest: undefined,
  };
}
