import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { aliases } from './vite.aliases';

const integration = (db: 'pglite' | 'postgres') => ({
  resolve: { alias: aliases },
  test: {
    name: `integration-${db}`,
    // *.pg.test.ts need a real server (several connections, LISTEN/NOTIFY across instances);
    // *.embedded.test.ts test the embedded database itself, so they run once, beside PGlite.
    include: ['src/server/**/*.test.ts'],
    exclude:
      db === 'postgres' ? ['src/server/**/*.embedded.test.ts'] : ['src/server/**/*.pg.test.ts'],
    environment: 'node' as const,
    env: { CAREBOOK_TEST_DB: db },
    globalSetup: ['./src/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

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
          include: [
            'src/domain/**/*.test.ts',
            'src/contracts/**/*.test.ts',
            'src/web/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          setupFiles: ['./src/web/test/jest-dom.ts'],
        },
      },
      integration('pglite'),
      integration('postgres'),
    ],
  },
});
