import * as Sentry from '@sentry/node';
import type { Config } from './config';
import { withoutQuery } from './logging';

/** Errors and traces go to Sentry only when SENTRY_DSN is set; otherwise nothing is sent. */
export function initErrorReporting(config: Config, release: string): boolean {
  if (!config.SENTRY_DSN) return false;
  Sentry.init({
    dsn: config.SENTRY_DSN,
    environment: config.SENTRY_ENVIRONMENT,
    release,
    tracesSampleRate: config.SENTRY_TRACES_SAMPLE_RATE,
    beforeSend: scrubRequest,
    beforeSendTransaction: scrubRequest,
  });
  return true;
}

/**
 * What leaves for Sentry keeps no more of a request than the log does: its path, never the query
 * string (visit tokens, e-mails, search words), cookies or body.
 */
export function scrubRequest<E extends Sentry.Event>(event: E): E {
  if (event.request) {
    const { url, method } = event.request;
    event.request = { method, ...(url ? { url: withoutQuery(url) } : {}) };
  }
  if (event.transaction) event.transaction = withoutQuery(event.transaction);
  for (const crumb of event.breadcrumbs ?? []) {
    if (typeof crumb.data?.url === 'string') crumb.data.url = withoutQuery(crumb.data.url);
  }
  return event;
}
