import type { ServiceInput, ServiceUpdate, ServiceView } from '@contracts/services';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import type { Transaction } from '../../db/client';
import { conflict, unprocessable } from '../../errors';
import { auditChange } from '../audit';
import { checkServiceNeed, type ServiceNeedColumns } from '../resources';
import {
  asNameTaken,
  CHANGED_MEANWHILE,
  checkAgents,
  DEFAULT_OFFERED_BY_ALL,
  requireClinicOf,
  serviceNotFound,
  toServiceView,
} from './service-scope';
import * as repo from './services.repository';

const fieldsOf = ({ agents: _agents, ...fields }: ServiceInput): repo.ServiceFields => fields;

/** Which of the fields an admin sets differ from the service as it was: what the audit names. */
function changedFields(before: repo.ServiceRow, after: ServiceInput): string[] {
  const agentsOf = (agents: ReadonlyArray<{ id: string; durationMinutes: number | null }>) =>
    JSON.stringify(
      agents
        .map((a) => [a.id, a.durationMinutes])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    );
  const fields = fieldsOf(after);
  const changed = (Object.keys(fields) as Array<keyof repo.ServiceFields>).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(fields[key]),
  );
  return agentsOf(before.agents) === agentsOf(after.agents) ? changed : [...changed, 'agents'];
}

/** Whether a change asks for what the service needs already (a category's case aside). */
function sameNeed(before: ServiceNeedColumns, after: ServiceNeedColumns): boolean {
  const category = (need: ServiceNeedColumns) =>
    need.resourceCategory?.trim().toLowerCase() ?? null;
  return before.resourceId === after.resourceId && category(before) === category(after);
}

/** The service as it now is, read in the transaction that wrote it. */
async function savedView(tx: Transaction, clinicId: string, serviceId: string) {
  const row = await repo.findService(tx, clinicId, serviceId);
  if (!row) throw serviceNotFound();
  return toServiceView(row);
}

/** A new service of the clinic, by one of its admins; the name is the clinic's only once. */
export async function createService(
  deps: AppDeps,
  ctx: RequestContext,
  clinicId: string,
  body: ServiceInput,
): Promise<ServiceView> {
  const clinic = requireClinicOf(ctx.user, clinicId);
  await checkAgents(deps.db.db, clinic.id, body.agents);
  const input = { ...body, ...(await checkServiceNeed(deps.db.db, clinic.id, body)) };
  try {
    return await deps.db.db.transaction(async (tx) => {
      const now = deps.now();
      // Again under the resource's lock, so it cannot be archived before this is written.
      await checkServiceNeed(tx, clinic.id, input);
      const id = await repo.insertService(tx, clinic.id, fieldsOf(input));
      await repo.replaceServiceAgents(tx, id, body.agents);
      await auditChange(
        tx,
        ctx,
        {
          action: 'create',
          entityType: 'service',
          entityId: id,
          patientId: null,
          details: { name: body.name, clinicId: clinic.id },
        },
        now,
      );
      const view = await savedView(tx, clinic.id, id);
      return view;
    });
  } catch (err) {
    throw asNameTaken(err, body.name);
  }
}

/**
 * Changes a service as a whole, only if nobody changed it since `version` was read. Appointments
 * already booked keep the length and buffers they were booked with (they carry their own).
 */
export async function updateService(
  deps: AppDeps,
  ctx: RequestContext,
  clinicId: string,
  serviceId: string,
  body: ServiceUpdate,
): Promise<ServiceView> {
  const clinic = requireClinicOf(ctx.user, clinicId);
  const { version, ...asked } = body;
  const before = await repo.findService(deps.db.db, clinic.id, serviceId);
  if (!before) throw serviceNotFound();
  if (before.version !== version) throw conflict(CHANGED_MEANWHILE);
  if (before.isDefault && !asked.offeredByAll) {
    throw unprocessable(DEFAULT_OFFERED_BY_ALL, {
      fields: [{ field: 'offeredByAll', message: 'must stay on for the default service' }],
    });
  }
  await checkAgents(deps.db.db, clinic.id, asked.agents);
  // A need left as it was is kept as it was, even if what it names has gone meanwhile.
  const keepsNeed = sameNeed(before, asked);
  const input = {
    ...asked,
    ...(keepsNeed
      ? { resourceCategory: before.resourceCategory, resourceId: before.resourceId }
      : await checkServiceNeed(deps.db.db, clinic.id, asked)),
  };
  const changed = changedFields(before, input);
  if (changed.length === 0) return toServiceView(before);
  try {
    return await deps.db.db.transaction(async (tx) => {
      const now = deps.now();
      // Again under the resource's lock, so it cannot be archived before this is written.
      if (!keepsNeed) await checkServiceNeed(tx, clinic.id, input);
      // The version decides, in the statement that writes: a change read at the same version
      // that committed first leaves this one nothing to update.
      const written = await repo.updateServiceAt(
        tx,
        clinic.id,
        serviceId,
        version,
        fieldsOf(input),
        now,
      );
      if (!written) throw conflict(CHANGED_MEANWHILE);
      if (changed.includes('agents')) await repo.replaceServiceAgents(tx, serviceId, input.agents);
      await auditChange(
        tx,
        ctx,
        {
          action: 'update',
          entityType: 'service',
          entityId: serviceId,
          patientId: null,
          details: { name: input.name, changed },
        },
        now,
      );
      const view = await savedView(tx, clinic.id, serviceId);
      return view;
    });
  } catch (err) {
    throw asNameTaken(err, input.name);
  }
}
