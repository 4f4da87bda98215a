import { expect } from 'vitest';
import type { App } from '../app';
import { apiAs } from './api-client';
import type { ClinicScenario } from './scenario';

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
      enabled: true,
      agentIds: [s.provider.id],
      durations: [30],
      minNoticeHours: 12,
      horizonDays: 60,
      intro: null,
      allowNewPatients: true,
      ...changes,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}
