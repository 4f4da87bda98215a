import {
  copyFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { queryRows, type Database } from '../../db/client';
import { useTestApp } from '../../test/test-app';
import { createSignInUser } from '../../test/auth-helpers';
import { createClinic, createPatient } from '../../test/factories';
import { recordReadAudit } from './audit-trail';
import { openReadAuditSpool, parseSpool, startReadAuditSpooling } from './read-audit-spool';
import type { ReadGroup } from './audit-entry';

// The spool that keeps read audit rows on an instance's disk while no primary takes them
// (ADR 063). The replica test (replica-reads.pg.test.ts) runs it across a stopped primary; here
// its file handling: what is on disk, a torn last line, a file written twice.
const env = useTestApp();

let dir: string;
let world: Awaited<ReturnType<typeof spoolWorld>>;

async function spoolWorld() {
  const clinic = await createClinic(env.db, { name: 'Spool Clinic' });
  const nurse = await createSignInUser(env.db, { role: 'nurse', clinicIds: [clinic.id] });
  const ann = await createPatient(env.db, clinic.id, { firstName: 'Ann', lastName: 'Spool' });
  const ben = await createPatient(env.db, clinic.id, { firstName: 'Ben', lastName: 'Spool' });
  return { clinic, nurse, ann, ben };
}

/** A read of both patients' records by the nurse, at a minute of its own. */
function readOfBoth(minute: number): ReadGroup {
  return {
    actor: { userId: world.nurse.id, ip: '203.0.113.9' },
    at: new Date(Date.UTC(2026, 10, 20, 9, minute)),
    entries: [world.ann, world.ben].map((p) => ({
      action: 'read' as const,
      entityType: 'patient' as const,
      entityId: p.id,
      patientId: p.id,
      details: { via: 'list' },
    })),
  };
}

/** The nurse's audit rows: when, from where, which records, and under which spool key. */
function nurseAudit() {
  return queryRows<{
    at: Date | string;
    ip: string;
    entity_ids: string[];
    spool_key: string | null;
  }>(
    env.db,
    sql`select at, ip, entity_ids, spool_key from audit_log
         where user_id = ${world.nurse.id} order by at`,
  );
}

beforeEach(async () => {
  world = await spoolWorld();
  dir = mkdtempSync(path.join(tmpdir(), 'carebook-audit-spool-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the read audit spool', () => {
  it('keeps rows on disk until drained, then writes each with its read’s time and caller, once', async () => {
    const spool = await openReadAuditSpool(dir);
    try {
      await spool.append([readOfBoth(1)]);
      await spool.append([readOfBoth(2)]);
      expect(spool.waiting).toBe(true);
      const lines = readFileSync(path.join(dir, 'pending.jsonl'), 'utf8').trim().split('\n');
      expect(lines).toHaveLength(2);
      expect(JSON.parse(lines[0]!)).toMatchObject({ actor: { userId: world.nurse.id } });

      // The instance dies after the rows went in but before the file was removed: a copy of the
      // file comes back, and the drain after the restart writes nothing twice.
      const copy = path.join(dir, 'copy');
      copyFileSync(path.join(dir, 'pending.jsonl'), copy);
      expect(await spool.drain(env.db)).toEqual({ groups: 2, rows: 2 });
      expect(spool.waiting).toBe(false);
      expect(readdirSync(dir).filter((f) => f.endsWith('.jsonl'))).toEqual([]);
      copyFileSync(copy, path.join(dir, 'draining-1-0.jsonl'));
      expect(await spool.drain(env.db)).toEqual({ groups: 2, rows: 0 });

      const rows = await nurseAudit();
      expect(
        rows.map((r) => [new Date(r.at).toISOString(), r.ip, [...r.entity_ids].sort()]),
      ).toEqual(
        [1, 2].map((m) => [
          `2026-11-20T09:0${m}:00.000Z`,
          '203.0.113.9',
          [world.ann.id, world.ben.id].sort(),
        ]),
      );
      expect(rows.every((r) => r.spool_key !== null)).toBe(true);
    } finally {
      await spool.close();
    }
  });

  it('leaves out a last line cut off by a crash (its read was never answered) and keeps the rest', () => {
    const whole = JSON.stringify({
      key: 'k1',
      at: '2026-11-20T09:00:00.000Z',
      actor: {},
      entries: [],
    });
    expect(parseSpool(`${whole}\n${whole.slice(0, 30)}`)).toHaveLength(1);
    expect(parseSpool(`${whole}\n${whole}\n`)).toHaveLength(2);
    expect(parseSpool('')).toEqual([]);
  });

  it('answers a read whose primary cannot be reached once its rows are on disk, and fails it without a spool', async () => {
    // A pool whose server refuses every connection: the driver's own "connection refused".
    const pool = new pg.Pool({
      connectionString: 'postgres://postgres@127.0.0.1:9/nowhere',
      connectionTimeoutMillis: 2_000,
    });
    const gone = drizzle(pool) as unknown as Database;
    const withoutSpool = drizzle(pool) as unknown as Database;
    const log = { info: () => {}, warn: () => {} };
    const spooling = await startReadAuditSpooling(gone, dir, log);
    try {
      const group = readOfBoth(3);
      await expect(recordReadAudit(gone, group.actor, group.entries, group.at)).resolves.toBe(
        undefined,
      );
      expect(spooling.spool.waiting).toBe(true);
      expect(parseSpool(readFileSync(path.join(dir, 'pending.jsonl'), 'utf8'))).toHaveLength(1);
      await expect(
        recordReadAudit(withoutSpool, group.actor, group.entries, group.at),
      ).rejects.toBeTruthy();

      // The primary is back (here: the test's database): the rows are written from the spool.
      expect(await spooling.spool.drain(env.db)).toEqual({ groups: 1, rows: 1 });
      expect((await nurseAudit()).map((r) => new Date(r.at).toISOString())).toEqual([
        '2026-11-20T09:03:00.000Z',
      ]);
    } finally {
      await spooling.stop();
      await pool.end();
    }
  });

  it('writes nothing to a directory another running instance holds', async () => {
    writeFileSync(path.join(dir, 'carebook.pid'), String(process.ppid));
    await expect(openReadAuditSpool(dir)).rejects.toThrow(/is using/);
  });
});
