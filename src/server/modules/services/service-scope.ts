import type { ServiceView } from '@contracts/services';
import { SERVICE_KINDS, SERVICE_PATIENTS } from '@domain/services';
import { isBookableRole } from '@domain/roles';
import { duplicateKeyOf } from '../../db/errors';
import type { Executor } from '../../db/client';
import { conflict, notFound, unprocessable } from '../../errors';
import { requireClinicOf } from '../../core/clinic-scope';
import { findClinicMembers, type AgentChoice, type ServiceRow } from './services.repository';

// What every use case of the services module shares: whose clinic it is, who may offer a
// service, the view, and the words of its refusals.

export { requireClinicOf };

export const serviceNotFound = () => notFound('Service not found.');

export const CHANGED_MEANWHILE =
  'Someone else changed this service since you opened it. Reload to see their changes, then make yours again.';

export const DEFAULT_NOT_ARCHIVED =
  'The default service cannot be archived: it is what every booking made without a service is. Rename or change it instead.';

export const DEFAULT_OFFERED_BY_ALL =
  'The default service is offered by everyone who sees patients, so that bookings made without a service can go to any provider or nurse.';

/** The 409 for a name another active service of the clinic has; any other error as it was. */
export function asNameTaken(err: unknown, name: string): unknown {
  if (duplicateKeyOf(err) !== 'services_name_key') return err;
  return conflict(`This clinic already has a service called “${name}”.`, {
    details: 'Choose another name, or change the service that has it.',
    fields: [{ field: 'name', message: 'is already the name of another service of this clinic' }],
  });
}

/**
 * Only the clinic's providers and nurses can offer a service. A member who is not one is named;
 * anyone else by id alone, since whether they exist elsewhere is not this clinic's business.
 */
export async function checkAgents(
  db: Executor,
  clinicId: string,
  agents: readonly AgentChoice[],
): Promise<void> {
  const members = new Map(
    (
      await findClinicMembers(
        db,
        clinicId,
        agents.map((a) => a.id),
      )
    ).map((m) => [m.id, m]),
  );
  const refused = agents.flatMap(({ id }) => {
    const member = members.get(id);
    if (!member) return [`The user with id ${id} is not a provider or nurse of this clinic.`];
    if (!isBookableRole(member.role)) {
      return [`${member.name} does not see patients: only providers and nurses offer services.`];
    }
    return [];
  });
  if (refused.length === 0) return;
  throw unprocessable(
    refused.length === 1
      ? 'A chosen person cannot offer this service.'
      : 'Some chosen people cannot offer this service.',
    { details: refused.join(' '), fields: [{ field: 'agents', message: refused.join(' ') }] },
  );
}

// The columns' checks allow only these; the fallbacks are the columns' defaults.
const kindOf = (kind: string) => SERVICE_KINDS.find((k) => k === kind) ?? 'video';
const patientsOf = (value: string) => SERVICE_PATIENTS.find((p) => p === value) ?? 'all';

export function toServiceView(row: ServiceRow): ServiceView {
  const { archivedAt, kind, patientsAllowed, ...rest } = row;
  return {
    ...rest,
    kind: kindOf(kind),
    patientsAllowed: patientsOf(patientsAllowed),
    archived: archivedAt !== null,
  };
}
