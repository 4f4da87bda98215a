import { notFound } from '../errors';
import type { AuthUser } from './request-context';

/**
 * The clinic by id, if the user belongs to it: another clinic is a 404, exactly like one that
 * does not exist. The user's clinics come with the session, so this costs no query. Services,
 * resources and whatever else a clinic's admins manage scope themselves here, so none of them
 * answers another clinic differently.
 */
export function requireClinicOf(user: Pick<AuthUser, 'clinics'>, clinicId: string) {
  const clinic = user.clinics.find((c) => c.id === clinicId);
  if (!clinic) throw notFound('Clinic not found.');
  return clinic;
}
