import type { DuplicatePatient } from '@contracts/patient-merge';
import { DUPLICATE_REASON_TEXTS, type DuplicateReason } from '@domain/patient-duplicates';
import { formatCalendarDate } from '@web/lib/calendar-date';
import { displayName } from './patient-labels';

export function reasonText(reason: DuplicateReason): string {
  return DUPLICATE_REASON_TEXTS[reason];
}

/** The rows a merge compares, in the order a person checks them. */
export const COMPARED: { label: string; value: (p: DuplicatePatient) => string }[] = [
  { label: 'Name', value: displayName },
  { label: 'Date of birth', value: (p) => (p.dob ? formatCalendarDate(p.dob) : '') },
  { label: 'E-mail', value: (p) => p.email ?? '' },
  { label: 'Phone', value: (p) => p.phone ?? '' },
  {
    label: 'Address',
    value: (p) =>
      [p.addressLine, p.city, p.region, p.postalCode, p.country].filter(Boolean).join(', '),
  },
  { label: 'Record number', value: (p) => p.recordNumber ?? '' },
  { label: 'Visits', value: (p) => String(p.visits) },
  { label: 'Added', value: (p) => formatCalendarDate(p.createdAt.slice(0, 10)) },
];

/** The record kept unless staff choose the other: the one with more visits, else the older. */
export function likelyKept(a: DuplicatePatient, b: DuplicatePatient): DuplicatePatient {
  if (a.visits !== b.visits) return a.visits > b.visits ? a : b;
  return a.createdAt <= b.createdAt ? a : b;
}
