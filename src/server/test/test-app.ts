import type { FastifyServerOptions } from 'fastify';
import { testConfig, type Config } from '../config';
import { buildApp } from '../app';
import type { DbHandle } from '../db/client';
import type { SignalBus } from '../modules/sessions/signal-bus';

/** A freshly built app on a test database, for app.inject(); the clock is pinnable. */
export async function buildTestApp(
  db: DbHandle,
  options: {
    config?: Partial<Config>;
    now?: () => Date;
    signalBus?: SignalBus;
    logger?: FastifyServerOptions['logger'];
  } = {},
) {
  return buildApp(
    {
      config: testConfig({ WEB_DIR: './dist/web', ...options.config }),
      db,
      now: options.now ?? (() => new Date()),
      version: 'test',
      signalBus: options.signalBus,
    },
    { logger: options.logger },
  );
}
