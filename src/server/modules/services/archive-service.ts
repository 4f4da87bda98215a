import type { ServiceView } from '@contracts/services';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import { unprocessable } from '../../errors';
import { auditChange } from '../audit';
import {
  asNameTaken,
  DEFAULT_NOT_ARCHIVED,
  requireClinicOf,
  serviceNotFound,
  toServiceView,
} from './service-scope';
import * as repo from './services.repository';

/**
 * Archives a service (no longer offered; its appointments and history stay) or restores it.
 * Asking for what already is answers the service as it is, and writes nothing.
 */
async function setArchived(
  deps: AppDeps,
  ctx: RequestContext,
  clinicId: string,
  serviceId: string,
  archive: boolean,
): Promise<ServiceView> {
  const clinic = requireClinicOf(ctx.user, clinicId);
  const before = await repo.findService(deps.db.db, clinic.id, serviceId);
  if (!before) throw serviceNotFound();
  if (archive && before.isDefault) throw unprocessable(DEFAULT_NOT_ARCHIVED);
  if ((before.archivedAt !== null) === archive) return toServiceView(before);
  try {
    return await deps.db.db.transaction(async (tx) => {
      const now = deps.now();
      await repo.setArchivedAt(tx, serviceId, archive ? now : null, now);
      await auditChange(
        tx,
        ctx,
        {
          action: archive ? 'archive' : 'restore',
          entityType: 'service',
          entityId: serviceId,
          patientId: null,
          details: { name: before.name },
        },
        now,
      );
      const row = await repo.findService(tx, clinic.id, serviceId);
      if (!row) throw serviceNotFound();
      return toServiceView(row);
    });
  } catch (err) {
    // Restored beside an active service that took its name meanwhile.
    throw asNameTaken(err, before.name);
  }
}

export const archiveService = (
  deps: AppDeps,
  ctx: RequestContext,
  clinicId: string,
  serviceId: string,
) => setArchived(deps, ctx, clinicId, serviceId, true);

export const restoreService = (
  deps: AppDeps,
  ctx: RequestContext,
  clinicId: string,
  serviceId: string,
) => setArchived(deps, ctx, clinicId, serviceId, false);
