import { notFound } from '../../errors';
import type { Executor } from '../../db/client';
import type { AuthUser } from '../auth/auth.service';
import { findClinicBySlug } from './clinics.repository';

/**
 * The clinic named by slug, if the user belongs to it. Another clinic's record is a 404, exactly
 * like one that does not exist, so its existence is not revealed.
 */
export async function requireMemberClinic(db: Executor, user: AuthUser, slug: string) {
  const clinic = await findClinicBySlug(db, slug);
  if (!clinic || !user.clinicIds.has(clinic.id)) throw notFound('Clinic not found.');
  return clinic;
}
