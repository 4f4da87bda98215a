import type { Config } from './config';
import type { DbHandle } from './db/client';
import type { SignalBus } from './realtime/signal-bus';

/** What buildApp needs from outside: configuration, the open database, and the one clock. */
export interface AppDeps {
  config: Config;
  db: DbHandle;
  /** Every rule that depends on "now" reads it from here, so tests and audits can pin it. */
  now: () => Date;
  version: string;
  /** Carries video-call signalling between instances; an in-memory bus when absent. */
  signalBus?: SignalBus;
  /** Set by main.ts on SIGTERM: the instance is draining, and its health check says so. */
  lifecycle?: { draining: boolean };
}
