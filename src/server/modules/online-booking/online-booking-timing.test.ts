import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { HOLD_ACCEPTED_MESSAGE } from '@contracts/online-booking';
import { useScenario, useTestApp } from '../../test/test-app';
import { createPatient } from '../../test/factories';
import * as t from '../../db/schema';
import { enableOnlineBooking } from '../../test/online-booking-kit';

// Issue 26: the hold must not tell, by its time, whether an e-mail belongs to one of the clinic's
// patients — nor, in a clinic for known patients only, that a stranger will be turned away. The
// path is the same for everyone by construction (ADR 022); this test guards it from the outside.
// It is a security property, not a speed target, so the bound is loose: it fails when one kind
// of e-mail costs a password hash or a mail sent in the request (tens of milliseconds), and it
// tolerates a busy machine's noise. Rounds alternate their order so neither kind always runs warm.

// 86 holds stay open on one provider's days (the clock stands still): the caps on open holds
// (ADR 031) are not what this test is about.
const env = useTestApp({
  now: '2026-11-23T12:00:00Z',
  config: {
    ONLINE_BOOKING_OPEN_HOLDS_PER_PROVIDER_DAY: 1000,
    ONLINE_BOOKING_OPEN_HOLDS_PER_CLINIC: 1000,
  },
});
const { s } = useScenario(env);
const ROUNDS = 20;

const enable = (allowNewPatients: boolean) => enableOnlineBooking(env.app, s, { allowNewPatients });

/** Free starts, enough for every hold of the test, one each. */
async function freeStarts(count: number): Promise<string[]> {
  const res = await env.app.inject({
    method: 'GET',
    url: `/api/public/clinics/${s.clinic.slug}/slots?from=2026-11-25&to=2026-12-08`,
  });
  expect(res.statusCode, res.body).toBe(200);
  const starts = (res.json() as { slots: Array<{ start: string }> }).slots.map((x) => x.start);
  expect(starts.length).toBeGreaterThanOrEqual(count);
  return starts.slice(0, count);
}

let ipCount = 0;
/** One hold, timed from the request to the answer; each from its own address (the limits). */
async function timedHold(email: string, start: string) {
  ipCount += 1;
  const began = performance.now();
  const res = await env.app.inject({
    method: 'POST',
    url: `/api/public/clinics/${s.clinic.slug}/holds`,
    payload: {
      start,
      agentId: s.provider.id,
      duration: 30,
      patient: {
        firstName: 'Robin',
        lastName: 'Hale',
        email,
        phone: '(555) 010-4242',
        dob: '1984-02-11',
      },
      consent: true,
    },
    remoteAddress: `10.${ipCount >> 16}.${(ipCount >> 8) & 255}.${ipCount & 255}`,
  });
  const ms = performance.now() - began;
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json()).toEqual({ message: HOLD_ACCEPTED_MESSAGE });
  return ms;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * Holds for known and unknown e-mails, interleaved, each on its own free time. Returns the
 * medians; a few warm-up holds first, so the first kind does not pay for the JIT alone.
 */
async function measure(known: string[], unknownPrefix: string, starts: string[]) {
  for (let i = 0; i < 3; i++)
    await timedHold(`warm-${unknownPrefix}-${i}@example.net`, starts.pop()!);
  const times = { known: [] as number[], unknown: [] as number[] };
  for (let i = 0; i < ROUNDS; i++) {
    const runKnown = () => timedHold(known[i]!, starts.pop()!);
    const runUnknown = () => timedHold(`${unknownPrefix}-${i}@example.net`, starts.pop()!);
    if (i % 2 === 0) {
      times.known.push(await runKnown());
      times.unknown.push(await runUnknown());
    } else {
      times.unknown.push(await runUnknown());
      times.known.push(await runKnown());
    }
  }
  return { known: median(times.known), unknown: median(times.unknown) };
}

/** Similar: within half of the faster, or within 5 ms when both are quick. */
function expectSimilar(m: { known: number; unknown: number }) {
  const [fast, slow] = [Math.min(m.known, m.unknown), Math.max(m.known, m.unknown)];
  const detail = `medians: known ${m.known.toFixed(1)} ms, unknown ${m.unknown.toFixed(1)} ms`;
  expect(slow / fast < 1.5 || slow - fast < 5, detail).toBe(true);
}

describe('holding a time takes as long for a known e-mail as for an unknown one', () => {
  it('when the clinic takes new patients, and when it books known patients only', async () => {
    const known = await Promise.all(
      Array.from({ length: ROUNDS }, () => createPatient(env.db, s.clinic.id)),
    );
    const knownEmails = known.map((p) => p.email!);
    const patientsBefore = await env.db
      .select({ id: t.patients.id })
      .from(t.patients)
      .where(eq(t.patients.clinicId, s.clinic.id));
    await enable(true);
    const starts = await freeStarts(2 * (2 * ROUNDS + 3));
    expectSimilar(await measure(knownEmails, 'new', starts));
    // A stranger in a known-patients-only clinic is turned away only after the link (ADR 022):
    // the hold itself must not tell them apart either.
    await enable(false);
    expectSimilar(await measure(knownEmails, 'stranger', starts));

    // The same work for both: one message to the address given per hold, no patient touched.
    const messages = await env.db
      .select({ recipients: t.outbox.recipients })
      .from(t.outbox)
      .where(eq(t.outbox.kind, 'online.hold'));
    expect(messages).toHaveLength(2 * (2 * ROUNDS + 3));
    const patientsAfter = await env.db
      .select({ id: t.patients.id })
      .from(t.patients)
      .where(eq(t.patients.clinicId, s.clinic.id));
    expect(patientsAfter).toHaveLength(patientsBefore.length);
  });
});
