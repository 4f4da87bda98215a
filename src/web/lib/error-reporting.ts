type Reporter = (error: unknown) => void;

const MAX_PENDING = 10;

let reporter: Reporter | null = null;
// Errors from before the reporter is known: the app renders before /api/client-config answers,
// and an early crash is the one most worth seeing.
let pending: unknown[] | null = [];

/**
 * Called once start-up knows whether error reporting is on (see app/sentry.ts). This seam keeps
 * Sentry out of the main bundle: it is only downloaded when a DSN is configured.
 */
export function setErrorReporter(next: Reporter | null): void {
  reporter = next;
  const queued = pending ?? [];
  pending = null;
  if (next) queued.forEach((error) => next(error));
}

export function reportError(error: unknown): void {
  if (reporter) reporter(error);
  else if (pending && pending.length < MAX_PENDING) pending.push(error);
}
