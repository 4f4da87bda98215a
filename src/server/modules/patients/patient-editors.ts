import { DEFAULT_PATIENT_EDITOR_ROLES } from '@domain/patients';
import type { RequestContext } from '../../core/request-context';

/**
 * Whether the caller may change patient records: the front desk and admins, signed in as
 * themselves (an integration changes patients through FHIR, with its own write scope).
 */
export function mayEditPatients(ctx: RequestContext): boolean {
  return (
    !ctx.apiToken &&
    !ctx.patient &&
    (DEFAULT_PATIENT_EDITOR_ROLES as readonly string[]).includes(ctx.user.role)
  );
}
