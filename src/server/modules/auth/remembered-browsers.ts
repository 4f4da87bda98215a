import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { REMEMBER_BROWSER_DAYS, type RememberedBrowser } from '@contracts/two-step';
import type { Executor } from '../../db/client';
import { notFound } from '../../errors';
import type { AuthDeps } from './auth.service';
import * as repo from './two-step.repository';

/**
 * "Remember this browser" (ADR 046): a random token in a cookie sent only to the sign-in calls,
 * of which the database keeps the SHA-256 with its user and end, so the user can forget it. At a
 * password sign-in, a live one of the same user skips the second factor; nothing else does.
 */
export const REMEMBERED_COOKIE = 'carebook_remembered';
const COOKIE_PATH = '/api/auth';
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export function presentedRememberedToken(request: FastifyRequest): string | undefined {
  const value = request.cookies[REMEMBERED_COOKIE];
  return value !== undefined && TOKEN.test(value) ? value : undefined;
}

export function setRememberedCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  void reply.setCookie(REMEMBERED_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: COOKIE_PATH,
    maxAge: REMEMBER_BROWSER_DAYS * 86_400,
  });
}

/** Remembers the browser for the user; answers the token its cookie carries. */
export async function rememberBrowser(
  db: Executor,
  input: { userId: string; ip: string; userAgent: string | null; now: Date },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await repo.addRememberedBrowser(db, {
    userId: input.userId,
    tokenHash: hashOf(token),
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 400) ?? null,
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + REMEMBER_BROWSER_DAYS * 86_400_000),
  });
  return token;
}

/** Whether the browser's token is a live remembered browser of this user (marking it used). */
export async function isRememberedBrowser(
  db: Executor,
  userId: string,
  token: string | undefined,
  now: Date,
): Promise<boolean> {
  if (token === undefined) return false;
  return (await repo.useRememberedBrowser(db, userId, hashOf(token), now)) !== undefined;
}

export async function listRememberedBrowsers(
  deps: AuthDeps,
  userId: string,
  presented: string | undefined,
): Promise<RememberedBrowser[]> {
  const current = presented === undefined ? null : hashOf(presented);
  const rows = await repo.listRememberedBrowsers(deps.db.db, userId, deps.now());
  return rows.map((row) => ({
    id: row.id,
    userAgent: row.userAgent,
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    current: row.tokenHash === current,
  }));
}

export async function forgetRememberedBrowser(deps: AuthDeps, userId: string, id: string) {
  const n = await repo.revokeRememberedBrowsers(deps.db.db, userId, deps.now(), id);
  if (n === 0) throw notFound('This browser is not remembered (any more).');
}

/** Forgets every remembered browser of a user: after a new password, or the factor removed. */
export function forgetAllRememberedBrowsers(db: Executor, userId: string, now: Date) {
  return repo.revokeRememberedBrowsers(db, userId, now);
}
