import type { HoldSnapshot } from '../modules/notifications';

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
