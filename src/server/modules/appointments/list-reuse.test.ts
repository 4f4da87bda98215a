// A page of the list is reused while its clinics' data versions stand (ADR 008). These tests
// change everything a page shows and expect the next page to show it at once, and show that a
// page is otherwise reused for at most READ_REUSE_MS, each read still audited.
import { beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Appointment } from '@contracts/appointments';
import { useScenario, useTestApp } from '../../test/test-app';
import { apiAs, type Api } from '../../test/api-client';
import { createAppointment } from '../../test/factories';
import { auditedRecords } from '../../test/audited-records';
import * as t from '../../db/schema';
import { READ_REUSE_MS } from '../../core/reuse';

const env = useTestApp({ now: '2026-11-23T12:00:00Z' });
const { s, staff } = useScenario(env);
let appointmentId: string;

beforeEach(async () => {
  const row = await createAppointment(
    env.db,
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
  await env.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.update(t.appointments).set({ notes }).where(eq(t.appointments.id, appointmentId));
  });
}

describe('reusing a page of the list', () => {
  it('shows each change to what the page shows at once', async () => {
    const db = env.db;
    await shown();

    await db
      .insert(t.appointmentEvents)
      .values({ appointmentId, type: 'PATIENT_JOINED', at: env.now(), byName: 'José Núñez' });
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
    const nurse = await apiAs(env.app, s.nurse.email);
    expect((await shown(nurse)).metadata.notes).toBeNull();
    env.advance(READ_REUSE_MS - 1);
    expect((await shown()).metadata.notes).toBeNull();
    env.advance(1);
    expect((await shown()).metadata.notes).toBe('unseen');
    const readers = (await auditedRecords(env.db)).map((r) => r.userId);
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
