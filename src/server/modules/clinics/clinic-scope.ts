import { notFound } from '../../errors';
import type { AuthUser } from '../../core/request-context';

/**
 * The clinic named by slug, if the user belongs to it. Another clinic's record is a 404, exactly
 * like one that does not exist, so its existence is not revealed. The user's clinics come with
 * the session (read on every request), so this costs no query.
 */
export function requireMemberClinic(user: Pick<AuthUser, 'clinics'>, slug: string) {
  const clinic = user.clinics.find((c) => c.slug === slug);
  if (!clinic) throw notFound('Clinic not found.');
  return clinic;
}
