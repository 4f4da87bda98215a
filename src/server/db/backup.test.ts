import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, inject } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type DbHandle } from './client';
import * as t from './schema';
import { clinicScenario } from '../test/scenario';
import { createAppointment } from '../test/factories';
import {
  backupEmbedded,
  backupPostgres,
  restoreEmbedded,
  restorePostgres,
  writeLock,
  removeLock,
} from './backup';
import { createTestDatabase } from '../test/test-db';
import { testDbKind } from '../test/db-kind';
import { withScratchDatabase } from '../test/scratch-database';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'carebook-backup-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A clinic with forty appointments, each with a two-entry history. */
async function addHistory(db: DbHandle) {
  const s = await clinicScenario(db.db);
  for (let i = 0; i < 40; i++) {
    const appt = await createAppointment(
      db.db,
      { clinicId: s.clinic.id, patientId: s.patient.id, staffId: s.provider.id },
      { start: new Date(Date.UTC(2026, 11, 1, 14) + i * 3_600_000) },
    );
    await db.db.insert(t.appointmentEvents).values([
      { appointmentId: appt.id, type: 'BOOKED', byName: 'Sam Ortiz' },
      {
        appointmentId: appt.id,
        type: 'RESCHEDULE',
        fromValue: 'a',
        toValue: 'b',
        byName: 'Sam Ortiz',
      },
    ]);
  }
}

async function contents(db: DbHandle) {
  const [row] = await queryRows<Record<string, string>>(
    db.db,
    sql`select
      (select count(*) from appointments)::int as appointments,
      (select count(*) from appointment_events)::int as events,
      (select md5(string_agg(id::text || status || start_at::text, ',' order by id)) from appointments) as appointment_sum,
      (select md5(string_agg(appointment_id::text || type || at::text, ',' order by id)) from appointment_events) as event_sum`,
  );
  return row;
}

describe(`backups (${testDbKind()})`, () => {
  it('restores into an empty database with every appointment and history entry', async () => {
    if (testDbKind() === 'pglite') {
      // Start from the run's migrated template (itself a backup archive) rather than initdb.
      const source = tempDir();
      await restoreEmbedded(source, inject('pgliteTemplatePath'));
      const original = await openDatabase({ dataDir: path.join(source, 'pglite') });
      await addHistory(original);
      const expected = await contents(original);
      await original.close();
      const archive = path.join(tempDir(), 'backup.tar.gz');
      await backupEmbedded(source, archive);

      const target = tempDir();
      await restoreEmbedded(target, archive);
      const restored = await openDatabase({ dataDir: path.join(target, 'pglite') });
      expect(await contents(restored)).toEqual(expected);
      expect(Number(expected!.appointments)).toBe(41);
      await restored.close();
      await expect(restoreEmbedded(target, archive)).rejects.toThrow(/not empty/);
    } else {
      const source = await createTestDatabase();
      await addHistory(source.handle);
      const expected = await contents(source.handle);
      const file = path.join(tempDir(), 'backup.dump');
      await backupPostgres(source.handle.url!, file);
      await source.destroy();

      await withScratchDatabase('restore', async (url) => {
        await restorePostgres(url, file);
        const restored = await openDatabase({ url });
        expect(await contents(restored)).toEqual(expected);
        await restored.close();
      });
    }
  }, 120_000);

  it('refuses to back up an embedded database a running server holds', async () => {
    const root = tempDir();
    writeLock(root);
    // Our own pid is allowed (the server checks itself); pretend another live process holds it.
    const { writeFileSync } = await import('node:fs');
    writeFileSync(path.join(root, 'carebook.pid'), String(process.ppid));
    await expect(backupEmbedded(root, path.join(root, 'x.tar.gz'))).rejects.toThrow(
      /Stop it first/,
    );
    removeLock(root);
  });
});
