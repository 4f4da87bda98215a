import { beforeEach, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { useScenario, useTestApp } from '../../test/test-app';
import { bookThroughApi, createBody } from '../../test/scenario';
import * as t from '../../db/schema';
import { createHoldPurge } from './hold-purge';
import { HOLD_ACCEPTED_MESSAGE } from '@contracts/online-booking';
import { enableOnlineBooking } from '../../test/online-booking-kit';

// The public booking API (ADR 022) through the real app and database: a clinic's
// switch, a held time that blocks everyone else until it expires, the link that books it once,
// the same answer for known and unknown e-mails, and the abuse limits.

const env = useTestApp({ now: '2026-11-23T12:00:00Z' });
const { s, staff } = useScenario(env);
const START = '2026-11-25T15:00:00.000Z'; // 10:00 in New York, 51 hours ahead
const MINUTE = 60_000;

const enable = (changes: Record<string, unknown> = {}) =>
  enableOnlineBooking(env.app, s, { intro: 'Welcome.', ...changes }, [1440, 120]);

const person = (email: string) => ({
  firstName: 'Mia',
  lastName: 'Okafor',
  email,
  phone: '(555) 010-7788',
  dob: '1990-04-30',
});
const hold = (
  email: string,
  over: Record<string, unknown> = {},
  ip = '198.51.100.7',
  slug = s.clinic.slug,
) =>
  env.app.inject({
    method: 'POST',
    url: `/api/public/clinics/${slug}/holds`,
    payload: {
      start: START,
      agentId: s.provider.id,
      duration: 30,
      patient: person(email),
      consent: true,
      ...over,
    },
    remoteAddress: ip,
  });
const confirm = (token: string) =>
  env.app.inject({
    method: 'POST',
    url: `/api/public/holds/${encodeURIComponent(token)}/confirm`,
    remoteAddress: '198.51.100.7',
  });
const slots = (query = 'from=2026-11-25&to=2026-11-25') =>
  env.app.inject({ method: 'GET', url: `/api/public/clinics/${s.clinic.slug}/slots?${query}` });
/** The free starts staff see for the provider on the held day. */
const staffStarts = async () => {
  const res = await staff.get(
    `/api/clinics/${s.clinic.slug}/slots?from=2026-11-25&to=2026-11-25&duration=30&agentId=${s.provider.id}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { slots: Array<{ startTime: string }> }).slots.map((x) => x.startTime);
};
const holdMessages = () =>
  env.db.select().from(t.outbox).where(eq(t.outbox.kind, 'online.hold')).orderBy(asc(t.outbox.id));
async function tokenFor(email: string) {
  const rows = (await holdMessages()).filter(
    (r) => (r.recipients as Array<{ email: string }>)[0]!.email === email,
  );
  return (rows.at(-1)!.payload as { token: string }).token;
}
/** Holds the time for `email` (accepted: 202) and answers the token its confirmation mail carries. */
async function heldToken(email: string) {
  expect((await hold(email)).statusCode).toBe(202);
  return tokenFor(email);
}
const appointmentsAt = (start = START) =>
  env.db
    .select()
    .from(t.appointments)
    .where(
      and(eq(t.appointments.startAt, new Date(start)), eq(t.appointments.staffId, s.provider.id)),
    );

describe('a clinic’s public booking', () => {
  it('is a 404 in the error shape while the clinic has it off, and shows only what the page needs when on', async () => {
    for (const res of [
      await env.app.inject({ method: 'GET', url: `/api/public/clinics/${s.clinic.slug}` }),
      await slots(),
      await hold('mia@example.com'),
      await env.app.inject({ method: 'GET', url: '/api/public/clinics/no-such-clinic' }),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toMatchObject({ error: 'not_found', message: expect.any(String) });
    }
    expect(await holdMessages()).toHaveLength(0);
    await enable();
    const res = await env.app.inject({
      method: 'GET',
      url: `/api/public/clinics/${s.clinic.slug}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      slug: s.clinic.slug,
      name: 'Riverside Family Clinic',
      timezone: 'America/New_York',
      // The clinic's number, for the page's "no free times" line; this clinic gave none.
      phone: null,
      intro: 'Welcome.',
      providers: [{ id: s.provider.id, name: 'Dr. Priya Raman' }],
      // The default service, online since before services, at the policy's lengths (issue 42).
      services: [expect.objectContaining({ name: 'Video visit', durations: [30] })],
      durations: [30],
      minNoticeHours: 12,
      horizonDays: 60,
      allowNewPatients: true,
      // A stranger has no record: the page reads the browser's language, else the clinic's.
      language: { preferred: null, clinicDefault: 'en' },
    });
  });

  it('offers only the chosen providers, within notice and horizon', async () => {
    await enable();
    const res = await slots('from=2026-11-23&to=2026-11-25');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { slots: Array<{ start: string; agentId: string }> };
    expect(body.slots.length).toBeGreaterThan(0);
    expect(new Set(body.slots.map((x) => x.agentId))).toEqual(new Set([s.provider.id]));
    const earliest = Date.parse('2026-11-24T00:00:00Z'); // 12 hours after now
    expect(Math.min(...body.slots.map((x) => Date.parse(x.start)))).toBeGreaterThanOrEqual(
      earliest,
    );
    expect((await slots(`from=2026-11-25&to=2026-11-25&agentId=${s.nurse.id}`)).statusCode).toBe(
      404,
    );
    expect((await slots('from=2026-11-25&to=2026-11-25&duration=45')).statusCode).toBe(400);
  });
});

