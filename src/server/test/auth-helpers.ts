import type { App } from '../app';
import type { Executor } from '../db/client';
import { hashPassword } from '../modules/auth/password';
import { createUser } from './factories';

export const TEST_PASSWORD = 'correct horse battery';
let cachedHash: Promise<string> | undefined;
/** One argon2 hash for every test user: hashing costs ~60 ms a time. */
export const testPasswordHash = () => (cachedHash ??= hashPassword(TEST_PASSWORD));

export async function createSignInUser(
  db: Executor,
  overrides: Parameters<typeof createUser>[1] = {},
) {
  return createUser(db, { passwordHash: await testPasswordHash(), ...overrides });
}

/** Signs in through the API and returns the Cookie header value to send with later requests. */
export async function signIn(app: App, email: string, password = TEST_PASSWORD): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'carebook_session');
  if (!cookie) throw new Error('no session cookie');
  return `carebook_session=${cookie.value}`;
}
