import { z } from 'zod';

export const systemPaths = {
  health: '/api/health',
  clientConfig: '/api/client-config',
} as const;

export const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
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
