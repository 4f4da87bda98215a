import type { PatientSessionView, StaffSessionView } from '@contracts/session';
import type { VisitTiming } from '@web/lib/video-call/visit-window';

// One video visit as the server describes it, to the patient and to staff: 3:00 PM in New York
// on Tuesday, November 24, 2026, its window opening at 2:50 PM, the server's clock at 2:45 PM.

export function createVisitTiming(overrides: Partial<VisitTiming> = {}): VisitTiming {
  return {
    start: '2026-11-24T20:00:00.000Z',
    durationMinutes: 30,
    status: 'BOOKED',
    state: 'too_early',
    joinOpensAt: '2026-11-24T19:50:00.000Z',
    joinClosesAt: '2026-11-24T20:45:00.000Z',
    ...overrides,
  };
}

/** What both views say about the visit itself. */
function visit() {
  return {
    appointmentId: 'a1',
    ...createVisitTiming(),
    serverNow: '2026-11-24T19:45:00.000Z',
    confirmable: true,
  };
}

export function createPatientSessionView(
  overrides: Partial<PatientSessionView> = {},
): PatientSessionView {
  return {
    ...visit(),
    clinic: { name: 'Riverside Family Clinic', timezone: 'America/New_York' },
    provider: { name: 'Dr. Priya Raman' },
    patient: { firstName: 'José' },
    ...overrides,
  };
}

export function createStaffSessionView(
  overrides: Partial<StaffSessionView> = {},
): StaffSessionView {
  return {
    ...visit(),
    clinic: { slug: 'riverside', name: 'Riverside Family Clinic', timezone: 'America/New_York' },
    provider: { id: 'p1', name: 'Dr. Priya Raman', email: 'provider@carebook.test' },
    patient: { firstName: 'José', name: 'José Núñez', email: 'jose@example.com' },
    notes: null,
    iceServers: [],
    joinRefusal: null,
    ...overrides,
  };
}
