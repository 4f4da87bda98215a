// Starts the built server for the browser tests on a brand-new embedded database, so every run
// begins from the same demo data.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dataDir = mkdtempSync(path.join(tmpdir(), 'carebook-e2e-'));
// E2E_FROM_SOURCE=1 runs the TypeScript server directly (no server build), so several people can
// run browser tests side by side with their own WEB_DIR builds.
const entry = process.env.E2E_FROM_SOURCE
  ? ['--import', 'tsx', 'src/server/main.ts']
  : ['dist/server/main.js'];
const server = spawn(process.execPath, entry, {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    SEED_DEMO: 'always',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    // Every journey signs in through the form from one address.
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
    // The outside-calendar journey serves its iCalendar file from the test, over loopback,
    // which the URL guard refuses unless told (as the integration tests tell it).
    OUTSIDE_CALENDAR_ALLOW_PRIVATE: 'true',
    // The push journey waits for its appointment to reach Radicale: look every second.
    OUTSIDE_CALENDAR_PUSH_POLL_MS: '1000',
  },
});
const stop = () => server.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
