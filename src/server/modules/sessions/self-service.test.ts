import { describe, expect, it } from 'vitest';
import { and, asc, eq, ne, type AnyColumn, type SQL } from 'drizzle-orm';
import ical from 'node-ical';
import { NOT_A_VALID_LINK } from '@contracts/session';
import { buildTestApp, useScenario, useTestApp } from '../../test/test-app';
import { bookThroughApi, createBody } from '../../test/scenario';
import * as t from '../../db/schema';
import { patientCancel, patientMove } from '../../test/visit-link';
import { lineProblems, readCalendar } from '../../test/calendar-readers';

// The patient's own changes from their link (ADR 016), through the real app and
// database: the clinic's policy, the cut-off, the move limit, the same booking rules and
// constraint as staff's, the history and messages, and a link that lasts.

const env = useTestApp({ now: '2026-11-23T12:00:00Z' });
const { s, staff, admin, makeAgain } = useScenario(env, 'admin');
const START = '2026-11-25T15:00:00.000Z'; // 10:00 in New York, 51 hours ahead
const LATER = '2026-11-25T18:00:00.000Z';
const HOUR = 3_600_000;

const booked = (start = START) => bookThroughApi(staff, s, start);
const page = (token: string) =>
  env.app.inject({ method: 'GET', url: `/api/session?token=${encodeURIComponent(token)}` });
const slots = (token: string, from: string, to: string, timezone?: string) =>
  env.app.inject({
    method: 'GET',
    url: `/api/session/slots?token=${encodeURIComponent(token)}&from=${from}&to=${to}${timezone ? `&timezone=${encodeURIComponent(timezone)}` : ''}`,
  });
