import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Database, Executor } from '../db/client';
import * as t from '../db/schema';
import { unprocessable } from '../errors';
import type { RequestContext } from './request-context';

/**
 * Whose key it is: a key names one request of one owner. Staff are users; callers who are not
 * (a patient by their visit link, an API client) get a kind of their own with their first
 * endpoint, with no schema change: the table keeps the owner as `kind:id`.
 */
export interface IdempotencyOwner {
  kind: 'user' | 'api-token';
  id: string;
}

/** The owner of a request's keys: the staff user, or the integration token that calls. */
export function idempotencyOwnerOf(ctx: RequestContext): IdempotencyOwner {
  return ctx.apiToken
    ? { kind: 'api-token', id: ctx.apiToken.id }
    : { kind: 'user', id: ctx.user.id };
}

/** What an endpoint answered: sent again, as it was, to a retry with the same key. */
export interface Answer<T> {
  status: number;
  body: T;
}

export interface IdempotentAnswer<T> extends Answer<T> {
  /** The stored answer of an earlier request with the same key: nothing was done this time. */
  replayed: boolean;
}

/**
 * Stores the answer under the request's key inside the transaction that makes the change, so
 * that after a crash both are there or neither. Does nothing for a request without a key.
 */
export type RememberAnswer = (tx: Executor, answer: Answer<unknown>) => Promise<void>;

export const KEY_REUSED = 'This Idempotency-Key was already used for a different request.';

/**
 * Runs a request at most once per Idempotency-Key. Without a key it simply runs. With a key
 * already stored, the stored answer is replayed, or refused with a 422 when the request differs
 * (`fingerprint`: what identifies the request, usually its body). Otherwise `perform` runs and
 * must call `remember` in its transaction. A retry that races the first request meets the
 * primary key (owner, key) there and fails; once the first has committed, its answer is the
 * retry's answer, not that failure.
 */
export async function idempotent<T>(
  db: Database,
  request: { owner: IdempotencyOwner; key: string | undefined; fingerprint: unknown },
  perform: (remember: RememberAnswer) => Promise<Answer<T>>,
): Promise<IdempotentAnswer<T>> {
  const { key } = request;
  if (!key) return { ...(await perform(async () => {})), replayed: false };
  const owner = `${request.owner.kind}:${request.owner.id}`;
  const requestHash = createHash('sha256')
    .update(JSON.stringify(request.fingerprint))
    .digest('hex');
  const earlier = await replay<T>(db, owner, key, requestHash);
  if (earlier) return earlier;
  try {
    const answer = await perform(async (tx, { status, body }) => {
      await tx
        .insert(t.idempotencyKeys)
        .values({ owner, key, requestHash, statusCode: status, body });
    });
    return { ...answer, replayed: false };
  } catch (err) {
    const raced = await replay<T>(db, owner, key, requestHash);
    if (raced) return raced;
    throw err;
  }
}

async function replay<T>(
  db: Database,
  owner: string,
  key: string,
  requestHash: string,
): Promise<IdempotentAnswer<T> | null> {
  const [stored] = await db
    .select()
    .from(t.idempotencyKeys)
    .where(and(eq(t.idempotencyKeys.owner, owner), eq(t.idempotencyKeys.key, key)))
    .limit(1);
  if (!stored) return null;
  if (stored.requestHash !== requestHash) throw unprocessable(KEY_REUSED);
  // The stored answer may have been committed on the primary alone (its COMMIT stopped waiting
  // for the synchronous standby, and the first request was answered 503): a commit of our own,
  // which waits for the standby to have everything before it, says it is safe to give (ADR 063).
  // It must write (a commit that wrote nothing does not wait): the stored row, unchanged.
  await db.transaction(async (tx) => {
    await tx
      .update(t.idempotencyKeys)
      .set({ statusCode: sql`${t.idempotencyKeys.statusCode}` })
      .where(and(eq(t.idempotencyKeys.owner, owner), eq(t.idempotencyKeys.key, key)));
  });
  return { status: stored.statusCode, body: stored.body as T, replayed: true };
}

/** Sends an idempotent answer; a replay says so in `Idempotent-Replayed: true`. */
export function sendIdempotent(reply: FastifyReply, answer: IdempotentAnswer<unknown>) {
  if (answer.replayed) void reply.header('idempotent-replayed', 'true');
  return reply.status(answer.status).send(answer.body);
}
