import type { Appointment } from '@contracts/appointments';

/** An appointment on the calendar's test week: José Núñez with Dr. Priya Raman at Riverside. */
export function calendarAppointment(
  overrides: Partial<Appointment> & { status?: string } = {},
): Appointment {
  const { status = 'BOOKED', ...rest } = overrides;
  return {
    _id: 'a1',
    date: '2026-11-24T14:00:00.000Z',
    duration: 30,
    token: 't',
    patient: {
      id: 'p1',
      name: 'José Núñez',
      email: 'jose@example.com',
      phone: null,
      clinic: 'riverside',
      source: null,
    },
    staff: { id: 's1', name: 'Dr. Priya Raman', email: 'priya@carebook.test' },
    metadata: { status, notes: null, source: 'carebook', type: 'custom' },
    statusHistory: [],
    serviceId: null,
    resourceId: null,
    ...rest,
  };
}
