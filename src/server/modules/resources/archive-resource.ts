import type { ResourceView } from '@contracts/resources';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import { unprocessable } from '../../errors';
import { auditChange } from '../audit';
import { asNameTaken, requireClinicOf, resourceNotFound, toResourceView } from './resource-scope';
import * as repo from './resources.repository';
import { savedView } from './write-resource';

/** "Abdominal scan", "Abdominal scan and Pelvic scan", "A, B and C". */
function listOfNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * Archives a resource (no longer booked; its appointments stay) or restores it. A resource an
 * active service names cannot go: that service could then never be booked. Asking for what
 * already is answers the resource as it is, and writes nothing.
 */
async function setArchived(
  deps: AppDeps,
  ctx: RequestContext,
  clinicId: string,
  resourceId: string,
  archive: boolean,
): Promise<ResourceView> {
  const clinic = requireClinicOf(ctx.user, clinicId);
  const before = await repo.findResource(deps.db.db, clinic.id, resourceId, deps.now());
  if (!before) throw resourceNotFound();
  if ((before.archivedAt !== null) === archive) return toResourceView(before);
  try {
    return await deps.db.db.transaction(async (tx) => {
      const now = deps.now();
      // Locked before the services are read: a service being changed to need it either
      // committed first (and is seen below) or waits, then finds it archived. Its category's
      // others are locked with it, in id order, so that two archivings cannot together take the
      // category's last one from a service that needs "any" of them.
      const category = archive
        ? await repo.lockActiveOfCategory(tx, clinic.id, before.category)
        : [];
      if (!(await repo.lockResource(tx, clinic.id, resourceId))) throw resourceNotFound();
      if (archive) {
        const services = await repo.activeServicesNaming(tx, clinic.id, resourceId);
        if (services.length > 0) {
          const names = services.map((s) => s.name);
          throw unprocessable(
            `${before.name} cannot be archived: ${listOfNames(names)} ${names.length === 1 ? 'needs' : 'need'} it.`,
            `Change what ${names.length === 1 ? 'that service needs' : 'those services need'} under Services first, then archive it.`,
          );
        }
        if (category.every((id) => id === resourceId)) {
          const needing = await repo.activeServicesNeedingCategory(tx, clinic.id, before.category);
          if (needing.length > 0) {
            const names = needing.map((s) => s.name);
            throw unprocessable(
              `${before.name} cannot be archived: it is the clinic’s last “${before.category}”, and ${listOfNames(names)} ${names.length === 1 ? 'needs' : 'need'} one.`,
              `Add another “${before.category}”, or change what ${names.length === 1 ? 'that service needs' : 'those services need'} under Services, then archive it.`,
            );
          }
        }
      }
      await repo.setArchivedAt(tx, resourceId, archive ? now : null, now);
      await auditChange(
        tx,
        ctx,
        {
          action: archive ? 'archive' : 'restore',
          entityType: 'resource',
          entityId: resourceId,
          patientId: null,
          details: { name: before.name },
        },
        now,
      );
      return savedView(tx, clinic.id, resourceId, now);
    });
  } catch (err) {
    // Restored beside an active resource that took its name meanwhile.
    throw asNameTaken(err, before.name);
  }
}

export const archiveResource = (
  deps: AppDeps,
  ctx: RequestContext,
  clinicId: string,
  resourceId: string,
) => setArchived(deps, ctx, clinicId, resourceId, true);

export const restoreResource = (
  deps: AppDeps,
  ctx: RequestContext,
  clinicId: string,
  resourceId: string,
) => setArchived(deps, ctx, clinicId, resourceId, false);
