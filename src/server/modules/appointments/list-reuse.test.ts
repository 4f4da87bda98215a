// A page of the list is reused while its clinics' data versions stand (ADR 008). These tests
// change everything a page shows and expect the next page to show it at once, and show that a
// page is otherwise reused for at most READ_REUSE_MS, each read still audited.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Appointment } from '@contracts/appointments';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { buildTestApp } from '../../test/test-app';
import { apiAs, type Api } from '../../test/api-client';
import { clinicScenario, type ClinicScenario } from '../../test/scenario';
import { createAppointment } from '../../test/factories';
import { auditedRecords } from '../../test/audited-records';
import * as t from '../../db/schema';
import type { App } from '../../app';
import { READ_REUSE_MS } from './reuse';

let testDb: TestDatabase;
let app: App;
let clock = new Date('2026-11-23T12:00:00Z');
let s: ClinicScenario;
let staff: Api;
let appointmentId: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildTestApp(testDb.handle, { now: () => clock });
});
afterAll(async () => {
  await app.close();
  await testDb.destroy();
});
beforeEach(async () => {
  await testDb.reset();
  clock = new Date('2026-11-23T12:00:00Z');
  s = await clinicScenario(testDb.handle.db);
  staff = await apiAs(app, s.staff.email);
  const row = await createAppointment(
    testDb.handle.db,
    { clinicId: s.clinic.id, patientId: s.patient.id, staffId: s.provider.id },
    { start: new Date('2026-11-25T15:00:00Z') },
  );
  appointmentId = row.id;
});

async function shown(api: Api = staff): Promise<Appointment> {
  const res = await api.get('/api/appointments/paginated');
  expect(res.statusCode, res.body).toBe(200);
  const [only, ...rest] = res.json().data as Appointment[];
  expect(rest).toEqual([]);
  return only!;
}

/**
 * A change no data version follows (its triggers are off): it stands for what the versions do not
 * follow, the passing of time, and shows whether a page was read again.
 */
async function unseenNotes(notes: string) {
  await testDb.handle.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.update(t.appointments).set({ notes }).where(eq(t.appointments.id, appointmentId));
  });
}

describe('reusing a page of the list', () => {
  it('shows each change to what the page shows at once', async () => {
    const db = testDb.handle.db;
    await shown();

    await db
      .insert(t.appointmentEvents)
      .values({ appointmentId, type: 'PATIENT_JOINED', at: clock, byName: 'José Núñez' });
    expect((await shown()).statusHistory.map((e) => e.type)).toEqual(['PATIENT_JOINED']);

    await db
      .update(t.patients)
      .set({ phone: '+1 555 0100' })
      .where(eq(t.patients.id, s.patient.id));
    expect((await shown()).patient.phone).toBe('+1 555 0100');

    await db
      .update(t.users)
      .set({ name: 'Dr. Priya Raman-Lee' })
      .where(eq(t.users.id, s.provider.id));
    expect((await shown()).staff.name).toBe('Dr. Priya Raman-Lee');

    await db.update(t.clinics).set({ slug: 'riverside-2' }).where(eq(t.clinics.id, s.clinic.id));
    expect((await shown()).patient.clinic).toBe('riverside-2');

    await db
      .update(t.appointments)
      .set({ notes: 'Bring the referral' })
      .where(eq(t.appointments.id, appointmentId));
    expect((await shown()).metadata.notes).toBe('Bring the referral');
  });

  it('reuses a page for at most READ_REUSE_MS, for every user of the clinic, each read audited', async () => {
    expect((await shown()).metadata.notes).toBeNull();
    await unseenNotes('unseen');
    const nurse = await apiAs(app, s.nurse.email);
    expect((await shown(nurse)).metadata.notes).toBeNull();
    clock = new Date(clock.getTime() + READ_REUSE_MS - 1);
    expect((await shown()).metadata.notes).toBeNull();
    clock = new Date(clock.getTime() + 1);
    expect((await shown()).metadata.notes).toBe('unseen');
    const readers = (await auditedRecords(testDb.handle.db)).map((r) => r.userId);
    expect(readers).toEqual([s.staff.id, s.nurse.id, s.staff.id, s.staff.id]);
  });

  it('reads a patient filter afresh every time', async () => {
    const search = async () =>
      (
        (await staff.get('/api/appointments/paginated?search=nunez')).json().data as Appointment[]
      ).map((a) => a.metadata.notes);
    expect(await search()).toEqual([null]);
    await unseenNotes('seen');
    expect(await search()).toEqual(['seen']);
  });
});
