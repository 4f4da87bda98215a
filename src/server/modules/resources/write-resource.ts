import type { ResourceInput, ResourceUpdate, ResourceView } from '@contracts/resources';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import type { Transaction } from '../../db/client';
import { conflict } from '../../errors';
import { auditChange } from '../audit';
import {
  asNameTaken,
  CHANGED_MEANWHILE,
  checkedWeekly,
  requireClinicOf,
  resourceNotFound,
  toResourceView,
} from './resource-scope';
import * as repo from './resources.repository';

const fieldsOf = (input: ResourceInput): repo.ResourceFields => ({
  name: input.name,
  kind: input.kind,
  category: input.category,
  weekly: checkedWeekly(input.weekly),
});

/** Which of the fields an admin sets differ from the resource as it was: what the audit names. */
function changedFields(before: repo.ResourceRow, after: repo.ResourceFields): string[] {
  // jsonb keeps an object's keys in its own order, so the hours are compared field by field.
  const comparable = (fields: repo.ResourceFields) =>
    JSON.stringify([
      fields.name,
      fields.kind,
      fields.category,
      fields.weekly?.map((s) => [s.weekday, s.start, s.end]) ?? null,
    ]);
  return (Object.keys(after) as Array<keyof repo.ResourceFields>).filter(
    (key) => comparable({ ...after, [key]: before[key] }) !== comparable(after),
  );
}

/** The resource as it now is, read in the transaction that wrote it. */
export async function savedView(tx: Transaction, clinicId: string, resourceId: string, now: Date) {
  const row = await repo.findResource(tx, clinicId, resourceId, now);
  if (!row) throw resourceNotFound();
  return toResourceView(row);
}

/** A new room or piece of equipment of the clinic, by one of its admins. */
export async function createResource(
  deps: AppDeps,
  ctx: RequestContext,
  clinicId: string,
  body: ResourceInput,
): Promise<ResourceView> {
  const clinic = requireClinicOf(ctx.user, clinicId);
  const fields = fieldsOf(body);
  try {
    return await deps.db.db.transaction(async (tx) => {
      const now = deps.now();
      const id = await repo.insertResource(tx, clinic.id, fields);
      await auditChange(
        tx,
        ctx,
        {
          action: 'create',
          entityType: 'resource',
          entityId: id,
          patientId: null,
          details: { name: fields.name, kind: fields.kind, clinicId: clinic.id },
        },
        now,
      );
      return savedView(tx, clinic.id, id, now);
    });
  } catch (err) {
    throw asNameTaken(err, fields.name);
  }
}

/**
 * Changes a resource as a whole, only if nobody changed it since `version` was read.
 * Appointments already booked keep it.
 */
export async function updateResource(
  deps: AppDeps,
  ctx: RequestContext,
  clinicId: string,
  resourceId: string,
  body: ResourceUpdate,
): Promise<ResourceView> {
  const clinic = requireClinicOf(ctx.user, clinicId);
  const { version, ...input } = body;
  const before = await repo.findResource(deps.db.db, clinic.id, resourceId, deps.now());
  if (!before) throw resourceNotFound();
  if (before.version !== version) throw conflict(CHANGED_MEANWHILE);
  const fields = fieldsOf(input);
  const changed = changedFields(before, fields);
  if (changed.length === 0) return toResourceView(before);
  try {
    return await deps.db.db.transaction(async (tx) => {
      const now = deps.now();
      // The version decides, in the statement that writes: a change read at the same version
      // that committed first leaves this one nothing to update.
      const written = await repo.updateResourceAt(tx, clinic.id, resourceId, version, fields, now);
      if (!written) throw conflict(CHANGED_MEANWHILE);
      await auditChange(
        tx,
        ctx,
        {
          action: 'update',
          entityType: 'resource',
          entityId: resourceId,
          patientId: null,
          details: { name: fields.name, changed },
        },
        now,
      );
      return savedView(tx, clinic.id, resourceId, now);
    });
  } catch (err) {
    throw asNameTaken(err, fields.name);
  }
}
