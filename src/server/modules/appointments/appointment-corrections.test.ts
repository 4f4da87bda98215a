import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { NOTES_MAX } from '@contracts/appointments';
import { useScenario, useTestApp } from '../../test/test-app';
import { createAppointment } from '../../test/factories';
import * as t from '../../db/schema';

const MONDAY_NOON = new Date('2026-11-23T12:00:00Z');
const env = useTestApp({ now: MONDAY_NOON });
const { s, staff, nurse, signInAgain } = useScenario(env, 'nurse');

const pastVisit = (
  overrides: Partial<typeof t.appointments.$inferInsert> & { start?: Date } = {},
) =>
  createAppointment(
    env.db,
    { clinicId: s.clinic.id, patientId: s.patient.id, staffId: s.provider.id },
    { start: new Date('2026-11-23T11:00:00Z'), ...overrides },
  );

const stored = async (id: string) => {
  const [row] = await env.db.select().from(t.appointments).where(eq(t.appointments.id, id));
  return row!;
};

const auditRows = (action: string) =>
  env.db.select().from(t.auditLog).where(eq(t.auditLog.action, action));

const eventCount = async () => {
  const [row] = await env.db.select({ n: sql<number>`count(*)::int` }).from(t.appointmentEvents);
  return row!.n;
};

