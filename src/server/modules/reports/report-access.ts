import type { ClinicSummary } from '@contracts/auth';
import type { Executor } from '../../db/client';
import type { AuthUser } from '../../core/request-context';
import { forbidden, notFound } from '../../errors';
import { reportViewerRoles } from './reports.repository';

export const REPORTS_NOT_ALLOWED =
  'Reports are open to admins and to the roles a clinic allows. Ask an admin of your clinic for access.';

/** Whether the user reads any of their clinics' reports: the sidebar offers them only then. */
export async function readsAnyReports(db: Executor, user: AuthUser): Promise<boolean> {
  if (user.role === 'admin') return true;
  const roles = await reportViewerRoles(
    db,
    user.clinics.map((c) => c.id),
  );
  return [...roles.values()].some((allowed) => allowed.includes(user.role));
}

/**
 * The clinics whose reports the user reads: of their own clinics (another clinic's is a 404, as
 * if it did not exist), those where they are an admin or their role is one the clinic allows.
 */
export async function reportClinicsOf(
  db: Executor,
  user: AuthUser,
  clinic: string | undefined,
): Promise<ClinicSummary[]> {
  const asked = clinic
    ? user.clinics.filter((c) => c.id === clinic || c.slug === clinic)
    : user.clinics;
  if (clinic && asked.length === 0) throw notFound('Clinic not found.');
  if (user.role === 'admin') return asked;
  const roles = await reportViewerRoles(
    db,
    asked.map((c) => c.id),
  );
  const allowed = asked.filter((c) => roles.get(c.id)?.includes(user.role));
  if (allowed.length === 0) throw forbidden(REPORTS_NOT_ALLOWED);
  return allowed;
}
