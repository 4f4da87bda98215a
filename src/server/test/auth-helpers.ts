import { randomBytes } from 'node:crypto';
import type { App } from '../app';
import * as t from '../db/schema';
import { sessionIdOf } from '../modules/auth';
import type { Executor } from '../db/client';
import { hash } from '@node-rs/argon2';
import { createUser } from './factories';

export const TEST_PASSWORD = 'correct horse battery';
let cachedHash: Promise<string> | undefined;
/**
 * One argon2id hash for every test user, at the algorithm's lowest cost (1 pass over 64 KiB).
 * Sign-in verifies a hash at the cost written in it: at the app's own cost (19 MiB, 2 passes) each
 * of the suite's thousand-odd sign-ins took about 60 ms of CPU. Hashes the app makes (new staff,
 * changed passwords, demo data) keep the app's cost, and their tests sign in with them.
 */
export const testPasswordHash = () =>
  (cachedHash ??= hash(TEST_PASSWORD, {
    algorithm: 2 /* Argon2id */,
    memoryCost: 64,
    timeCost: 1,
    parallelism: 1,
  }));

export async function createSignInUser(
  db: Executor,
  overrides: Parameters<typeof createUser>[1] = {},
) {
  return createUser(db, { passwordHash: await testPasswordHash(), ...overrides });
}

/** A sign-in through the API from the given address, with its answer as it is. */
export const signInFrom = (app: App, email: string, password: string, ip: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: ip,
  });

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

/**
 * A session written straight into the database, the way sign-in writes it: for tests that send
 * many requests, some of which (sign-out, password changes) end the session they came with.
 */
export async function sessionCookieFor(
  db: Executor,
  userId: string,
  now = new Date(),
  /** A session part-way through signing in says so, and lives as long as sign-in lets it. */
  session: { lifetimeMs?: number } & Partial<typeof t.sessions.$inferInsert> = {},
): Promise<string> {
  const { lifetimeMs = 3_600_000, ...values } = session;
  const token = randomBytes(32).toString('base64url');
  await db.insert(t.sessions).values({
    id: sessionIdOf(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + lifetimeMs),
    ...values,
  });
  return `carebook_session=${token}`;
}
