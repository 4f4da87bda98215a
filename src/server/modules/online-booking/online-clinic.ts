import type { AppDeps } from '../../app-deps';
import { patientContext } from '../../core/request-context';
import { notFound } from '../../errors';
import { findOnlineBookingClinic } from '../clinics';

export const NOT_OFFERED = 'Online booking is not available for this clinic.';
const HOUR = 3_600_000;

/** The clinic of a public booking URL, when it takes online bookings; a 404 otherwise. */
export async function enabledClinic(deps: AppDeps, slug: string) {
  const clinic = await findOnlineBookingClinic(deps.db.db, slug);
  if (!clinic || !clinic.onlineBooking.enabled) throw notFound(NOT_OFFERED);
  return clinic;
}
export type OnlineClinic = Awaited<ReturnType<typeof enabledClinic>>;

/** The window online bookings may start in: past the notice, before the horizon. */
export function bookingWindow(clinic: OnlineClinic, now: Date) {
  return {
    earliest: now.getTime() + clinic.onlineBooking.minNoticeHours * HOUR,
    latest: now.getTime() + clinic.onlineBooking.horizonDays * 24 * HOUR,
  };
}

/** The request context of a public call: nobody signed in, the clinic in view. */
export const publicContext = (clinic: OnlineClinic, ip: string) =>
  patientContext(
    {
      appointmentId: '',
      clinic: { id: clinic.id, slug: clinic.slug, name: clinic.name, timezone: clinic.timezone },
    },
    ip,
  );
