import type { HoldSnapshot, NotificationSnapshot } from '../modules/notifications';

/**
 * A time kept for a patient until it expires, as an online booking's confirmation or a
 * waitlist offer stores it: 30 minutes with Dr. Priya Raman at the Riverside clinic in New York,
 * on Wednesday 25 November 2026 at 10:00 unless `overrides` say otherwise.
 */
export function keptTimeSnapshot(
  overrides: Partial<HoldSnapshot> & Pick<HoldSnapshot, 'token' | 'expiresAt'>,
): HoldSnapshot {
  return {
    clinic: { name: 'Riverside Family Clinic', timezone: 'America/New_York' },
    start: '2026-11-25T15:00:00.000Z',
    durationMinutes: 30,
    staff: { name: 'Dr. Priya Raman' },
    ...overrides,
  };
}

/**
 * An appointment as its messages are built from it: José Núñez with Dr. Priya Raman at the
 * Riverside clinic in New York, 30 minutes on Wednesday 25 November 2026 at 10:00, unless
 * `overrides` say otherwise.
 */
export function appointmentMessageSnapshot(
  overrides: Partial<NotificationSnapshot> & Pick<NotificationSnapshot, 'token' | 'sequence'>,
): NotificationSnapshot {
  return {
    appointmentId: 'a-1',
    clinic: {
      id: '7d2c0b0e-3a51-4f0f-8f43-6f1f1d2b9a01',
      name: 'Riverside Family Clinic',
      timezone: 'America/New_York',
    },
    start: '2026-11-25T15:00:00.000Z',
    durationMinutes: 30,
    patient: { name: 'José Núñez', email: 'jose@example.com' },
    staff: { name: 'Dr. Priya Raman', email: 'priya@example.com' },
    ...overrides,
  };
}