describe('a held time', () => {
  beforeEach(() => enable());

  it('answers 202 alike for a known and an unknown e-mail, and e-mails the link', async () => {
    const known = await hold(s.patient.email!);
    const unknown = await hold('stranger@example.com', { start: '2026-11-25T16:00:00.000Z' });
    expect(known.statusCode, known.body).toBe(202);
    expect(unknown.statusCode, unknown.body).toBe(202);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: HOLD_ACCEPTED_MESSAGE });
    const rows = await holdMessages();
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => (r.recipients as Array<{ email: string }>)[0]!.email).sort()).toEqual(
      [s.patient.email, 'stranger@example.com'].sort(),
    );
  });

  it('blocks the slot for staff and for other patients, and never shows in staff lists', async () => {
    expect(await staffStarts()).toContain(START);
    expect((await hold('mia@example.com')).statusCode).toBe(202);
    expect(await staffStarts()).not.toContain(START);
    const other = await hold('someone@example.com');
    expect(other.statusCode, other.body).toBe(409);
    expect(other.json()).toMatchObject({ error: 'conflict', message: expect.any(String) });
    const byStaff = await staff.post('/api/appointments', createBody(s, START));
    expect(byStaff.statusCode, byStaff.body).toBe(409);
    // Overlapping, not only the same start.
    const overlapping = await staff.post(
      '/api/appointments',
      createBody(s, '2026-11-25T14:45:00.000Z'),
    );
    expect(overlapping.statusCode, overlapping.body).toBe(409);
    expect(await appointmentsAt()).toHaveLength(0);
    const publicSlots = (await slots()).json() as { slots: Array<{ start: string }> };
    expect(publicSlots.slots.map((x) => x.start)).not.toContain(START);
  });

  it('expires after 15 minutes: the time is free again and its link is a clear 410', async () => {
    const token = await heldToken('mia@example.com');
    env.advance(15 * MINUTE);
    const expired = await confirm(token);
    expect(expired.statusCode, expired.body).toBe(410);
    expect(expired.json()).toMatchObject({
      error: 'gone',
      message: expect.stringContaining('expired'),
    });
    expect((await slots()).json().slots.map((x: { start: string }) => x.start)).toContain(START);
    expect(await staffStarts()).toContain(START);
    await bookThroughApi(staff, s, START);
    expect((await confirm(token)).statusCode).toBe(410);
    expect(await appointmentsAt()).toHaveLength(1);
  });

  it('an expired hold gives way to another patient’s hold', async () => {
    expect((await hold('mia@example.com')).statusCode).toBe(202);
    env.advance(16 * MINUTE);
    expect((await hold('someone@example.com')).statusCode).toBe(202);
  });

  it('confirmed, books as "online" with BOOKED by "Patient (online)"; twice is one appointment', async () => {
    const token = await heldToken('new.patient@example.com');
    env.advance(5 * MINUTE);
    const first = await confirm(token);
    expect(first.statusCode, first.body).toBe(201);
    const { sessionUrl } = first.json() as { sessionUrl: string };
    expect(sessionUrl).toMatch(/\/session\/?\?token=/);
    const again = await confirm(token);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toEqual({ sessionUrl });
    const rows = await appointmentsAt();
    expect(rows).toHaveLength(1);
    const seen = (await staff.get(`/api/appointments/${rows[0]!.id}`)).json();
    expect(seen).toMatchObject({ metadata: { source: 'online', status: 'BOOKED' } });
    expect(seen.statusHistory).toEqual([
      expect.objectContaining({ type: 'BOOKED', by: 'Patient (online)' }),
    ]);
    const patient = await env.db
      .select()
      .from(t.patients)
      .where(eq(t.patients.email, 'new.patient@example.com'));
    expect(patient).toHaveLength(1);
    expect(patient[0]).toMatchObject({ firstName: 'Mia', dob: '1990-04-30', source: 'online' });
    // The patient's visit page opens with that link.
    const token2 = new URL(sessionUrl).searchParams.get('token')!;
    const page = await env.app.inject({
      method: 'GET',
      url: `/api/session?token=${encodeURIComponent(token2)}`,
    });
    expect(page.statusCode, page.body).toBe(200);
  });

  it('confirmed by a known patient books for that patient, no new record', async () => {
    expect((await hold(s.patient.email!.toUpperCase())).statusCode).toBe(202);
    const res = await confirm(await tokenFor(s.patient.email!));
    expect(res.statusCode, res.body).toBe(201);
    const [appt] = await appointmentsAt();
    expect(appt!.patientId).toBe(s.patient.id);
    const same = await env.db.select().from(t.patients).where(eq(t.patients.clinicId, s.clinic.id));
    expect(same).toHaveLength(2);
  });

  it('two confirmations at once give one appointment', async () => {
    const token = await heldToken('mia@example.com');
    const answers = await Promise.all([confirm(token), confirm(token), confirm(token)]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await appointmentsAt()).toHaveLength(1);
  });

  it('of 200 patients asking for one time at once, one gets the hold', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => hold(`p${i}@example.com`, {}, `203.0.113.${i % 250}`)),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 202)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(199);
    const open = await env.db
      .select()
      .from(t.onlineBookingHolds)
      .where(eq(t.onlineBookingHolds.state, 'open'));
    expect(open).toHaveLength(1);
    expect(await holdMessages()).toHaveLength(1);
  });

  it('one open hold per e-mail: a new one replaces it and frees the first time', async () => {
    const firstToken = await heldToken('mia@example.com');
    const later = '2026-11-25T17:00:00.000Z';
    expect((await hold('mia@example.com', { start: later })).statusCode).toBe(202);
    expect((await confirm(firstToken)).statusCode).toBe(410);
    await bookThroughApi(staff, s, START);
    expect((await hold('other@example.com', { start: later })).statusCode).toBe(409);
  });

  it('a honeypot filled in gets the same answer and holds nothing', async () => {
    const res = await hold('bot@example.com', { website: 'http://spam.example' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: HOLD_ACCEPTED_MESSAGE });
    expect(await holdMessages()).toHaveLength(0);
    expect((await hold('mia@example.com')).statusCode).toBe(202);
  });

  it('limits holds per e-mail and per address with a 429 in the error shape', async () => {
    const times = ['14:00', '15:00', '16:00', '17:00'].map((h) => `2026-11-25T${h}:00.000Z`);
    for (const start of times.slice(0, 3)) {
      expect((await hold('mia@example.com', { start })).statusCode).toBe(202);
    }
    const limited = await hold('mia@example.com', { start: times[3] });
    expect(limited.statusCode, limited.body).toBe(429);
    expect(limited.json()).toMatchObject({ error: 'rate_limited', message: expect.any(String) });
    // Another address with the same e-mail is limited too; another e-mail is not.
    expect((await hold('mia@example.com', { start: times[3] }, '192.0.2.1')).statusCode).toBe(429);
    expect((await hold('ann@example.com', { start: times[3] })).statusCode).toBe(202);
    // One address: 20 an hour, whatever the e-mails (one a day: a provider's day takes only a
    // few open holds at once).
    for (let i = 0; i < 16; i++) {
      const start = new Date(
        Date.parse('2026-11-26T14:00:00Z') + i * 24 * 60 * MINUTE,
      ).toISOString();
      expect((await hold(`x${i}@example.com`, { start })).statusCode).toBe(202);
    }
    const byIp = await hold('y@example.com', { start: '2026-11-27T15:00:00.000Z' });
    expect(byIp.statusCode).toBe(429);
    env.advance(61 * MINUTE);
    expect((await hold('y@example.com', { start: '2026-11-27T15:00:00.000Z' })).statusCode).toBe(
      202,
    );
  });

  it('refuses a time inside the notice, a provider not offered, and a missing consent', async () => {
    const soon = await hold('mia@example.com', { start: '2026-11-23T20:00:00.000Z' });
    expect(soon.statusCode).toBe(422);
    expect(soon.json().message).toContain('12 hours');
    expect((await hold('mia@example.com', { agentId: s.nurse.id })).statusCode).toBe(422);
    expect((await hold('mia@example.com', { duration: 45 })).statusCode).toBe(422);
    expect((await hold('mia@example.com', { consent: false })).statusCode).toBe(400);
    expect(await holdMessages()).toHaveLength(0);
  });

  it('a clinic for known patients only books them, and turns a stranger away only after the link', async () => {
    await enable({ allowNewPatients: false });
    const res = await confirm(await heldToken('stranger@example.com'));
    expect(res.statusCode, res.body).toBe(422);
    expect(await appointmentsAt()).toHaveLength(0);
  });
});

