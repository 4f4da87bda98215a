import * as Sentry from '@sentry/react';
import { matchRoutes, type RouteObject } from 'react-router';
import type { ClientConfig } from '@web/lib/client-config';
import { setErrorReporter } from '@web/lib/error-reporting';

// A tenth of page loads is plenty to see slow pages without sending a trace per click.
const TRACES_SAMPLE_RATE = 0.1;

/**
 * "/admin/agents/:id/availability" rather than the raw URL: traces group by page, and ids
 * (possibly a patient's) stay out of span names.
 */
export function routeNameFor(pathname: string, routes: RouteObject[]): string | undefined {
  const matches = matchRoutes(routes, pathname);
  const last = matches?.at(-1);
  if (!matches || !last || last.route.path === '*') return undefined;
  const segments = matches
    .map((match) => match.route.path)
    .filter((path): path is string => Boolean(path) && path !== '/');
  return `/${segments.join('/')}`;
}

/**
 * Runs after the first render (app/mount.tsx), so the router already exists and Sentry's router
 * wrapper cannot be used; naming spans from our own route table gives the same grouping.
 */
export function initSentry(
  config: ClientConfig & { sentryDsn: string },
  routes: RouteObject[],
): void {
  Sentry.init({
    dsn: config.sentryDsn,
    environment: config.environment,
    release: config.release,
    // Sentry collects broadly by default; a clinic app must not send patient data (emails in
    // filter query strings, request bodies) or staff identity and cookies with its reports.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
      stackFrameVariables: false,
    },
    tracesSampleRate: TRACES_SAMPLE_RATE,
    integrations: [
      Sentry.browserTracingIntegration({
        beforeStartSpan: (options) => {
          const route = routeNameFor(window.location.pathname, routes);
          return route
            ? {
                ...options,
                name: route,
                attributes: { ...options.attributes, 'sentry.source': 'route' },
              }
            : options;
        },
      }),
    ],
  });
  setErrorReporter((error) => Sentry.captureException(error));
}
