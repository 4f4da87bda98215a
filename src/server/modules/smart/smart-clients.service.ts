import type { CreateSmartClientBody, SmartClientView } from '@contracts/integrations';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import { badRequest, notFound } from '../../errors';
import { isFhirResourceType } from '../fhir';
import { auditChange } from '../audit';
import { revokeSharedCredential, sharedCredentialView } from '../integrations';
import * as repo from './smart-clients.repository';
import { formatScope, parseScope } from './scopes';

const CLIENT_NOT_FOUND = 'SMART client not found.';

export const SHARED_CLIENT_REFUSED =
  'This client also serves clinics you do not administer. Only an admin of all its clinics can ' +
  'revoke it.';

/**
 * An admin registers a system for some of their clinics (another clinic is a 404, as for
 * integration tokens), with the scopes it may ever be granted, each naming a resource type the
 * FHIR API serves (or `*`), kept in v2 form.
 */
export async function createSmartClient(
  deps: AppDeps,
  ctx: RequestContext,
  body: CreateSmartClientBody,
): Promise<SmartClientView> {
  for (const clinicId of body.clinicIds) {
    if (!ctx.user.clinicIds.has(clinicId)) throw notFound('Clinic not found.');
  }
  const scopes = body.scopes.map((text) => {
    const scope = parseScope(text)!;
    if (scope.type !== '*' && !isFhirResourceType(scope.type)) {
      throw badRequest(
        `${text}: this server has no ${scope.type} resources; /fhir/R4/metadata lists those it has.`,
      );
    }
    return formatScope(scope);
  });
  const now = deps.now();
  const id = await deps.db.db.transaction(async (tx) => {
    const inserted = await repo.insertClient(tx, {
      name: body.name,
      jwks: body.jwks ?? null,
      jwksUrl: body.jwksUrl ?? null,
      scopes: [...new Set(scopes)],
      clinicIds: body.clinicIds,
      createdBy: ctx.user.id,
      createdAt: now,
    });
    await auditChange(
      tx,
      ctx,
      {
        action: 'create',
        entityType: 'smart_client',
        entityId: inserted.id,
        patientId: null,
        details: { name: body.name, scopes: scopes.join(' ') },
      },
      now,
    );
    return inserted.id;
  });
  const created = await repo.findClientOfClinics(deps.db.db, id, [...ctx.user.clinicIds]);
  if (!created) throw notFound(CLIENT_NOT_FOUND);
  return toView(created, ctx.user.clinicIds);
}

export async function listSmartClients(
  deps: AppDeps,
  { user }: RequestContext,
): Promise<{ data: SmartClientView[] }> {
  const rows = await repo.listClientsOfClinics(deps.db.db, [...user.clinicIds]);
  return { data: rows.map((row) => toView(row, user.clinicIds)) };
}

/**
 * Revokes at once: no token is issued to it any more and the ones it holds stop working. Only an
 * admin of all the client's clinics may (else 403), as for integration tokens (ADR 030).
 */
export async function revokeSmartClient(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
): Promise<SmartClientView> {
  const revoked = await revokeSharedCredential(deps, ctx, id, {
    entityType: 'smart_client',
    notFound: CLIENT_NOT_FOUND,
    sharedRefused: SHARED_CLIENT_REFUSED,
    lock: repo.lockClientOfClinics,
    revoke: repo.revokeClient,
    find: repo.findClientOfClinics,
  });
  return toView(revoked, ctx.user.clinicIds);
}

function toView(row: repo.ListedClientRow, mine: ReadonlySet<string>): SmartClientView {
  const { client } = row;
  return {
    id: client.id,
    clientId: client.id,
    name: client.name,
    scopes: client.scopes,
    jwksUrl: client.jwksUrl,
    keyIds: (client.jwks?.keys ?? []).map((k) => String(k.kid)),
    ...sharedCredentialView(client, row, mine),
  };
}