describe('holds nobody confirmed', () => {
  it('are deleted a day after they lapsed; recent and confirmed ones stay', async () => {
    const now = env.now().getTime();
    const hour = 3_600_000;
    let n = 0;
    const hold = (state: 'open' | 'expired' | 'confirmed', lapsedHoursAgo: number) => {
      n += 1;
      const startAt = new Date(Date.UTC(2026, 11, n, 15));
      return {
        clinicId: s.clinic.id,
        staffId: s.provider.id,
        startAt,
        endAt: new Date(startAt.getTime() + 30 * 60_000),
        duration: 30,
        email: `hold${n}@example.com`,
        inbox: `hold${n}@example.com`,
        patient: {
          firstName: 'Held',
          lastName: `Number${n}`,
          phone: '555-0100',
          dob: '1990-01-01',
        },
        tokenHash: `hash-${n}`,
        ip: '203.0.113.9',
        clientKey: '203.0.113.9',
        expiresAt: new Date(now - lapsedHoursAgo * hour),
        state,
      };
    };
    await env.db
      .insert(t.onlineBookingHolds)
      .values([hold('expired', 30), hold('open', 25), hold('expired', 2), hold('confirmed', 48)]);

    const version = async () =>
      (
        await env.db
          .select({ v: t.clinicDataVersions.version })
          .from(t.clinicDataVersions)
          .where(eq(t.clinicDataVersions.clinicId, s.clinic.id))
      )[0]?.v;
    const before = await version();
    const purge = createHoldPurge(
      { db: env.handle, now: () => env.now() },
      { logger: { warn: () => {} }, intervalMs: 3_600_000 },
    );
    try {
      expect(await purge.runOnce()).toBe(2);
    } finally {
      await purge.stop();
    }
    // Holds that lapsed a day ago block nothing: their purge leaves the clinic's reused answers
    // (ADR 025) standing. An open hold deleted otherwise frees time, and moves the version.
    expect(await version()).toBe(before);
    const [live] = await env.db
      .insert(t.onlineBookingHolds)
      .values({ ...hold('open', -1), expiresAt: new Date(now + hour) })
      .returning({ id: t.onlineBookingHolds.id });
    const held = await version();
    expect(held).toBeGreaterThan(before!);
    await env.db.delete(t.onlineBookingHolds).where(eq(t.onlineBookingHolds.id, live!.id));
    expect(await version()).toBeGreaterThan(held!);
    const left = await env.db
      .select({ email: t.onlineBookingHolds.email, state: t.onlineBookingHolds.state })
      .from(t.onlineBookingHolds)
      .orderBy(asc(t.onlineBookingHolds.email));
    expect(left).toEqual([
      { email: 'hold3@example.com', state: 'expired' },
      { email: 'hold4@example.com', state: 'confirmed' },
    ]);
  });
});
