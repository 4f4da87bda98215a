import { afterAll, beforeAll, beforeEach } from 'vitest';
import { testConfig, type Config } from '../config';
import { buildApp, type App } from '../app';
import type { Database, DbHandle } from '../db/client';
import type { SignalBus } from '../realtime/signal-bus';
import { apiAs, type Api } from './api-client';
import { clinicScenario, type ClinicScenario } from './scenario';
import { createTestDatabase, type TestDatabase } from './test-db';

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

export interface TestAppOptions {
  /**
   * Where the app's clock stands when each test starts; it moves only when the test moves it.
   * Without it the app reads the real clock.
   */
  now?: Date | string;
  /** Settings over testConfig's; a function is read when the app is built (after earlier hooks). */
  config?: Partial<Config> | (() => Partial<Config>);
  /** Also listen on a free port of 127.0.0.1, for tests that open sockets. */
  listen?: boolean;
  /** Empty the database before each test (the default); false where tests share their rows. */
  resetEachTest?: boolean;
}

/** A test file's app and database, and the clock the app reads. */
export interface TestApp {
  readonly app: App;
  readonly handle: DbHandle;
  readonly db: Database;
  /** Empties every table, as before each test. */
  reset(): Promise<void>;
  /** The app's "now". */
  now(): Date;
  setNow(at: Date | string): void;
  advance(ms: number): void;
  /** The clinic scenario, with its front-desk staff member signed in. */
  scenario(): ReturnType<typeof signedInScenario>;
}

/**
 * The set-up every API test file shares: one test database and one app on it for the file, the
 * database emptied and the clock set back before each test, both closed after the last. Call it
 * at the top of the file, before hooks of the file's own, which then run after these.
 */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  const start = options.now === undefined ? null : new Date(options.now);
  let clock = start;
  // Its hooks come first: the database is made before the app and dropped after it closes.
  const testDb = useTestDatabase({ resetEachTest: options.resetEachTest });
  let app: App | undefined;

  beforeAll(async () => {
    const config = typeof options.config === 'function' ? options.config() : options.config;
    app = await buildTestApp(testDb.handle, { now: () => clock ?? new Date(), config });
    if (options.listen) await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(() => {
    clock = start;
  });

  const env: TestApp = {
    get app() {
      if (!app) throw new Error('useTestApp: the app is built in beforeAll');
      return app;
    },
    get handle() {
      return testDb.handle;
    },
    get db() {
      return testDb.db;
    },
    reset: () => testDb.reset(),
    now: () => clock ?? new Date(),
    setNow(at) {
      clock = new Date(at);
    },
    advance(ms) {
      clock = new Date(env.now().getTime() + ms);
    },
    scenario: () => signedInScenario(env.app, env.db),
  };
  return env;
}

/**
 * A test file's own database, for tests without an app: made before the file's tests, emptied
 * before each (unless `resetEachTest` is false), dropped after the last.
 */
export function useTestDatabase(options: { resetEachTest?: boolean } = {}) {
  let testDb: TestDatabase | undefined;
  const ready = () => {
    if (!testDb) throw new Error('useTestDatabase: the database is made in beforeAll');
    return testDb;
  };
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => {
    await testDb?.destroy();
  });
  if (options.resetEachTest !== false) beforeEach(() => ready().reset());
  return {
    get handle(): DbHandle {
      return ready().handle;
    },
    get db(): Database {
      return ready().handle.db;
    },
    reset: () => ready().reset(),
  };
}

/** The clinic scenario with its front-desk staff member signed in: where most API tests start. */
export async function signedInScenario(app: App, db: Database) {
  const s = await clinicScenario(db);
  return { s, staff: await apiAs(app, s.staff.email) };
}

/** The scenario's people a test may act as besides its front-desk staff member. */
type ScenarioRole = 'admin' | 'provider' | 'nurse';

/** What useScenario gives a test file: stand-ins for the running test's scenario and callers. */
export type Scene<R extends ScenarioRole> = { s: ClinicScenario; staff: Api } & Record<R, Api> & {
    /** Signs every caller in anew, for a test that moved the clock past their sessions' end. */
    signInAgain(): Promise<void>;
    /** Makes the scenario and signs its callers in again, for a test that emptied the database. */
    makeAgain(): Promise<void>;
  };

/**
 * The set-up most API test files share on top of useTestApp: before each test, the clinic
 * scenario with its front-desk staff member signed in, and each of `roles` too, in that order.
 * `s`, `staff` and the roles it answers stand for the running test's, whatever test that is:
 * read them in tests and hooks (the file's own hooks, registered after this call, run after it),
 * never at the top of the file, where no test runs yet.
 */
export function useScenario<R extends ScenarioRole = never>(env: TestApp, ...roles: R[]): Scene<R> {
  let s: ClinicScenario | undefined;
  const callers = new Map<string, Api>();
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useScenario: the scenario is made before each test');
    return value;
  };
  const signInAgain = async () => {
    const scenario = ready(s);
    for (const name of ['staff', ...roles] as const) {
      callers.set(name, await apiAs(env.app, scenario[name].email));
    }
  };
  const makeAgain = async () => {
    s = await clinicScenario(env.db);
    await signInAgain();
  };
  beforeEach(makeAgain);
  const scene: Record<string, unknown> = {
    s: lateBound(() => ready(s)),
    signInAgain,
    makeAgain,
  };
  for (const name of ['staff', ...roles]) scene[name] = lateBound(() => ready(callers.get(name)));
  return scene as Scene<R>;
}

/**
 * An object that reads through to what `current` answers at the time of each read, so a file
 * can name at its top what each test makes anew.
 */
function lateBound<T extends object>(current: () => T): T {
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(current(), key) as unknown,
    has: (_, key) => Reflect.has(current(), key),
    ownKeys: () => Reflect.ownKeys(current()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(current(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}

/**
 * Two app instances sharing nothing but one test database, as behind a load balancer: built
 * before the file's tests, closed after the last. Their clock stands at `now`.
 */
export function useTwoInstances(options: { now: Date; config?: Partial<Config> }) {
  let testDb: TestDatabase | undefined;
  let apps: [App, App] | undefined;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    const { now, config } = options;
    const build = () => buildTestApp(testDb!.handle, { now: () => now, config });
    apps = [await build(), await build()];
  });
  afterAll(async () => {
    for (const app of apps ?? []) await app.close();
    await testDb?.destroy();
  });
  const ready = () => {
    if (!testDb || !apps) throw new Error('useTwoInstances: the apps are built in beforeAll');
    return { testDb, apps };
  };
  return {
    get a() {
      return ready().apps[0];
    },
    get b() {
      return ready().apps[1];
    },
    get testDb() {
      return ready().testDb;
    },
  };
}

/**
 * Two instances, as useTwoInstances gives them, and before each test an emptied database with a
 * clinic scenario made afresh in it: `s` is the running test's.
 */
export function useTwoInstancesWithScenario(options: { now: Date; config?: Partial<Config> }) {
  const instances = useTwoInstances(options);
  let scenario: ClinicScenario | undefined;
  beforeEach(async () => {
    await instances.testDb.reset();
    scenario = await clinicScenario(instances.testDb.handle.db);
  });
  return {
    get a() {
      return instances.a;
    },
    get b() {
      return instances.b;
    },
    get testDb() {
      return instances.testDb;
    },
    get s() {
      if (!scenario)
        throw new Error('useTwoInstancesWithScenario: the scenario is made in beforeEach');
      return scenario;
    },
  };
}
