import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordRefusal } from '../security/password-policy';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'carebook-user-create-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** The CLI as an operator runs it, on an embedded database of its own. */
async function userCreate(...args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/server/cli/user-create.ts', ...args],
      {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      },
    );
    return { code: 0, stdout, stderr };
  } catch (err) {
    const failed = err as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run user:create', () => {
  it('refuses a common password before touching the database', async () => {
    const res = await userCreate('--email', 'ops@clinic.example', '--password', '1234567890');
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('--password: This password is too common.');
  });

  it('generates a password the policy accepts and prints it once', async () => {
    const res = await userCreate('--email', 'ops@clinic.example', '--name', 'Olive Ops');
    expect(res.code, res.stderr).toBe(0);
    const password = /Password \(shown once\): (\S+)/.exec(res.stdout)?.[1];
    expect(password).toBeDefined();
    expect(
      passwordRefusal(password!, { email: 'ops@clinic.example', name: 'Olive Ops' }),
    ).toBeNull();
  }, 60_000);
});
