import type { Executor } from '../../db/client';
import { unprocessable } from '../../errors';
import * as repo from './resources.repository';

/** What a service asks of the clinic's resources, as its two columns hold it. */
export interface ServiceNeedColumns {
  resourceCategory: string | null;
  resourceId: string | null;
}

/**
 * Checks what a service is to need against the clinic's active resources and returns it as it is
 * stored: a named resource must be one of them (another clinic's is refused in the same words as
 * one that does not exist), and a category one at least of them has, written as they write it.
 * Call it in the transaction that saves the service: the named resource stays locked for share,
 * so it cannot be archived before the service that needs it is written.
 */
export async function checkServiceNeed(
  db: Executor,
  clinicId: string,
  need: ServiceNeedColumns,
): Promise<ServiceNeedColumns> {
  if (need.resourceId !== null) {
    if (!(await repo.shareActiveResource(db, clinicId, need.resourceId))) {
      throw unprocessable('The chosen room or equipment is not one of this clinic’s.', {
        details:
          'It may have been archived meanwhile. Choose one of the clinic’s rooms or equipment, or another need.',
        fields: [
          { field: 'resourceId', message: 'is not an active room or equipment of this clinic' },
        ],
      });
    }
    return { resourceCategory: null, resourceId: need.resourceId };
  }
  if (need.resourceCategory !== null) {
    const wanted = need.resourceCategory.trim().toLowerCase();
    // One of the category held (for share) until the service is saved: archiving it waits for
    // the save and then sees the service need its category (archive-resource.ts).
    let match: { category: string } | undefined;
    for (const candidate of await repo.activeResourcesOf(db, clinicId)) {
      if (candidate.category.trim().toLowerCase() !== wanted) continue;
      if (await repo.shareActiveResource(db, clinicId, candidate.id)) {
        match = candidate;
        break;
      }
    }
    if (!match) {
      throw unprocessable(`No room or equipment of this clinic is a “${need.resourceCategory}”.`, {
        details:
          'Add one of that category under Resources first, or choose a category the clinic has.',
        fields: [
          {
            field: 'resourceCategory',
            message: 'is not the category of any active room or equipment of this clinic',
          },
        ],
      });
    }
    return { resourceCategory: match.category, resourceId: null };
  }
  return { resourceCategory: null, resourceId: null };
}
