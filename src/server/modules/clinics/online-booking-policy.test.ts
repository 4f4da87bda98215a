import { describe, expect, it } from 'vitest';
import { useScenario, useTestApp } from '../../test/test-app';
import { ONLINE_BOOKING_DEFAULTS } from '../../test/online-booking-kit';

// The clinic's online booking rules (ADR 022) in its policy: off by default, edited by
// admins only, kept when a client leaves them out, and only the clinic's own providers.

const env = useTestApp({ now: '2026-11-23T12:00:00Z' });
const { s, staff, admin } = useScenario(env, 'admin');
const url = () => `/api/admin/clinics/${s.clinic.slug}/policy`;

async function put(onlineBooking: Record<string, unknown>) {
  return admin.put(url(), { reminders: { offsetsMinutes: [1440, 120] }, onlineBooking });
}

describe('the clinic’s online booking policy', () => {
  it('starts off, with 12 hours’ notice, a 60-day horizon and new patients welcome', async () => {
    const res = await admin.get(url());
    expect(res.statusCode).toBe(200);
    expect(res.json().policy.onlineBooking).toEqual(ONLINE_BOOKING_DEFAULTS);
  });

  it('admins turn it on for chosen providers and lengths; a client that leaves it out keeps it', async () => {
    const chosen = {
      enabled: true,
      agentIds: [s.provider.id, s.nurse.id],
      durations: [45, 15],
      minNoticeHours: 24,
      horizonDays: 30,
      intro: '  New patients welcome. Please bring your insurance card.  ',
      allowNewPatients: false,
    };
    const saved = await put(chosen);
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = {
      ...chosen,
      durations: [15, 45],
      intro: 'New patients welcome. Please bring your insurance card.',
    };
    expect(saved.json().policy.onlineBooking).toEqual(expected);
    expect((await admin.get(url())).json().policy.onlineBooking).toEqual(expected);

    const remindersOnly = await admin.put(url(), { reminders: { offsetsMinutes: [60] } });
    expect(remindersOnly.json().policy.onlineBooking).toEqual(expected);
    expect((await admin.get(url())).json().policy.onlineBooking).toEqual(expected);

    // A blank intro is no intro.
    const blank = await put({ ...chosen, intro: '   ' });
    expect(blank.json().policy.onlineBooking.intro).toBeNull();
  });

  it.each([
    ['no provider while on', { enabled: true, agentIds: [] }],
    ['no visit length', { durations: [] }],
    ['a length under 5 minutes', { durations: [4] }],
    ['a length twice', { durations: [30, 30] }],
    ['a negative notice', { minNoticeHours: -1 }],
    ['a notice past 30 days', { minNoticeHours: 721 }],
    ['no horizon', { horizonDays: 0 }],
    ['a horizon past a year', { horizonDays: 366 }],
    ['an intro too long', { intro: 'x'.repeat(2001) }],
    ['a provider id that is no id', { agentIds: ['dr-raman'] }],
    ['enabled as text', { enabled: 'yes' }],
  ])('refuses %s with a 400 in the error shape', async (_, bad) => {
    const res = await put({ ...ONLINE_BOOKING_DEFAULTS, ...bad });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    expect((await admin.get(url())).json().policy.onlineBooking).toEqual(ONLINE_BOOKING_DEFAULTS);
  });

  it('refuses providers of another clinic and people who cannot be booked', async () => {
    for (const id of [s.foreignAgent.id, s.staff.id, s.admin.id]) {
      const res = await put({
        ...ONLINE_BOOKING_DEFAULTS,
        enabled: true,
        agentIds: [s.provider.id, id],
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().details).toContain(id);
    }
    expect((await admin.get(url())).json().policy.onlineBooking).toEqual(ONLINE_BOOKING_DEFAULTS);
  });

  it('is for admins only', async () => {
    expect((await staff.get(url())).statusCode).toBe(403);
    const res = await staff.put(url(), {
      reminders: { offsetsMinutes: [60] },
      onlineBooking: { ...ONLINE_BOOKING_DEFAULTS, enabled: true, agentIds: [s.provider.id] },
    });
    expect(res.statusCode).toBe(403);
  });
});