describe('PATCH /api/appointments/:id/notes', () => {
  it('replaces the trimmed notes, with a history entry naming who and an audit row', async () => {
    const visit = await pastVisit({ notes: 'Bring referral letter' });
    const res = await nurse.patch(`/api/appointments/${visit.id}/notes`, {
      notes: '  Referral received; fasting bloods first  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().metadata.notes).toBe('Referral received; fasting bloods first');
    expect(res.json().statusHistory.at(-1)).toMatchObject({
      type: 'NOTES_EDITED',
      by: s.nurse.name,
      from: null,
      to: null,
    });
    expect((await stored(visit.id)).notes).toBe('Referral received; fasting bloods first');
    const [audit] = await auditRows('notes');
    expect(audit).toMatchObject({ userId: s.nurse.id, entityId: visit.id });
  });

  it('clears the notes with an empty text or null, and refuses a change that changes nothing', async () => {
    const visit = await pastVisit({ notes: 'Old' });
    expect(
      (await staff.patch(`/api/appointments/${visit.id}/notes`, { notes: '   ' })).json(),
    ).toMatchObject({ metadata: { notes: null } });
    const again = await staff.patch(`/api/appointments/${visit.id}/notes`, { notes: null });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  });

  it.each([
    ['too long', { notes: 'x'.repeat(NOTES_MAX + 1) }, 400],
    ['a NUL byte', { notes: 'a\u0000b' }, 400],
    ['no notes field', {}, 400],
    ['a number', { notes: 42 }, 400],
  ])('refuses %s with a 4xx and changes nothing', async (_, body, status) => {
    const visit = await pastVisit({ notes: 'Keep me' });
    const before = await eventCount();
    const res = await staff.patch(`/api/appointments/${visit.id}/notes`, body);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    expect((await stored(visit.id)).notes).toBe('Keep me');
    expect(await eventCount()).toBe(before);
  });

  it('takes notes of exactly the longest length', async () => {
    const visit = await pastVisit();
    const res = await staff.patch(`/api/appointments/${visit.id}/notes`, {
      notes: 'n'.repeat(NOTES_MAX),
    });
    expect(res.statusCode).toBe(200);
  });

  it("answers 404 for another clinic's appointment and leaves it alone", async () => {
    const res = await staff.patch(`/api/appointments/${s.foreignAppointment.id}/notes`, {
      notes: 'mine now',
    });
    expect(res.statusCode).toBe(404);
    expect((await stored(s.foreignAppointment.id)).notes).toBeNull();
  });
});

describe('PATCH /api/appointments/:id/status', () => {
  it('undoes a mark: back to the status before it, with the correction in the history', async () => {
    const visit = await pastVisit({ status: 'CONFIRMED' });
    await env.db
      .insert(t.appointmentEvents)
      .values({ appointmentId: visit.id, type: 'CONFIRMED', at: new Date('2026-11-22T10:00:00Z') });
    expect((await staff.post(`/api/appointments/${visit.id}?action=completed`)).statusCode).toBe(
      200,
    );
    env.setNow(new Date(MONDAY_NOON.getTime() + 60_000));
    const res = await staff.patch(`/api/appointments/${visit.id}/status`, { status: 'UNMARKED' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().metadata.status).toBe('CONFIRMED');
    expect(res.json().statusHistory.at(-1)).toMatchObject({
      type: 'STATUS_CORRECTED',
      from: 'COMPLETED',
      to: 'CONFIRMED',
      by: s.staff.name,
    });
    // Back in Pending, it can be marked again.
    expect((await staff.post(`/api/appointments/${visit.id}?action=no_show`)).statusCode).toBe(200);
    const [audit] = await auditRows('correct');
    expect(audit).toMatchObject({
      userId: s.staff.id,
      entityId: visit.id,
      details: { from: 'COMPLETED', to: 'CONFIRMED' },
    });
  });

  it('corrects one outcome to another at any time, but to not marked only within a day', async () => {
    const visit = await pastVisit();
    await staff.post(`/api/appointments/${visit.id}?action=no_show`);
    env.setNow(new Date(MONDAY_NOON.getTime() + 25 * 3_600_000));
    await signInAgain(); // a day idle ends the session
    const late = await staff.patch(`/api/appointments/${visit.id}/status`, { status: 'UNMARKED' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/only for a day after it was marked/);
    expect((await stored(visit.id)).status).toBe('NO_SHOW');

    const res = await staff.patch(`/api/appointments/${visit.id}/status`, { status: 'COMPLETED' });
    expect(res.statusCode).toBe(200);
    expect(res.json().metadata.status).toBe('COMPLETED');
    expect(res.json().statusHistory.at(-1)).toMatchObject({
      type: 'STATUS_CORRECTED',
      from: 'NO_SHOW',
      to: 'COMPLETED',
    });
  });

  it('refuses to correct a visit that is not marked or to its own status, changing nothing', async () => {
    const open = await pastVisit();
    const cancelled = await pastVisit({
      status: 'CANCELLED',
      start: new Date('2026-11-23T09:00:00Z'),
    });
    const done = await pastVisit({ status: 'COMPLETED', start: new Date('2026-11-23T08:00:00Z') });
    const before = await eventCount();
    for (const [id, status] of [
      [open.id, 'COMPLETED'],
      [cancelled.id, 'COMPLETED'],
      [done.id, 'COMPLETED'],
      [done.id, 'UNMARKED'], // marked without a recorded time: the day cannot be told
    ] as const) {
      const res = await staff.patch(`/api/appointments/${id}/status`, { status });
      expect(res.statusCode, `${id} ${status}`).toBe(409);
    }
    expect(await eventCount()).toBe(before);
  });

  it('refuses a disqualified visit a second Mark as, and corrects it instead', async () => {
    const visit = await pastVisit({ status: 'DISQUALIFIED' });
    expect((await staff.post(`/api/appointments/${visit.id}?action=completed`)).statusCode).toBe(
      409,
    );
    const res = await staff.patch(`/api/appointments/${visit.id}/status`, { status: 'COMPLETED' });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['an unknown status', { status: 'CANCELLED' }],
    ['lower case', { status: 'completed' }],
    ['no body', undefined],
  ])('refuses %s with a 400 in the error shape', async (_, body) => {
    const visit = await pastVisit({ status: 'COMPLETED' });
    const res = await staff.patch(`/api/appointments/${visit.id}/status`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    expect((await stored(visit.id)).status).toBe('COMPLETED');
  });

  it("answers 404 for another clinic's appointment", async () => {
    await env.db
      .update(t.appointments)
      .set({ status: 'COMPLETED' })
      .where(eq(t.appointments.id, s.foreignAppointment.id));
    const res = await staff.patch(`/api/appointments/${s.foreignAppointment.id}/status`, {
      status: 'NO_SHOW',
    });
    expect(res.statusCode).toBe(404);
  });
});
