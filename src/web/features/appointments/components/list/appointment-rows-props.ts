import type { Appointment } from '@contracts/appointments';

/** What the table (desktop) and the cards (under 768px) both need to show a page of results. */
export interface AppointmentRowsProps {
  appointments: readonly Appointment[];
  clinics: ReadonlyArray<{ slug: string; name: string }>;
  timeZone: string;
  onView: (id: string) => void;
}
