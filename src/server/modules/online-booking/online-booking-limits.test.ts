import { beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { buildTestApp, useScenario, useTestApp } from '../../test/test-app';
import * as t from '../../db/schema';
import { enableOnlineBooking } from '../../test/online-booking-kit';
import { clinicBusy, PROVIDER_DAY_BUSY, tooManyHolds, tooManyMails } from './hold-limits';
import { sayPolicySentence } from '../../core/policy-sentences';

// ADR 031: a stranger, or a crowd of them, cannot flood a clinic's calendar
// or an inbox through the public booking page. Every burst here is sent at once; on PostgreSQL
// the requests run on several connections, and the first burst through two app instances on the
// one database, so the limits must be decided by the database, not by a count read beforehand.
// The defaults: 20 holds an hour per client, 3 open holds on a provider's day, 30 at a clinic,
// 5 confirmation mails a day per address.

const env = useTestApp({ now: '2026-11-23T12:00:00Z' });
const { s } = useScenario(env);
// The scenario's clinics gave no phone number: nobody is told to call them.
const TOO_MANY_HOLDS = sayPolicySentence(tooManyHolds({ phone: null }));
const TOO_MANY_MAILS = sayPolicySentence(tooManyMails({ phone: null }));
const CLINIC_BUSY = sayPolicySentence(clinicBusy({ phone: null }));
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

beforeEach(async () => {
  await enableOnlineBooking(env.app, s);
});

type Inject = typeof env.app.inject;
interface HoldRequest {
  email: string;
  start: string;
  ip: string;
  agentId?: string;
  slug?: string;
  firstName?: string;
}
const hold = (r: HoldRequest, inject: Inject = env.app.inject.bind(env.app)) =>
  inject({
    method: 'POST',
    url: `/api/public/clinics/${r.slug ?? s.clinic.slug}/holds`,
    payload: {
      start: r.start,
      agentId: r.agentId ?? s.provider.id,
      duration: 30,
      patient: {
        firstName: r.firstName ?? 'Robin',
        lastName: 'Hale',
        email: r.email,
        phone: '(555) 010-4242',
        dob: '1984-02-11',
      },
      consent: true,
    },
    remoteAddress: r.ip,
  });

/**
 * The i-th of a burst's distinct times, never more than three on one day: day `i % 14` from
 * Wednesday 25 November, at 9, 10 or 11 in the morning in New York.
 */
const spreadStart = (i: number) =>
  new Date(
    Date.parse('2026-11-25T14:00:00Z') + (i % 14) * DAY + Math.floor(i / 14) * 60 * MINUTE,
  ).toISOString();

const tally = (answers: Array<{ statusCode: number }>) => {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.statusCode] = (counts[a.statusCode] ?? 0) + 1;
  return counts;
};
const messagesOf = (answers: Array<{ statusCode: number; json(): unknown }>, status: number) =>
  new Set(
    answers
      .filter((a) => a.statusCode === status)
      .map((a) => (a.json() as { message: string }).message),
  );
const openHolds = () =>
  env.db.select().from(t.onlineBookingHolds).where(eq(t.onlineBookingHolds.state, 'open'));
const holdMailsTo = async (email: string) =>
  (
    await env.db
      .select({ n: sql<number>`count(*)::int` })
      .from(t.outbox)
      .where(
        and(
          eq(t.outbox.kind, 'online.hold'),
          sql`${t.outbox.recipients} @> ${JSON.stringify([{ email }])}::jsonb`,
        ),
      )
  )[0]!.n;
