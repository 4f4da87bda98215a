import { isApiError, type ApiError } from './api-client';

/**
 * The server's 409 `outside_busy` (ADR 053): the provider is busy then in their outside calendar.
 * Staff may book anyway by sending the same request with `overrideOutsideBusy: true`; the server
 * records who did in the audit log. Any other refusal is not overridable.
 */
export function isOutsideBusyRefusal(error: unknown): error is ApiError {
  return (
    isApiError(error) &&
    error.status === 409 &&
    typeof error.body === 'object' &&
    error.body !== null &&
    (error.body as { error?: unknown }).error === 'outside_busy'
  );
}
