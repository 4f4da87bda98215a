// Test data: an outside calendar as its owner and admins see it (ADR 053, ADR 062).
import type { OutsideCalendarView } from '@contracts/outside-calendars';

/** An iCalendar address that synced at 2:55 PM on November 24, 2026, pushing nothing. */
export function createOutsideCalendarView(
  overrides: Partial<OutsideCalendarView> = {},
): OutsideCalendarView {
  return {
    id: crypto.randomUUID(),
    kind: 'ical-url',
    name: 'Hospital rota',
    address: 'calendar.example.org/…',
    username: null,
    lastSyncedAt: '2026-11-24T14:55:00.000Z',
    lastAttemptAt: '2026-11-24T14:55:00.000Z',
    lastError: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    push: {
      enabled: false,
      patientNames: false,
      lastPushedAt: null,
      lastError: null,
      lastConflictAt: null,
      waiting: 0,
    },
    ...overrides,
  };
}
