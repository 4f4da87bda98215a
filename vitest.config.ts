import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { aliases } from './vite.aliases';

// What PGlite, the embedded fallback (ADR 024), runs besides PostgreSQL: the files whose subject
// is the engine — migrations, the data layer, the constraints, triggers and locks that decide
// races, SQL-built reads, durability on a kill. The API's own behaviour (access, validation,
// limits, FHIR, webhooks, sessions) is the same SQL through the same code, and runs once, on
// PostgreSQL (ADR 038): on both it cost CI six minutes of its budget.
const ON_PGLITE_TOO = [
  'src/server/db/**/*.test.ts',
  'src/server/crash-safety.test.ts',
  'src/server/booking-race.test.ts',
  'src/server/modules/appointments/**/*.test.ts',
  'src/server/modules/availability/**/*.test.ts',
  'src/server/modules/online-booking/online-booking.test.ts',
  // Online services: holds and bookings with a service's buffers (issue 42).
  'src/server/modules/online-booking/online-booking-services.test.ts',
  // Patient records: a generated column, word search and the erasure's JSON rewriting.
  'src/server/modules/patients/patients.test.ts',
  // Merging decides a race with a booking by row locks (ADR 042).
  'src/server/modules/patients/patient-merge.test.ts',
  // Imports: rows passed as JSON record sets, arrays and bytes, on both engines' drivers.
  'src/server/modules/patients/patient-import.test.ts',
  // Services: buffers in the exclusion constraint through an immutable SQL function (ADR 044).
  'src/server/modules/services/service-bookings.test.ts',
  // Services: a partial unique index on lower(name), integer arrays and their checks (issue 42).
  'src/server/modules/services/services.test.ts',
  // Rooms and equipment: a partial unique index on lower(name), jsonb hours, row locks that keep
  // a service from needing an archived resource (issue 42).
  'src/server/modules/resources/resources.test.ts',
  // Reports: the roll-up the database keeps by triggers, equal to its rows (issue 45, ADR 052).
  'src/server/modules/reports/report-rollup.test.ts',
  // SMART Backend Services and Bulk Data (issue 47): driven over HTTP by independent clients on
  // both databases; the jti replay store's ON CONFLICT and the export worker's claims.
  'src/server/modules/smart/smart.test.ts',
  'src/server/modules/fhir/bulk-export.test.ts',
  // Texts (issue 44): the outbox's text twins and their lease, STOP per number by an upsert, the
  // inbound replies' matching, through the real Kannel and a Twilio-compatible receiver.
  'src/server/modules/text-messages/kannel-texts.test.ts',
  'src/server/modules/text-messages/twilio-texts.test.ts',
];

const integration = (
  db: 'pglite' | 'postgres',
  name = `integration-${db}`,
  // *.pg.test.ts need a real server (several connections, LISTEN/NOTIFY across instances);
  // *.embedded.test.ts test the embedded databases themselves, so they run once, beside PGlite.
  include = db === 'postgres' ? ['src/server/**/*.test.ts'] : ON_PGLITE_TOO,
) => ({
  resolve: { alias: aliases },
  test: {
    name,
    include,
    exclude:
      db === 'postgres' ? ['src/server/**/*.embedded.test.ts'] : ['src/server/**/*.pg.test.ts'],
    environment: 'node' as const,
    // Files share one module graph per worker (ADR 057): each file used to import the app and its
    // libraries afresh, 640 s of the run's worker time. Every file builds its own app and database,
    // and none replaces a module (vi.mock), so nothing else carries from file to file.
    isolate: false,
    env: { CAREBOOK_TEST_DB: db },
    globalSetup: ['./src/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

const UNIT = [
  'src/domain/**/*.test.ts',
  'src/contracts/**/*.test.ts',
  'src/web/**/*.test.{ts,tsx}',
  'scripts/**/*.test.ts',
];

const unitTest = {
  environment: 'node' as const,
  setupFiles: ['./src/web/test/jest-dom.ts'],
  // Property tests and page renders take a second alone and several beside a build on two cores:
  // the limit catches a hang, not a slow machine.
  testTimeout: 20_000,
};

/** The unit test files that replace a module with vi.mock, found by reading them. */
function filesReplacingModules(): string[] {
  const found: string[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (
        /\.test\.tsx?$/.test(entry.name) &&
        /\bvi\.(do)?mock\(/.test(readFileSync(file, 'utf8'))
      )
        found.push(file.split(path.sep).join('/'));
    }
  };
  for (const dir of ['src/domain', 'src/contracts', 'src/web', 'scripts']) visit(dir);
  return found.sort();
}
const REPLACING_MODULES = filesReplacingModules();

// unit: pure code and components, no database. integration-*: API and database tests, the same
// files run once on PGlite and once on PostgreSQL (TEST_DATABASE_URL, default local server).
export default defineConfig({
  resolve: { alias: aliases },
  test: {
    // One test file per core, not Vitest's default of one fewer: the files spend much of their
    // time waiting on PostgreSQL, PGlite's start or jsdom, so on a two-core machine the default's
    // single worker left a core idle (integration 678 s with one worker, 491 s with two; unit
    // 192 s and 129 s).
    maxWorkers: availableParallelism(),
    projects: [
      {
        resolve: { alias: aliases },
        test: {
          name: 'unit',
          include: UNIT,
          // Without isolation (ADR 057): each file's fresh jsdom and imports were two thirds of
          // the project's time. Files that replace a module run in the isolated project below.
          exclude: REPLACING_MODULES,
          isolate: false,
          ...unitTest,
        },
      },
      {
        resolve: { alias: aliases },
        test: {
          name: 'unit-isolated',
          // vi.mock swaps a module for the file that asks; with a shared module graph the swap
          // would miss modules an earlier file already imported, or leak into the next file.
          include: REPLACING_MODULES.length > 0 ? REPLACING_MODULES : ['no-file-replaces-a-module'],
          ...unitTest,
        },
      },
      integration('pglite'),
      integration('postgres'),
      // CI's second runtime (Node 24, .ci/run): the engine's files above and the multi-instance
      // ones, on PostgreSQL. What a runtime changes is our server code's behaviour under the
      // booking, the data layer and the instances' coordination; the API's validation, FHIR and
      // webhooks are the same code paths, run once on Node 20 — all of it cost CI six minutes.
      integration('postgres', 'integration-postgres-core', [
        ...ON_PGLITE_TOO,
        'src/server/**/*.pg.test.ts',
      ]),
    ],
  },
});
