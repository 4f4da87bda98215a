import type { ServicesResponse } from '@contracts/services';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import { requireClinicOf, toServiceView } from './service-scope';
import { listServices as listServiceRows, type ArchivedFilter } from './services.repository';

/** What a clinic books, for any of its staff: the booking wizard reads it, its admins edit it. */
export async function listServices(
  deps: AppDeps,
  { user }: RequestContext,
  clinicId: string,
  archived: ArchivedFilter,
): Promise<ServicesResponse> {
  const clinic = requireClinicOf(user, clinicId);
  const rows = await listServiceRows(deps.db.db, clinic.id, archived);
  return { data: rows.map(toServiceView) };
}