const publicStarts = async (day: string) => {
  const res = await env.app.inject({
    method: 'GET',
    url: `/api/public/clinics/${s.clinic.slug}/slots?from=${day}&to=${day}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { slots: Array<{ start: string }> }).slots.map((x) => x.start);
};

describe('one client', () => {
  it('gets 20 holds an hour from a burst of 40 with different e-mails, across two app instances', async () => {
    const second = await buildTestApp(env.handle, { now: () => env.now() });
    try {
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          hold(
            { email: `burst${i}@example.com`, start: spreadStart(i), ip: '198.51.100.7' },
            i % 2 ? second.inject.bind(second) : undefined,
          ),
        ),
      );
      expect(tally(answers)).toEqual({ 202: 20, 429: 20 });
      expect(messagesOf(answers, 429)).toEqual(new Set([TOO_MANY_HOLDS]));
      const refused = answers.find((a) => a.statusCode === 429)!;
      expect(refused.json()).toEqual({ error: 'rate_limited', message: TOO_MANY_HOLDS });
      expect(refused.headers['retry-after']).toBe('3600');
    } finally {
      await second.close();
    }
    expect(await openHolds()).toHaveLength(20);
    // Another address is not held back by this one.
    const other = await hold({
      email: 'else@example.com',
      start: spreadStart(41),
      ip: '192.0.2.8',
    });
    expect(other.statusCode, other.body).toBe(202);
  });

  it('is an IPv6 /64: its addresses share the allowance, and another /64 has its own', async () => {
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        hold({
          email: `v6-${i}@example.com`,
          start: spreadStart(i),
          ip: `2001:db8:1:2:${(i + 1).toString(16)}::${i + 7}`,
        }),
      ),
    );
    expect(tally(answers)).toEqual({ 202: 20, 429: 5 });
    expect(messagesOf(answers, 429)).toEqual(new Set([TOO_MANY_HOLDS]));
    // The same /64 written out in full, and as its first address, is still the same client.
    const sameNet = await hold({
      email: 'v6-again@example.com',
      start: spreadStart(30),
      ip: '2001:0db8:0001:0002:ffff:ffff:ffff:ffff',
    });
    expect(sameNet.statusCode, sameNet.body).toBe(429);
    const nextNet = await hold({
      email: 'v6-next@example.com',
      start: spreadStart(30),
      ip: '2001:db8:1:3::1',
    });
    expect(nextNet.statusCode, nextNet.body).toBe(202);
  });
});

describe('a clinic’s unconfirmed holds', () => {
  it('take at most 3 times of a provider’s day, whoever asks at once', async () => {
    const day = '2026-11-25';
    const before = await publicStarts(day);
    const starts = before.slice(0, 16);
    expect(starts).toHaveLength(16);
    const answers = await Promise.all(
      starts.map((start, i) =>
        hold({ email: `day-${i}@example.com`, start, ip: `203.0.113.${i + 1}` }),
      ),
    );
    expect(tally(answers)).toEqual({ 202: 3, 409: 13 });
    expect(messagesOf(answers, 409)).toEqual(new Set([PROVIDER_DAY_BUSY]));
    expect(answers.find((a) => a.statusCode === 409)!.json()).toEqual({
      error: 'conflict',
      message: PROVIDER_DAY_BUSY,
    });
    // Of the day's free times, the public page lost 3, not 16; staff can book the rest.
    const after = await publicStarts(day);
    expect(after).toHaveLength(before.length - 3);
    // Another day of the provider is open, and one of the three may change their mind on this
    // day: their new hold replaces their own.
    const nextDay = await hold({
      email: 'next@example.com',
      start: spreadStart(1),
      ip: '192.0.2.9',
    });
    expect(nextDay.statusCode, nextDay.body).toBe(202);
    const winner = answers.findIndex((a) => a.statusCode === 202);
    const changed = await hold({
      email: `day-${winner}@example.com`,
      start: after.at(-1)!,
      ip: '192.0.2.10',
    });
    expect(changed.statusCode, changed.body).toBe(202);
    expect(await publicStarts(day)).toHaveLength(before.length - 3);
  });

  it('are at most 30 at once at a clinic, whoever asks at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        hold({ email: `clinic-${i}@example.com`, start: spreadStart(i), ip: `203.0.113.${i + 1}` }),
      ),
    );
    expect(tally(answers)).toEqual({ 202: 30, 409: 10 });
    expect(messagesOf(answers, 409)).toEqual(new Set([CLINIC_BUSY]));
    expect(await openHolds()).toHaveLength(30);
    // Once the holds lapse, the clinic takes holds again.
    env.advance(15 * MINUTE);
    const later = await hold({
      email: 'later@example.com',
      start: spreadStart(0),
      ip: '192.0.2.11',
    });
    expect(later.statusCode, later.body).toBe(202);
  });
});

describe('what the hold path mails', () => {
  it('offers a call in its refusal only where the clinic gave a phone number', async () => {
    await env.db
      .update(t.clinics)
      .set({ phone: '(555) 010-0100' })
      .where(eq(t.clinics.id, s.clinic.id));
    const target = 'caller@example.com';
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        hold({ email: target, start: spreadStart(i), ip: `203.0.113.${i + 1}` }),
      ),
    );
    // Three holds an hour per e-mail at a clinic.
    expect(tally(answers)).toEqual({ 202: 3, 429: 1 });
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.json().message).toMatch(/^Too many booking requests\b.*, or call the clinic\.$/);
  });

  it('sends one address at most 5 confirmation mails a day, from any clinic, asked at once', async () => {
    // The scenario's second clinic takes online bookings too, with its own provider.
    await env.db
      .update(t.clinics)
      .set({
        onlineBookingEnabled: true,
        onlineBookingAgentIds: [s.foreignAgent.id],
        onlineBookingDurations: [30],
      })
      .where(eq(t.clinics.id, s.foreign.id));
    const target = 'inbox@example.com';
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        hold(
          i < 3
            ? { email: target, start: spreadStart(i), ip: `203.0.113.${i + 1}` }
            : {
                email: target,
                start: spreadStart(i),
                ip: `203.0.113.${i + 1}`,
                slug: s.foreign.slug,
                agentId: s.foreignAgent.id,
              },
        ),
      ),
    );
    expect(tally(answers)).toEqual({ 202: 5, 429: 1 });
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.json()).toEqual({ error: 'rate_limited', message: TOO_MANY_MAILS });
    expect(refused.headers['retry-after']).toBe('86400');
    expect(await holdMailsTo(target)).toBe(5);
    // Another address is mailed as before; this one again a day later.
    const other = await hold({
      email: 'other@example.com',
      start: spreadStart(7),
      ip: '192.0.2.1',
    });
    expect(other.statusCode, other.body).toBe(202);
    env.advance(DAY);
    const nextDay = await hold({ email: target, start: spreadStart(8), ip: '192.0.2.2' });
    expect(nextDay.statusCode, nextDay.body).toBe(202);
    expect(await holdMailsTo(target)).toBe(6);
  });

  it('counts mails by inbox: victim+1@ … victim+6@ are one inbox, mailed at most 5 times', async () => {
    const addresses = Array.from({ length: 6 }, (_, i) => `victim+${i + 1}@example.com`);
    const answers = [];
    for (const [i, email] of addresses.entries()) {
      answers.push(await hold({ email, start: spreadStart(i), ip: `203.0.113.${i + 1}` }));
    }
    let mailed = 0;
    for (const email of addresses) mailed += await holdMailsTo(email);
    expect(mailed).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.statusCode === 202).length).toBe(mailed);
    expect(answers.filter((a) => a.statusCode === 429).length).toBeGreaterThan(0);
    // The mail that was sent went to the address as typed.
    expect(await holdMailsTo('victim+1@example.com')).toBe(1);
  });

  it('refuses a name longer than 50 characters in words, and holds and mails nothing', async () => {
    const long = await hold({
      email: 'long@example.com',
      start: spreadStart(0),
      ip: '192.0.2.3',
      firstName: 'Claim your refund now at https://evil.example/refund?id=123456',
    });
    expect(long.statusCode, long.body).toBe(400);
    expect(long.json()).toMatchObject({
      error: 'bad_request',
      details: expect.stringContaining('First name must be at most 50 characters.'),
    });
    expect(await holdMailsTo('long@example.com')).toBe(0);
    expect(await openHolds()).toHaveLength(0);
    const fifty = await hold({
      email: 'long@example.com',
      start: spreadStart(0),
      ip: '192.0.2.3',
      firstName: 'A'.repeat(50),
    });
    expect(fifty.statusCode, fifty.body).toBe(202);
    // The mail greets nobody by name: nothing typed on the page is in it or in the outbox.
    const [row] = await env.db.select().from(t.outbox).where(eq(t.outbox.kind, 'online.hold'));
    expect(JSON.stringify(row)).not.toContain('A'.repeat(50));
    expect(JSON.stringify(row)).not.toContain('Hale');
  });
});