const move = (token: string, start: string) => patientMove(env.app, token, start);
const cancel = (token: string, reason?: string) => patientCancel(env.app, token, reason);
async function setPolicy(selfService: Record<string, unknown>) {
  const current = (await admin.get(`/api/admin/clinics/${s.clinic.slug}/policy`)).json();
  const res = await admin.put(`/api/admin/clinics/${s.clinic.slug}/policy`, {
    reminders: current.policy.reminders,
    selfService: { ...current.policy.selfService, ...selfService },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const history = (id: string) =>
  env.db
    .select()
    .from(t.appointmentEvents)
    .where(eq(t.appointmentEvents.appointmentId, id))
    .orderBy(asc(t.appointmentEvents.id));
/** The appointment's outbox rows of the kinds `which` keeps, in `order`. */
const outboxOf = (id: string, which: SQL, order: AnyColumn) =>
  env.db
    .select()
    .from(t.outbox)
    .where(and(eq(t.outbox.appointmentId, id), which))
    .orderBy(asc(order));
const messages = (id: string) =>
  outboxOf(id, ne(t.outbox.kind, 'appointment.reminder'), t.outbox.id);
const reminders = (id: string) =>
  outboxOf(id, eq(t.outbox.kind, 'appointment.reminder'), t.outbox.dueAt);

describe('the clinic’s self-service policy', () => {
  it('starts open, a day’s cut-off, two moves, no phone; admins change it, and bad values are a 400', async () => {
    const res = await admin.get(`/api/admin/clinics/${s.clinic.slug}/policy`);
    expect(res.json().policy.selfService).toEqual({
      allowReschedule: true,
      allowCancel: true,
      cutoffHours: 24,
      maxReschedules: 2,
      phone: null,
    });
    const saved = await setPolicy({ cutoffHours: 48, phone: '(555) 010-2030' });
    expect(saved.policy.selfService).toMatchObject({ cutoffHours: 48, phone: '(555) 010-2030' });
    // A client that knows only the reminders keeps the self-service rules as they are.
    await admin.put(`/api/admin/clinics/${s.clinic.slug}/policy`, {
      reminders: { offsetsMinutes: [60] },
    });
    const again = (await admin.get(`/api/admin/clinics/${s.clinic.slug}/policy`)).json();
    expect(again.policy.selfService.cutoffHours).toBe(48);
    for (const bad of [
      { cutoffHours: -1 },
      { cutoffHours: 721 },
      { maxReschedules: 1.5 },
      { phone: 'call us' },
    ]) {
      const res = await admin.put(`/api/admin/clinics/${s.clinic.slug}/policy`, {
        reminders: { offsetsMinutes: [60] },
        selfService: { ...again.policy.selfService, ...bad },
      });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    expect((await staff.get(`/api/admin/clinics/${s.clinic.slug}/policy`)).statusCode).toBe(403);
  });

  it('the page says what the patient may do, and how to reach the clinic', async () => {
    const appt = await booked();
    // Nothing given yet, online booking off: nothing to call, nowhere to book.
    expect((await page(appt.token)).json().reach).toEqual({
      phone: null,
      address: null,
      bookOnlinePath: null,
    });
    await setPolicy({ phone: '(555) 010-2030' });
    await env.db
      .update(t.clinics)
      .set({ address: '118 Riverside Drive\nNew York, NY 10024', onlineBookingEnabled: true })
      .where(eq(t.clinics.id, s.clinic.id));
    // Switched on without a provider to book, the page would only say so: not offered yet.
    expect((await page(appt.token)).json().reach.bookOnlinePath).toBeNull();
    await env.db
      .update(t.clinics)
      .set({ onlineBookingAgentIds: [s.provider.id] })
      .where(eq(t.clinics.id, s.clinic.id));
    expect((await page(appt.token)).json()).toMatchObject({
      reach: {
        phone: '(555) 010-2030',
        address: '118 Riverside Drive\nNew York, NY 10024',
        bookOnlinePath: `/book-online/${s.clinic.slug}`,
      },
      cancellation: null,
      selfService: {
        reschedule: { allowed: true, refusal: null },
        cancel: { allowed: true, refusal: null },
        closed: null,
        cutoffAt: '2026-11-24T15:00:00.000Z',
      },
    });
  });

  it('forbids moves and cancellations each on its own switch', async () => {
    const appt = await booked();
    await setPolicy({ allowReschedule: false });
    const refused = await move(appt.token, LATER);
    expect(refused.statusCode).toBe(409);
    // A clinic that gave no number is not one to call.
    expect(refused.json().message).toBe(
      'Your clinic does not take online changes. To have your appointment moved, please contact the clinic.',
    );
    await setPolicy({ phone: '(555) 010-2030' });
    expect((await move(appt.token, LATER)).json().message).toBe(
      'Your clinic does not take online changes. To have your appointment moved, please call the clinic.',
    );
    expect((await page(appt.token)).json().selfService.reschedule.refusal).toBe(
      'Your clinic does not take online changes. To have your appointment moved, please call the clinic.',
    );
    expect((await slots(appt.token, '2026-11-25', '2026-11-26')).statusCode).toBe(409);
    await setPolicy({ allowReschedule: true, allowCancel: false });
    expect((await page(appt.token)).json().selfService.cancel.allowed).toBe(false);
    expect((await cancel(appt.token)).statusCode).toBe(409);
    expect((await move(appt.token, LATER)).statusCode).toBe(200);
  });
});

describe('moving a visit from the link', () => {
  it('offers the same provider’s free times in the patient’s zone, not the current time, two weeks at most', async () => {
    const appt = await booked();
    // Another patient holds 11:00 New York with the same provider.
    await staff.post('/api/appointments', {
      ...createBody(s, '2026-11-25T16:00:00.000Z'),
      patient: { ...createBody(s, START).patient, id: s.otherPatient.id },
    });
    const res = await slots(appt.token, '2026-11-25', '2026-11-25', 'Europe/Berlin');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { timezone: string; slots: Array<{ start: string; end: string }> };
    expect(body.timezone).toBe('Europe/Berlin');
    const starts = body.slots.map((slot) => slot.start);
    expect(starts).not.toContain(START);
    expect(starts).not.toContain('2026-11-25T16:00:00.000Z');
    expect(starts).toContain('2026-11-25T15:30:00.000Z');
    // Berlin's 25 November ends at 23:00 UTC; the provider works until 18:00 New York (23:00 UTC).
    expect(starts.at(-1)).toBe('2026-11-25T22:30:00.000Z');
    expect(body.slots[0]).toEqual({ start: body.slots[0]!.start, end: expect.any(String) });
    expect(res.body).not.toContain(s.provider.email);

    expect((await slots(appt.token, '2026-11-25', '2026-12-09')).statusCode).toBe(400);
    expect((await slots(appt.token, '2026-11-26', '2026-11-25')).statusCode).toBe(400);
    expect((await slots(appt.token, 'soon', '2026-11-25')).statusCode).toBe(400);
    expect((await slots('A'.repeat(32), '2026-11-25', '2026-11-25')).statusCode).toBe(404);
  });

  it('moves the visit as "Patient": same link, history, messages, audit and reminders follow', async () => {
    const appt = await booked();
    const before = await reminders(appt._id);
    const res = await move(appt.token, LATER);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ start: LATER, status: 'BOOKED' });
    // The link in the first message still leads to the visit, at its new time.
    expect((await page(appt.token)).json().start).toBe(LATER);
    const events = await history(appt._id);
    expect(events.at(-1)).toMatchObject({
      type: 'RESCHEDULE',
      fromValue: START,
      toValue: LATER,
      byName: 'Patient',
      byUserId: null,
    });
    const details = (await staff.get(`/api/appointments/${appt._id}`)).json();
    expect(details.statusHistory.at(-1)).toMatchObject({ type: 'RESCHEDULE', by: 'Patient' });
    const sent = await messages(appt._id);
    expect(sent.map((m) => m.kind)).toEqual(['appointment.booked', 'appointment.rescheduled']);
    expect((sent[1]!.recipients as Array<{ email: string }>).map((r) => r.email)).toEqual([
      s.patient.email,
      s.provider.email,
    ]);
    const [audit] = await env.db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.entityId, appt._id), eq(t.auditLog.action, 'reschedule')));
    expect(audit).toMatchObject({ userId: null, ip: '203.0.113.9', details: { by: 'patient' } });
    // The reminders were planned again for the new time.
    const after = await reminders(appt._id);
    expect(after.map((r) => r.dueAt!.getTime() - new Date(LATER).getTime())).toEqual(
      before.map((r) => r.dueAt!.getTime() - new Date(START).getTime()),
    );
  });

  it('allows the clinic’s number of moves, then says to call', async () => {
    const appt = await booked();
    expect((await move(appt.token, LATER)).statusCode).toBe(200);
    expect((await move(appt.token, '2026-11-25T19:00:00.000Z')).statusCode).toBe(200);
    const third = await move(appt.token, '2026-11-25T20:00:00.000Z');
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toMatch(/already been moved online twice/);
    expect((await page(appt.token)).json().selfService.reschedule).toEqual({
      allowed: false,
      refusal: third.json().message,
    });
    // Staff moves do not count against the patient.
    await setPolicy({ maxReschedules: 3 });
    expect((await move(appt.token, '2026-11-25T20:00:00.000Z')).statusCode).toBe(200);
  });

  it('ten moves at once, with a limit of two, make exactly two (ADR 031)', async () => {
    const appt = await booked();
    const targets = Array.from({ length: 10 }, (_, i) =>
      new Date(Date.parse(LATER) + (i - 4) * 30 * 60_000).toISOString(),
    );
    const answers = await Promise.all(targets.map((start) => move(appt.token, start)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(2);
    expect(codes.filter((c) => c === 409)).toHaveLength(8);
    for (const refused of answers.filter((a) => a.statusCode === 409))
      expect(refused.json()).toMatchObject({ error: 'conflict', message: expect.any(String) });
    const moves = (await history(appt._id)).filter((e) => e.type === 'RESCHEDULE');
    expect(moves).toHaveLength(2);
    const [now] = await env.db
      .select({ startAt: t.appointments.startAt })
      .from(t.appointments)
      .where(eq(t.appointments.id, appt._id));
    expect(now!.startAt.toISOString()).toBe(moves[1]!.toValue);
    expect((await page(appt.token)).json().selfService.reschedule.allowed).toBe(false);
  });

  it('closes at the cut-off: a millisecond before is allowed, the instant itself is not', async () => {
    await setPolicy({ phone: '(555) 010-2030' });
    const appt = await booked();
    env.setNow(new Date(new Date(START).getTime() - 24 * HOUR - 1));
    expect((await page(appt.token)).json().selfService.reschedule.allowed).toBe(true);
    env.setNow(new Date(new Date(START).getTime() - 24 * HOUR));
    const late = await move(appt.token, LATER);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      'Online changes close 24 hours before the visit. To have your appointment moved now, please call the clinic.',
    );
    expect((await cancel(appt.token)).statusCode).toBe(409);
    expect((await page(appt.token)).json().selfService.closed).toBe(
      'Online changes close 24 hours before the visit. To have your appointment moved or cancelled now, please call the clinic.',
    );
    env.setNow(new Date(new Date(START).getTime() - 24 * HOUR - 1));
    expect((await cancel(appt.token)).statusCode).toBe(200);
  });

  it('says what the clinic’s policy refuses in the page’s language, numbers and all (issue 44)', async () => {
    await setPolicy({ phone: '(555) 010-2030', cutoffHours: 48, maxReschedules: 1 });
    const appt = await booked('2026-11-27T15:00:00.000Z'); // four days ahead
    const asked = (language: string, method: 'GET' | 'POST', url: string, payload?: object) =>
      env.app.inject({
        method,
        url,
        payload,
        headers: { 'accept-language': language },
        remoteAddress: '203.0.113.9',
      });
    const view = async (language: string) =>
      (await asked(language, 'GET', `/api/session?token=${appt.token}`)).json();
    // Too soon for the clinic's 12 hours' notice, in French.
    const soon = await asked('fr', 'POST', '/api/session/reschedule', {
      token: appt.token,
      start: '2026-11-23T14:15:00.000Z',
    });
    expect(soon.statusCode).toBe(422);
    expect(soon.headers['content-language']).toBe('fr');
    expect(soon.json().message).toBe(
      'Votre clinique demande au moins 12 heures de préavis pour un rendez-vous pris en ligne. Veuillez choisir un horaire plus tardif ou appeler la clinique.',
    );
    // Moved once, the most allowed: the page and the refusal say so in Spanish.
    expect((await move(appt.token, '2026-11-27T18:00:00.000Z')).statusCode).toBe(200);
    const limit =
      'Esta cita ya se cambió en línea una vez, el máximo que permite su clínica. Para cambiarla de nuevo, llame a la clínica.';
    expect((await view('es')).selfService.reschedule.refusal).toBe(limit);
    const again = await asked('es-MX,es;q=0.9', 'POST', '/api/session/reschedule', {
      token: appt.token,
      start: '2026-11-27T19:00:00.000Z',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(limit);
    // Within the two days' cut-off: both closed, said once, with the days counted.
    env.setNow('2026-11-25T19:00:00Z');
    expect((await view('fr')).selfService.closed).toBe(
      'Les modifications en ligne sont possibles jusqu’à 2 jours avant le rendez-vous. Pour le déplacer ou l’annuler maintenant, veuillez appeler la clinique.',
    );
    const late = await asked('es', 'POST', '/api/session/cancel', { token: appt.token });
    expect(late.json().message).toBe(
      'Los cambios en línea solo son posibles hasta 2 días antes de la cita. Para cancelarla ahora, llame a la clínica.',
    );
    // Without a language of ours, the English the server always wrote.
    expect((await view('de')).selfService.closed).toMatch(/^Online changes close 2 days before/);
  });

  it('keeps the clinic’s online notice: no move to a time starting within it, none offered', async () => {
    // Four days ahead, moved to 14 minutes from now: a visit the clinic would not see coming.
    const appt = await booked('2026-11-27T15:00:00.000Z');
    const soon = '2026-11-23T14:15:00.000Z'; // 9:15 in New York, in the provider's hours
    const res = await move(appt.token, soon);
    expect(res.statusCode, res.body).toBe(422);
    // The clinic gave no number: a later time is the way left, not a call.
    expect(res.json().message).toBe(
      'Your clinic needs at least 12 hours’ notice of a visit booked online. Please choose a later time.',
    );
    expect((await page(appt.token)).json().start).toBe('2026-11-27T15:00:00.000Z');
    // Today's times are all within the notice: none is offered; tomorrow's are.
    const offered = (await slots(appt.token, '2026-11-23', '2026-11-24')).json().slots as {
      start: string;
    }[];
    expect(offered.length).toBeGreaterThan(0);
    const earliest = new Date('2026-11-23T12:00:00Z').getTime() + 12 * HOUR;
    expect(offered.every((slot) => new Date(slot.start).getTime() >= earliest)).toBe(true);
    const moved = await move(appt.token, offered[0]!.start);
    expect(moved.statusCode, moved.body).toBe(200);
  });

  it('refuses a taken time, the current time, a time outside the hours and bad input in the error shape', async () => {
    const appt = await booked();
    await staff.post('/api/appointments', {
      ...createBody(s, LATER),
      patient: { ...createBody(s, START).patient, id: s.otherPatient.id },
    });
    const taken = await move(appt.token, LATER);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      error: expect.any(String),
      message: 'This time was just booked by someone else. Pick another slot.',
    });
    expect((await move(appt.token, START)).statusCode).toBe(422);
    expect((await move(appt.token, '2026-11-25T03:00:00.000Z')).statusCode).toBe(422);
    expect((await move(appt.token, 'tomorrow')).statusCode).toBe(400);
    const noToken = await env.app.inject({
      method: 'POST',
      url: '/api/session/reschedule',
      payload: { start: LATER },
    });
    expect(noToken.statusCode).toBe(400);
    for (const token of ['A'.repeat(32), 'not a token!']) {
      const res = await move(token, LATER);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(NOT_A_VALID_LINK);
    }
    expect((await history(appt._id)).map((e) => e.type)).toEqual(['BOOKED']);
  });

  it('a patient’s move and a staff booking of the same time race: exactly one wins', async () => {
    for (let round = 0; round < 3; round += 1) {
      await env.reset();
      await makeAgain();
      const appt = await booked();
      const target = `2026-11-25T${String(17 + round).padStart(2, '0')}:00:00.000Z`;
      const [patientMove, staffBooking] = await Promise.all([
        move(appt.token, target),
        staff.post('/api/appointments', {
          ...createBody(s, target),
          patient: { ...createBody(s, START).patient, id: s.otherPatient.id },
        }),
      ]);
      const codes = [patientMove.statusCode, staffBooking.statusCode].sort();
      expect(
        codes.filter((c) => c === 409),
        `round ${round}: ${codes}`,
      ).toHaveLength(1);
      expect(codes.some((c) => c === 200 || c === 201)).toBe(true);
      const holders = await env.db
        .select()
        .from(t.appointments)
        .where(eq(t.appointments.startAt, new Date(target)));
      expect(holders).toHaveLength(1);
    }
  });
});

