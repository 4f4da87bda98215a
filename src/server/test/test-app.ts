import { testConfig, type Config } from '../config';
import { buildApp } from '../app';
import type { DbHandle } from '../db/client';
import type { SignalBus } from '../realtime/signal-bus';

/** A freshly built app on a test database, for app.inject(); the clock is pinnable. */
export async function buildTestApp(
  db: DbHandle,
  options: {
    config?: Partial<Config>;
    now?: () => Date;
    signalBus?: SignalBus;
    /** Receives the app's log lines at level info, for tests of what is logged. */
    logStream?: { write(line: string): void };
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
    { logStream: options.logStream },
  );
}
