import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as t from '../db/schema';
import { HttpError } from '../errors';
import { createClinic, createUser } from '../test/factories';
import { idempotent, KEY_REUSED, type IdempotencyOwner } from './idempotency';
import { useTestDatabase } from '../test/test-app';

// The piece on its own, with a stand-in POST that adds a clinic: what the appointment tests
// show for booking holds for any change made this way.

const testDb = useTestDatabase();
let owner: IdempotencyOwner;
beforeEach(async () => {
  owner = { kind: 'user', id: (await createUser(testDb.handle.db)).id };
});

const clinics = async () => {
  const [row] = await testDb.handle.db.select({ n: sql<number>`count(*)::int` }).from(t.clinics);
  return row!.n;
};

/** Adds a clinic named `name` and answers 201 with it, remembering the answer as it commits. */
const addClinic = (key: string | undefined, name: string, as = owner) =>
  idempotent(testDb.handle.db, { owner: as, key, fingerprint: { name } }, (remember) =>
    testDb.handle.db.transaction(async (tx) => {
      const clinic = await createClinic(tx, { name });
      const answer = { status: 201, body: { id: clinic.id, name } };
      await remember(tx, answer);
      return answer;
    }),
  );

describe('idempotent', () => {
  it('runs a request without a key every time', async () => {
    const first = await addClinic(undefined, 'Northside Clinic');
    const again = await addClinic(undefined, 'Northside Clinic');
    expect(first.replayed || again.replayed).toBe(false);
    expect(again.body.id).not.toBe(first.body.id);
    expect(await clinics()).toBe(2);
  });

  it('answers a retry with the stored status and body, and does nothing again', async () => {
    const first = await addClinic('k-1', 'Northside Clinic');
    const again = await addClinic('k-1', 'Northside Clinic');
    expect(first).toMatchObject({ status: 201, replayed: false });
    expect(again).toEqual({ ...first, replayed: true });
    expect(await clinics()).toBe(1);
  });

  it('refuses the same key for a different request with a 422, and does nothing', async () => {
    await addClinic('k-1', 'Northside Clinic');
    const refusal = await addClinic('k-1', 'Southside Clinic').catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(HttpError);
    expect(refusal).toMatchObject({ statusCode: 422, message: KEY_REUSED });
    expect(await clinics()).toBe(1);
  });

  it('keeps each owner’s keys apart', async () => {
    const other: IdempotencyOwner = { kind: 'user', id: (await createUser(testDb.handle.db)).id };
    const mine = await addClinic('k-1', 'Northside Clinic');
    const theirs = await addClinic('k-1', 'Southside Clinic', other);
    expect(theirs).toMatchObject({ replayed: false, body: { name: 'Southside Clinic' } });
    expect(theirs.body.id).not.toBe(mine.body.id);
  });

  it('lets concurrent retries of one key make one change, and gives them all its answer', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => addClinic('k-race', 'Northside Clinic')),
    );
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    expect(await clinics()).toBe(1);
  });

  it('keeps nothing of a request that failed, so its retry runs', async () => {
    const failing = idempotent(
      testDb.handle.db,
      { owner, key: 'k-1', fingerprint: { name: 'Northside Clinic' } },
      () => Promise.reject(new Error('the database went away')),
    );
    await expect(failing).rejects.toThrow('the database went away');
    expect(await addClinic('k-1', 'Northside Clinic')).toMatchObject({ replayed: false });
  });
});
