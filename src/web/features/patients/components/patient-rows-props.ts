import type { PatientListItem } from '@contracts/patients';
import { formatDate, formatTime } from '@domain/format';

export interface PatientRowsProps {
  patients: readonly PatientListItem[];
  /** The user works at several clinics: each patient's clinic is named. */
  showClinic: boolean;
  timeZone: string;
}

export const profilePath = (id: string) => `/patients/${id}`;

/** "Nov 21, 2026, 3:30 PM" in the viewer's zone. */
export function formatVisitStart(start: string, timeZone: string): string {
  return `${formatDate(start, timeZone)}, ${formatTime(start, timeZone)}`;
}
