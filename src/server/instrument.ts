import * as Sentry from '@sentry/node';
import type { Config } from './config';

/** Errors and traces go to Sentry only when SENTRY_DSN is set; otherwise nothing is sent. */
export function initErrorReporting(config: Config, release: string): boolean {
  if (!config.SENTRY_DSN) return false;
  Sentry.init({
    dsn: config.SENTRY_DSN,
    environment: config.SENTRY_ENVIRONMENT,
    release,
    tracesSampleRate: config.SENTRY_TRACES_SAMPLE_RATE,
  });
  return true;
}
