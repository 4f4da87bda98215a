import type { Appointment } from '@contracts/appointments';

const HOUR_MS = 3_600_000;

/** A realistic appointment; `startsInHours` puts it in the future (positive) or past (negative). */
export function createAppointment(
  overrides: Partial<Appointment> & { startsInHours?: number; status?: string } = {},
): Appointment {
  const { startsInHours = 48, status = 'BOOKED', ...rest } = overrides;
  return {
    _id: '0b9f6c1e-5d3a-4c1b-9e8f-1a2b3c4d5e6f',
    date: new Date(Date.now() + startsInHours * HOUR_MS).toISOString(),
    duration: 30,
    token: 'tok_Qm9vay1saW5rLXRva2VuLTEyMw',
    patient: {
      id: 'c3d4e5f6-1111-4222-8333-944455566677',
      name: 'Maya Lindqvist',
      email: 'maya.lindqvist@example.com',
      phone: '(555) 201-4433',
      clinic: 'riverside',
      source: 'front-desk',
    },
    staff: {
      id: 'a1b2c3d4-2222-4333-8444-955566677788',
      name: 'Dr. Priya Raman',
      email: 'provider@carebook.test',
    },
    metadata: { status, notes: null, source: 'carebook', type: 'custom' },
    statusHistory: [],
    serviceId: null,
    resourceId: null,
    ...rest,
  };
}

type StatusEntry = Appointment['statusHistory'][number];

/** One entry of an appointment's status history: Sam Ortiz's, just now, unless told. */
export function createStatusEntry(
  overrides: Partial<StatusEntry> & Pick<StatusEntry, 'type'>,
): StatusEntry {
  return {
    timestamp: new Date().toISOString(),
    reason: null,
    from: null,
    to: null,
    by: 'Sam Ortiz',
    ...overrides,
  };
}
