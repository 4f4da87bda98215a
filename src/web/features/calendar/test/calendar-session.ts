import type { SessionUser } from '@contracts/auth';
import { makeSessionUser } from '@web/test/api-stub';

/** The calendar tests' clinic: Riverside, in New York. */
export const CALENDAR_CLINIC = {
  id: 'clinic-1',
  slug: 'riverside',
  name: 'Riverside Family Clinic',
  timezone: 'America/New_York',
};

/**
 * GET /api/auth/session's answer for the calendar tests' viewer: Sam Ortiz at the front desk of
 * `clinic`, seeing times in `timezone`.
 */
export function calendarSession(
  clinic: SessionUser['clinics'][number],
  timezone = 'America/New_York',
): { user: SessionUser } {
  return {
    user: makeSessionUser({
      id: 'u-1',
      email: 'staff@carebook.test',
      name: 'Sam Ortiz',
      role: 'staff',
      timezone,
      clinics: [clinic],
    }),
  };
}
