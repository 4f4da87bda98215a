import type * as SentryNode from '@sentry/node';
import type { Config } from './config';
import { redactedPath, withoutQuery } from './logging';
import { withoutQueryValues } from './security/query-values';

// Sentry's SDK takes longer to load than the rest of the server together (about half a second of
// start-up): it is loaded only when a DSN asks for it.
let sentry: typeof SentryNode | undefined;

/** Errors and traces go to Sentry only when SENTRY_DSN is set; otherwise nothing is sent. */
export async function initErrorReporting(config: Config, release: string): Promise<boolean> {
  if (!config.SENTRY_DSN) return false;
  sentry = await import('@sentry/node');
  sentry.init({
    dsn: config.SENTRY_DSN,
    environment: config.SENTRY_ENVIRONMENT,
    release,
    tracesSampleRate: config.SENTRY_TRACES_SAMPLE_RATE,
    beforeSend: scrubRequest,
    beforeSendTransaction: scrubRequest,
  });
  return true;
}

/** A genuine fault (a 500) goes to Sentry when reporting is on; without a DSN, nowhere. */
export function reportError(err: unknown): void {
  sentry?.captureException(err);
}

/**
 * What leaves for Sentry keeps no more of a request than the log does: its path with only its
 * plain words (a feed's secret, an offer's token are not), never the query string (visit tokens,
 * e-mails, search words), cookies or body. A failed query's exception keeps its SQL text, not the
 * values drizzle writes after "params:".
 */
export function scrubRequest<E extends SentryNode.Event>(event: E): E {
  for (const exception of event.exception?.values ?? []) {
    if (exception.value) exception.value = withoutQueryValues(exception.value);
  }
  if (event.request) {
    const { url, method } = event.request;
    event.request = { method, ...(url ? { url: scrubUrl(url) } : {}) };
  }
  if (event.transaction) event.transaction = scrubUrl(event.transaction);
  for (const crumb of event.breadcrumbs ?? []) {
    if (typeof crumb.data?.url === 'string') crumb.data.url = scrubUrl(crumb.data.url);
  }
  return event;
}

/**
 * A URL, a path or a transaction name ("GET /ical/:file") with its path redacted: route patterns
 * keep their `:name` parts, anything else keeps its plain words only.
 */
function scrubUrl(text: string): string {
  const url = withoutQuery(text);
  const start = url.search(/(?<![/:])\/(?!\/)/);
  if (start === -1) return url;
  const path = url.slice(start);
  const redacted = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? segment : redactedPath(segment)))
    .join('/');
  return url.slice(0, start) + redacted;
}
