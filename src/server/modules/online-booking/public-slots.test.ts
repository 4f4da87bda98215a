import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useScenario, useTestApp } from '../../test/test-app';
import * as t from '../../db/schema';
import { enableOnlineBooking, holdOnline } from '../../test/online-booking-kit';
import { HOLD_EXPIRED_MESSAGE, HOLD_TAKEN_MESSAGE } from '@contracts/online-booking';
import { PATIENT_SENTENCES } from '../../core/patient-sentences';
import { NOT_FREE } from './online-services';
import { NOT_OFFERED } from './online-clinic';

// The public page's times (ADR 022): a visit length the patient chooses among the clinic's,
// and the next day with a free time when the day they look at has none, within the clinic's
// notice and horizon, reckoned in the patient's zone.

const env = useTestApp({ now: '2026-11-23T12:00:00Z' }); // Monday, 07:00 in New York
const { s } = useScenario(env);

const enable = (changes: Record<string, unknown> = {}) =>
  enableOnlineBooking(env.app, s, { durations: [30, 60], ...changes });

/** The provider works Wednesdays only (08:00–18:00 New York); the nurse every day. */
async function providerOnWednesdays() {
  await env.db
    .update(t.schedules)
    .set({ weekly: [{ weekday: 3, start: '08:00', end: '18:00' }] })
    .where(eq(t.schedules.agentId, s.provider.id));
}

const get = (path: string) =>
  env.app.inject({ method: 'GET', url: `/api/public/clinics/${s.clinic.slug}/${path}` });
const nextFreeDay = async (query: string) => {
  const res = await get(`next-free-day?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { day: string | null; lastDay: string; timezone: string; duration: number };
};

describe('a visit length the patient chooses', () => {
  beforeEach(() => enable());

  it('gives times of that length, the shortest when none is asked for, and holds with it', async () => {
    const short = (await get('slots?from=2026-11-25&to=2026-11-25')).json();
    expect(short.duration).toBe(30);
    const long = await get('slots?from=2026-11-25&to=2026-11-25&duration=60');
    expect(long.statusCode, long.body).toBe(200);
    const body = long.json() as { duration: number; slots: Array<{ start: string; end: string }> };
    expect(body.duration).toBe(60);
    expect(body.slots.length).toBeGreaterThan(0);
    for (const slot of body.slots)
      expect(Date.parse(slot.end) - Date.parse(slot.start)).toBe(3_600_000);
    // The last hour-long time ends when the day does: 17:00 New York, not 17:30.
    expect(body.slots.map((x) => x.start)).not.toContain('2026-11-25T22:30:00.000Z');
    const start = '2026-11-25T15:00:00.000Z';
    const held = await holdOnline(env.app, s, { email: 'mia@example.com', start, duration: 60 });
    expect(held.statusCode, held.body).toBe(202);
    // The whole hour is held: a half-hour time in its second half is gone too.
    const after = (await get('slots?from=2026-11-25&to=2026-11-25&agentId=' + s.provider.id))
      .json()
      .slots.map((x: { start: string }) => x.start);
    expect(after).not.toContain(start);
    expect(after).not.toContain('2026-11-25T15:30:00.000Z');
    expect(after).toContain('2026-11-25T16:00:00.000Z');
  });
});

describe('the next day with a free time', () => {
  it('is the provider’s next working day after the one looked at', async () => {
    await enable();
    await providerOnWednesdays();
    expect(await nextFreeDay('after=2026-11-23')).toEqual({
      timezone: 'America/New_York',
      duration: 30,
      day: '2026-11-25',
      lastDay: '2027-01-22',
    });
    expect((await nextFreeDay('after=2026-11-25')).day).toBe('2026-12-02');
    // "First available" looks only at the clinic's online providers (the nurse works every day).
    expect((await nextFreeDay(`after=2026-11-25&agentId=${s.provider.id}`)).day).toBe('2026-12-02');
  });

  it('is reckoned in the patient’s zone', async () => {
    await enable();
    await providerOnWednesdays();
    // Wednesday 08:00 in New York is Wednesday 22:00 in Tokyo; until 08:00 Thursday there.
    const tokyo = await nextFreeDay('after=2026-11-24&timezone=Asia/Tokyo');
    expect(tokyo).toMatchObject({ timezone: 'Asia/Tokyo', day: '2026-11-25' });
    expect((await nextFreeDay('after=2026-11-25&timezone=Asia/Tokyo')).day).toBe('2026-11-26');
  });

  it('keeps to the notice and the horizon, and says none when the horizon has no time left', async () => {
    await enable({ minNoticeHours: 60 });
    await providerOnWednesdays();
    // Wednesday the 25th ends before the 60 hours' notice has passed.
    expect((await nextFreeDay('after=2026-11-23')).day).toBe('2026-12-02');
    await enable({ horizonDays: 10 });
    expect(await nextFreeDay('after=2026-11-25')).toMatchObject({ day: '2026-12-02' });
    expect(await nextFreeDay('after=2026-12-02')).toEqual({
      timezone: 'America/New_York',
      duration: 30,
      day: null,
      lastDay: '2026-12-03',
    });
  });

  it('leaves out booked and held times, and finds a day months ahead', async () => {
    await enable({ horizonDays: 365 });
    await env.db
      .update(t.schedules)
      .set({ weekly: [] })
      .where(eq(t.schedules.agentId, s.provider.id));
    expect((await nextFreeDay('after=2026-11-23')).day).toBeNull();
    // One hour on one day, nearly three months away: past the first months the search looks at.
    await env.db.insert(t.scheduleOverrides).values({
      agentId: s.provider.id,
      date: '2027-02-17',
      kind: 'hours',
      segments: [{ start: '09:00', end: '10:00' }],
    });
    expect((await nextFreeDay('after=2026-11-23')).day).toBe('2027-02-17');
    // An hour-long visit fills it; then there is nothing left in the horizon.
    expect((await nextFreeDay('after=2026-11-23&duration=60')).day).toBe('2027-02-17');
    const held = await holdOnline(env.app, s, {
      email: 'mia@example.com',
      start: '2027-02-17T14:00:00.000Z',
      duration: 60,
    });
    expect(held.statusCode, held.body).toBe(202);
    expect((await nextFreeDay('after=2026-11-23')).day).toBeNull();
    // A day long past starts the search today, not decades ago.
    expect((await nextFreeDay('after=2001-01-01')).day).toBeNull();
  });

  it('refuses a length or a provider not offered online, and is a 404 while booking is off', async () => {
    expect((await get('next-free-day?after=2026-11-23')).statusCode).toBe(404);
    await enable();
    const length = await get('next-free-day?after=2026-11-23&duration=45');
    expect(length.statusCode).toBe(400);
    expect(length.json()).toMatchObject({ error: 'bad_request', message: expect.any(String) });
    expect((await get(`next-free-day?after=2026-11-23&agentId=${s.nurse.id}`)).statusCode).toBe(
      404,
    );
    expect((await get('next-free-day?after=someday')).statusCode).toBe(400);
  });
});

describe('the public page’s refusals in the patient’s language (issue 44)', () => {
  it('has each common one translated as the server writes it in English', () => {
    for (const sentence of [NOT_FREE, NOT_OFFERED, HOLD_EXPIRED_MESSAGE, HOLD_TAKEN_MESSAGE]) {
      expect(PATIENT_SENTENCES.has(sentence), sentence).toBe(true);
    }
  });
});
