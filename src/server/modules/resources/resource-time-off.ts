import type { z } from 'zod';
import type { addResourceTimeOffBody, ResourceView } from '@contracts/resources';
import { formatDateTimeWithZone } from '@domain/format';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import { notFound, unprocessable } from '../../errors';
import { auditChange } from '../audit';
import { requireClinicOf, resourceNotFound } from './resource-scope';
import * as repo from './resources.repository';
import { savedView } from './write-resource';

type TimeOffInput = z.output<typeof addResourceTimeOffBody>;

/**
 * Takes a resource out of use for a while. Time already over, or overlapping time off it already
 * has, is refused in words: the first changes nothing, the second would list one time twice.
 * Appointments already booked then keep it, for staff to move.
 */
export async function addResourceTimeOff(
  deps: AppDeps,
  ctx: RequestContext,
  clinicId: string,
  resourceId: string,
  body: TimeOffInput,
): Promise<ResourceView> {
  const clinic = requireClinicOf(ctx.user, clinicId);
  const start = new Date(body.start);
  const end = new Date(body.end);
  return deps.db.db.transaction(async (tx) => {
    const now = deps.now();
    // Locked: two admins adding overlapping time off at once are told one after the other.
    // Only time off still listed (not yet ended) counts, so the refusal names one the admin sees.
    if (!(await repo.lockResource(tx, clinic.id, resourceId))) throw resourceNotFound();
    if (end <= now) {
      throw unprocessable('This time off has already ended: only time to come can be taken off.', {
        fields: [{ field: 'end', message: 'must be in the future' }],
      });
    }
    const [overlap] = await repo.overlappingTimeOff(tx, resourceId, start, end, now);
    if (overlap) {
      const when = (iso: string) => formatDateTimeWithZone(iso, clinic.timezone);
      throw unprocessable('This time off overlaps time off already set.', {
        details: `It is already out of use from ${when(overlap.start)} to ${when(overlap.end)}. Remove that time off first, or choose other times.`,
        fields: [{ field: 'start', message: 'overlaps time off already set' }],
      });
    }
    const id = await repo.insertTimeOff(tx, {
      resourceId,
      clinicId: clinic.id,
      start,
      end,
      reason: body.reason,
      createdBy: ctx.user.id,
    });
    await auditChange(
      tx,
      ctx,
      {
        action: 'create',
        entityType: 'resource',
        entityId: resourceId,
        patientId: null,
        details: { timeOffId: id, start: start.toISOString(), end: end.toISOString() },
      },
      now,
    );
    return savedView(tx, clinic.id, resourceId, now);
  });
}

/** Puts a resource back in use for a time it was taken out of. */
export async function removeResourceTimeOff(
  deps: AppDeps,
  ctx: RequestContext,
  clinicId: string,
  resourceId: string,
  timeOffId: string,
): Promise<ResourceView> {
  const clinic = requireClinicOf(ctx.user, clinicId);
  return deps.db.db.transaction(async (tx) => {
    const now = deps.now();
    if (!(await repo.lockResource(tx, clinic.id, resourceId))) throw resourceNotFound();
    const removed = await repo.deleteTimeOff(tx, clinic.id, resourceId, timeOffId);
    if (!removed) throw notFound('Time off not found.');
    await auditChange(
      tx,
      ctx,
      {
        action: 'remove',
        entityType: 'resource',
        entityId: resourceId,
        patientId: null,
        details: {
          timeOffId,
          start: removed.start.toISOString(),
          end: removed.end.toISOString(),
        },
      },
      now,
    );
    return savedView(tx, clinic.id, resourceId, now);
  });
}
