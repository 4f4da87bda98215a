// The kind of visit each message is about, read when it is written (issue 42): a service renamed
// or given instructions after booking is told as it is now, as a reminder already reads the
// appointment when it goes out. A row without an appointment (an offer, a hold) has none.
import { mailboxAddress } from '@domain/icalendar';
import { visitKindOf, type VisitKind } from '@domain/visit-kind';
import type { Executor } from '../../db/client';
import { serviceOfAppointment } from '../services';
import type { MessageClinic } from './messages';
import { appointmentServices, messageClinics } from './outbox.repository';

/**
 * The visit of each of the rows' appointments. The services module reads each service once
 * (and knows that no service means the clinic's default): a batch holds few distinct services.
 */
export async function visitsOfRows(
  db: Executor,
  rows: ReadonlyArray<{ appointmentId?: string | null }>,
): Promise<Map<string, VisitKind>> {
  const ids = [...new Set(rows.flatMap((row) => (row.appointmentId ? [row.appointmentId] : [])))];
  const appointments = await appointmentServices(db, ids);
  const services = new Map<string, ReturnType<typeof serviceOfAppointment>>();
  const serviceOf = (clinicId: string, serviceId: string | null) => {
    const key = `${clinicId}/${serviceId ?? 'default'}`;
    if (!services.has(key)) services.set(key, serviceOfAppointment(db, clinicId, serviceId));
    return services.get(key)!;
  };
  const visits = await Promise.all(
    appointments.map(async (a) => {
      // A clinic always has its default service (a trigger makes it); should one be missing, the
      // message still goes, as messages read before services, rather than not at all.
      const service = await serviceOf(a.clinicId, a.serviceId).catch(() => null);
      return service ? [[a.appointmentId, visitKindOf(service, a.clinicAddress)] as const] : [];
    }),
  );
  return new Map(visits.flat());
}

/**
 * The clinic of each row, as its messages sign them (issue 44): address, phone and the language
 * its patients read when their record names none; for calendar files, its reminders and the
 * address named as organizer: clinics keep no e-mail address of their own, so it is the one
 * their messages come from (`mailFrom`). Read when sent, like the visit.
 */
export async function clinicsOfRows(
  db: Executor,
  rows: ReadonlyArray<{ clinicId?: string | null }>,
  mailFrom: string,
): Promise<Map<string, MessageClinic>> {
  const ids = [...new Set(rows.flatMap((row) => (row.clinicId ? [row.clinicId] : [])))];
  const clinics = await messageClinics(db, ids);
  const organizerEmail = mailboxAddress(mailFrom);
  return new Map(clinics.map(({ id, ...clinic }) => [id, { ...clinic, organizerEmail }]));
}