describe('cancelling from the link', () => {
  it('cancels as "Patient" with an optional reason; the page then says when and why', async () => {
    const appt = await booked();
    expect((await reminders(appt._id)).every((r) => r.status === 'pending')).toBe(true);
    const res = await cancel(appt.token, '  Feeling better  ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'cancelled',
      cancellation: { at: env.now().toISOString(), reason: 'Feeling better' },
      selfService: { reschedule: { allowed: false }, cancel: { allowed: false } },
    });
    expect((await history(appt._id)).at(-1)).toMatchObject({
      type: 'CANCELLED',
      reason: 'Feeling better',
      byName: 'Patient',
    });
    expect((await messages(appt._id)).map((m) => m.kind)).toEqual([
      'appointment.booked',
      'appointment.cancelled',
    ]);
    expect((await reminders(appt._id)).every((r) => r.status === 'withdrawn')).toBe(true);
    const again = await cancel(appt.token);
    expect(again.statusCode).toBe(409);

    const other = await booked(LATER);
    expect((await cancel(other.token)).json().cancellation).toEqual({
      at: env.now().toISOString(),
      reason: null,
    });
    expect((await cancel(other.token, 'x'.repeat(501))).statusCode).toBe(400);
  });
});

describe('one link for the life of the appointment', () => {
  it('survives a staff reschedule and reassign', async () => {
    const appt = await booked();
    const res = await staff.put(`/api/appointments/${appt._id}`, {
      date: LATER,
      staff: { id: s.nurse.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().token).toBe(appt.token);
    expect((await page(appt.token)).json()).toMatchObject({
      start: LATER,
      provider: { name: s.nurse.name },
    });
  });

  it('Reset link: a new token, the old one unknown, the patient sent the new link, LINK_RESET by staff', async () => {
    const appt = await booked();
    const res = await staff.post(`/api/appointments/${appt._id}/link-reset`);
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json().token as string;
    expect(fresh).not.toBe(appt.token);
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const old = await page(appt.token);
    const unknown = await page('B'.repeat(32));
    expect([old.statusCode, old.json()]).toEqual([unknown.statusCode, unknown.json()]);
    expect(old.statusCode).toBe(404);
    expect((await page(fresh)).statusCode).toBe(200);
    expect(res.json().statusHistory.at(-1)).toMatchObject({ type: 'LINK_RESET', by: s.staff.name });
    const [message] = (await messages(appt._id)).filter((m) => m.kind === 'appointment.link_reset');
    expect(message!.recipients).toEqual([
      {
        email: s.patient.email,
        name: `${s.patient.firstName} ${s.patient.lastName}`,
        role: 'patient',
      },
    ]);
    expect((message!.payload as { token: string }).token).toBe(fresh);
    // Reminders not yet sent carry the new link: they read the appointment when they go out.
    expect((await cancel(appt.token)).statusCode).toBe(404);

    await staff.post(`/api/appointments/${appt._id}?action=cancel`, { reason: 'Closed' });
    expect((await staff.post(`/api/appointments/${appt._id}/link-reset`)).statusCode).toBe(409);
    expect(
      (await staff.post(`/api/appointments/${s.foreignAppointment.id}/link-reset`)).statusCode,
    ).toBe(404);
  });
});

describe('the calendar file', () => {
  it('is one event at the visit’s time, read back by an independent parser', async () => {
    const appt = await booked();
    const res = await env.app.inject({
      method: 'GET',
      url: `/api/session/calendar.ics?token=${appt.token}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(res.headers['content-disposition']).toContain('appointment.ics');
    const events = Object.values(ical.sync.parseICS(res.body)).filter((c) => c?.type === 'VEVENT');
    expect(events).toHaveLength(1);
    const event = events[0] as ical.VEvent;
    expect(event.uid).toBe(`${appt._id}@carebook`);
    expect(event.start.toISOString()).toBe(START);
    expect(event.end?.toISOString()).toBe('2026-11-25T15:30:00.000Z');
    expect(String(event.summary)).toBe(`Appointment at ${s.clinic.name}`);
    expect(String(event.description)).toContain(`/session/?token=${appt.token}`);
    expect(String(event.description)).toContain(`Provider: ${s.provider.name}`);

    const missing = await env.app.inject({
      method: 'GET',
      url: `/api/session/calendar.ics?token=${'C'.repeat(32)}`,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(NOT_A_VALID_LINK);
  });
});

describe('the calendar file as calendar apps read it (issue 47)', () => {
  const download = async (token: string) => {
    const res = await env.app.inject({
      method: 'GET',
      url: `/api/session/calendar.ics?token=${token}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(lineProblems(res.body)).toEqual([]);
    return readCalendar(res.body);
  };

  it('has the clinic as organizer, the patient as attendee, and an alarm per clinic reminder', async () => {
    await env.db
      .update(t.clinics)
      .set({ reminderOffsetsMinutes: [2880, 30] })
      .where(eq(t.clinics.id, s.clinic.id));
    const appt = await booked();
    const link = `http://localhost:3000/session/?token=${appt.token}`;
    const file = await download(appt.token);
    // A file to import, not an invitation: no METHOD, and DTSTAMP is the visit's last change.
    expect(file.method).toBeNull();
    expect(file.events).toEqual([
      expect.objectContaining({
        uid: `${appt._id}@carebook`,
        stamp: '2026-11-23T12:00:00Z',
        organizer: { cn: s.clinic.name, uri: 'mailto:no-reply@carebook.test' },
        attendees: [{ cn: 'José Núñez', uri: 'mailto:jose.nunez@example.com' }],
        alarms: [
          { action: 'DISPLAY', trigger: -172_800, description: `Appointment at ${s.clinic.name}` },
          { action: 'DISPLAY', trigger: -1_800, description: `Appointment at ${s.clinic.name}` },
        ],
        // A video visit happens at its link.
        location: link,
        url: link,
      }),
    ]);

    // A change a day later: the file's stamp follows it; a cancelled visit has no alarms.
    env.advance(24 * HOUR);
    expect((await cancel(appt.token)).statusCode).toBe(200);
    const [cancelled] = (await download(appt.token)).events;
    expect(cancelled).toMatchObject({ status: 'CANCELLED', stamp: '2026-11-24T12:00:00Z' });
    expect(cancelled!.alarms).toEqual([]);
  });

  it('is in the patient’s language', async () => {
    await env.db
      .update(t.patients)
      .set({ preferredLanguage: 'fr' })
      .where(eq(t.patients.id, s.patient.id));
    const appt = await booked();
    const [event] = (await download(appt.token)).events;
    expect(event!.summary).toBe(`Rendez-vous à ${s.clinic.name}`);
    expect(event!.description).toBe(
      `Rejoindre : http://localhost:3000/session/?token=${appt.token}\n\nPraticien: ${s.provider.name}`,
    );
  });
});

describe('limits', () => {
  it('limits the link calls together per address, and answers 429 in the error shape', async () => {
    const appt = await booked();
    const limited = await buildTestApp(env.handle, {
      now: () => env.now(),
      config: { SESSION_LOOKUP_RATE_LIMIT_PER_MINUTE: 3 },
    });
    try {
      const from = (ip: string) => ({ remoteAddress: ip });
      const calls = [
        () =>
          limited.inject({
            method: 'GET',
            url: `/api/session/slots?token=${appt.token}&from=2026-11-25&to=2026-11-25`,
            ...from('198.51.100.7'),
          }),
        () =>
          limited.inject({
            method: 'GET',
            url: `/api/session/calendar.ics?token=${appt.token}`,
            ...from('198.51.100.7'),
          }),
        () =>
          limited.inject({
            method: 'POST',
            url: '/api/session/reschedule',
            payload: { token: 'A'.repeat(32), start: LATER },
            ...from('198.51.100.7'),
          }),
        () =>
          limited.inject({
            method: 'POST',
            url: '/api/session/cancel',
            payload: { token: 'A'.repeat(32) },
            ...from('198.51.100.7'),
          }),
      ];
      // The calls share one allowance per address (ADR 032): three of them, whichever, spend it.
      for (const call of calls.slice(0, 3)) expect((await call()).statusCode).not.toBe(429);
      for (const call of calls) {
        const refused = await call();
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toMatchObject({
          error: expect.any(String),
          message: expect.any(String),
        });
      }
      // Another address is not held back by the first.
      const other = await limited.inject({
        method: 'GET',
        url: `/api/session/calendar.ics?token=${appt.token}`,
        remoteAddress: '198.51.100.8',
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
