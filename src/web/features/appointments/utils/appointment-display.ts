import type { Appointment } from '@contracts/appointments';

/** Spec §2 fallbacks for missing names. */
export const patientNameOf = (appointment: Pick<Appointment, 'patient'>) =>
  appointment.patient?.name?.trim() || 'Unknown Patient';

export const staffNameOf = (appointment: Pick<Appointment, 'staff'>) =>
  appointment.staff?.name?.trim() || 'Unknown Staff';

/** A clinic's name when the viewer's clinic list knows the slug, else the slug as it is. */
export function clinicNameOf(
  slug: string | undefined,
  clinics: ReadonlyArray<{ slug: string; name: string }>,
): string {
  if (!slug) return '';
  return clinics.find((clinic) => clinic.slug === slug)?.name ?? slug;
}
