import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { clientConfigRoute, healthRoute, openApiRoute } from './routes/system';

export const healthResponse = z.object({
  /** `draining`: the instance is shutting down; a load balancer sends it nothing new. */
  status: z.enum(['ok', 'degraded', 'draining']),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** True for the database the app runs itself under DATA_DIR (ADR 024). */
    embedded: z.boolean(),
    status: z.enum(['up', 'down']),
  }),
  version: z.string(),
  uptimeSeconds: z.number(),
});
export type HealthResponse = z.infer<typeof healthResponse>;

/** What the browser needs to know at start-up; never secrets. */
export const clientConfigResponse = z.object({
  sentryDsn: z.string().nullable(),
  environment: z.string(),
  release: z.string(),
});
export type ClientConfigResponse = z.infer<typeof clientConfigResponse>;

export const healthEndpoint = defineEndpoint({
  ...healthRoute,
  summary: 'Whether the app and its database are up',
  description:
    'For load balancers: 200 while the database answers, 503 with the same body while not, and 503 with status `draining` from an instance that is shutting down (it still answers requests it is sent until it stops listening).',
  tag: 'System',
  access: 'public',
  responses: { 200: healthResponse, 503: healthResponse },
});

export const clientConfigEndpoint = defineEndpoint({
  ...clientConfigRoute,
  summary: 'What the web app needs at start-up (error reporting), never secrets',
  tag: 'System',
  access: 'public',
  responses: { 200: clientConfigResponse },
});

export const openApiEndpoint = defineEndpoint({
  ...openApiRoute,
  summary: 'This OpenAPI 3.1 document',
  tag: 'System',
  access: 'public',
  responses: { 200: z.record(z.string(), z.unknown()) },
});
