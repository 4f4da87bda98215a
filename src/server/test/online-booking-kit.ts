import { expect } from 'vitest';
import type { App } from '../app';
import { apiAs } from './api-client';
import type { ClinicScenario } from './scenario';

/** A clinic's online booking as it starts: off, with 12 hours' notice, 60 days ahead. */
export const ONLINE_BOOKING_DEFAULTS = {
  enabled: false,
  agentIds: [],
  durations: [30],
  minNoticeHours: 12,
  horizonDays: 60,
  intro: null,
  allowNewPatients: true,
};

/**
 * Switches online booking on for the scenario's clinic through the admins' API: the provider
 * only, 30-minute visits, 12 hours' notice, 60 days ahead, new patients allowed, unless `changes`
 * says otherwise.
 */
export async function enableOnlineBooking(
  app: App,
  s: ClinicScenario,
  changes: Record<string, unknown> = {},
  reminderOffsetsMinutes: number[] = [1440],
) {
  const admin = await apiAs(app, s.admin.email);
  const res = await admin.put(`/api/admin/clinics/${s.clinic.slug}/policy`, {
    reminders: { offsetsMinutes: reminderOffsetsMinutes },
    onlineBooking: {
      ...ONLINE_BOOKING_DEFAULTS,
      enabled: true,
      agentIds: [s.provider.id],
      ...changes,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/**
 * Asks the public booking API to hold a time for Mia Okafor, as the booking page does: the
 * scenario's provider, 30 minutes on Wednesday 25 November 2026 at 10:00 New York time unless
 * `options` say another start or length.
 */
export function holdOnline(
  app: App,
  s: ClinicScenario,
  options: { email: string; start?: string; duration?: number; remoteAddress?: string },
) {
  return app.inject({
    method: 'POST',
    url: `/api/public/clinics/${s.clinic.slug}/holds`,
    payload: {
      start: options.start ?? '2026-11-25T15:00:00.000Z',
      agentId: s.provider.id,
      duration: options.duration ?? 30,
      patient: {
        firstName: 'Mia',
        lastName: 'Okafor',
        email: options.email,
        phone: '(555) 010-7788',
        dob: '1990-04-30',
      },
      consent: true,
    },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}
