import type { ResourcesResponse } from '@contracts/resources';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import { requireClinicOf, toResourceView } from './resource-scope';
import { listResources as listResourceRows, type ArchivedFilter } from './resources.repository';

/** A clinic's rooms and equipment, for any of its staff: its admins edit them, bookings use them. */
export async function listResources(
  deps: AppDeps,
  { user }: RequestContext,
  clinicId: string,
  archived: ArchivedFilter,
): Promise<ResourcesResponse> {
  const clinic = requireClinicOf(user, clinicId);
  const rows = await listResourceRows(deps.db.db, clinic.id, archived, deps.now());
  return { data: rows.map(toResourceView) };
}
