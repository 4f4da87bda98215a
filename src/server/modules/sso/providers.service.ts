import type { IdentityProviderInput, IdentityProviderView } from '@contracts/sso';
import { isRole } from '@domain/roles';
import type { GroupMapping } from '@domain/sso-groups';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import type { Executor } from '../../db/client';
import { badRequest, conflict, notFound, unprocessable } from '../../errors';
import { sealSecret } from '../../security/sealed-secret';
import { auditChange } from '../audit';
import { discoverIssuer } from './oidc-client';
import * as repo from './sso.repository';
import { postLogoutRedirectUri, redirectUri } from './sso-urls';

const PROVIDER_NOT_FOUND = 'Identity provider not found.';

/**
 * An admin manages a provider only when they administer every clinic it serves; to anyone else
 * it does not exist (404), since it decides who signs in to the other clinics (ADR 048).
 */
export async function listProviders(
  deps: AppDeps,
  { user }: RequestContext,
): Promise<{ data: IdentityProviderView[] }> {
  const rows = await repo.listProvidersWithin(deps.db.db, [...user.clinicIds]);
  return { data: rows.map((row) => toView(deps, row)) };
}

export async function createProvider(
  deps: AppDeps,
  ctx: RequestContext,
  body: IdentityProviderInput,
): Promise<IdentityProviderView> {
  checkClinics(ctx, body);
  if (!body.clientSecret) {
    throw badRequest('Give the client secret the identity provider issued.', {
      fields: [{ field: 'clientSecret', message: 'Give the client secret.' }],
    });
  }
  await checkIssuer(body.issuer);
  const now = deps.now();
  const id = await deps.db.db.transaction(async (tx) => {
    const row = await repo.insertProvider(tx, {
      ...columnsOf(body),
      clientSecret: sealSecret(body.clientSecret!, deps.config.ACCOUNT_SECRETS_KEY),
      createdBy: ctx.user.id,
      createdAt: now,
      updatedAt: now,
    });
    await audit(tx, ctx, 'create', row.id, now, columnsOf(body));
    return row.id;
  });
  return findView(deps, ctx, id);
}

export async function updateProvider(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
  body: IdentityProviderInput,
): Promise<IdentityProviderView> {
  const current = await findView(deps, ctx, id);
  if (current.archivedAt) throw conflict('This identity provider is archived.');
  checkClinics(ctx, body);
  if (body.issuer !== current.issuer) await checkIssuer(body.issuer);
  const now = deps.now();
  await deps.db.db.transaction(async (tx) => {
    // Decided again on the locked row: its clinics may have changed since.
    const locked = await repo.lockProviderWithin(tx, id, [...ctx.user.clinicIds]);
    if (!locked) throw notFound(PROVIDER_NOT_FOUND);
    await repo.updateProvider(tx, id, {
      ...columnsOf(body),
      ...(body.clientSecret
        ? { clientSecret: sealSecret(body.clientSecret, deps.config.ACCOUNT_SECRETS_KEY) }
        : {}),
      updatedAt: now,
    });
    await audit(tx, ctx, 'update', id, now, {
      ...columnsOf(body),
      secretChanged: Boolean(body.clientSecret),
    });
  });
  return findView(deps, ctx, id);
}

export async function archiveProvider(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
): Promise<IdentityProviderView> {
  const now = deps.now();
  await deps.db.db.transaction(async (tx) => {
    const locked = await repo.lockProviderWithin(tx, id, [...ctx.user.clinicIds]);
    if (!locked) throw notFound(PROVIDER_NOT_FOUND);
    if (locked.archivedAt) return;
    await repo.updateProvider(tx, id, { archivedAt: now, updatedAt: now });
    await audit(tx, ctx, 'archive', id, now, { name: locked.name, issuer: locked.issuer });
  });
  return findView(deps, ctx, id);
}

function checkClinics(ctx: RequestContext, body: IdentityProviderInput) {
  for (const clinicId of body.clinicIds) {
    if (!ctx.user.clinicIds.has(clinicId)) throw notFound('Clinic not found.');
  }
  const served = new Set(body.clinicIds);
  body.groupMappings.forEach((mapping, index) => {
    for (const clinicId of mapping.clinicIds) {
      if (!served.has(clinicId)) {
        const message = `The group “${mapping.group}” gives a clinic this identity provider does not serve.`;
        throw badRequest(message, {
          fields: [{ field: `groupMappings.${index}.clinicIds`, message }],
        });
      }
    }
  });
}

async function checkIssuer(issuer: string) {
  try {
    await discoverIssuer(issuer);
  } catch {
    const message =
      'No OpenID Provider answered at this issuer address: check it (the address before ' +
      '/.well-known/openid-configuration) and that this server can reach it.';
    throw unprocessable(message, { fields: [{ field: 'issuer', message }] });
  }
}

/** What is stored of a provider as given, and what its audit entry records: all but the secret. */
function columnsOf(body: IdentityProviderInput) {
  return {
    name: body.name,
    issuer: body.issuer,
    clientId: body.clientId,
    clinicIds: body.clinicIds,
    emailDomains: body.emailDomains,
    groupMappings: body.groupMappings,
    createUsers: body.createUsers,
    linkByEmail: body.linkByEmail,
    ssoOnly: body.ssoOnly,
  };
}

function audit(
  tx: Executor,
  ctx: RequestContext,
  action: 'create' | 'update' | 'archive',
  id: string,
  now: Date,
  details: Record<string, unknown>,
) {
  return auditChange(
    tx,
    ctx,
    { action, entityType: 'identity_provider', entityId: id, patientId: null, details },
    now,
  );
}

async function findView(deps: AppDeps, ctx: RequestContext, id: string) {
  const row = await repo.findProviderWithin(deps.db.db, id, [...ctx.user.clinicIds]);
  if (!row) throw notFound(PROVIDER_NOT_FOUND);
  return toView(deps, row);
}

/** The stored mappings, whatever an older row holds: entries that are not mappings are dropped. */
export function groupMappingsOf(stored: unknown): GroupMapping[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((m: unknown) => {
    if (typeof m !== 'object' || m === null) return [];
    const { group, role, clinicIds } = m as Record<string, unknown>;
    if (typeof group !== 'string' || !isRole(role) || !Array.isArray(clinicIds)) return [];
    return [{ group, role, clinicIds: clinicIds.filter((c) => typeof c === 'string') }];
  });
}

function toView(
  deps: AppDeps,
  { provider, clinics }: repo.ListedProviderRow,
): IdentityProviderView {
  return {
    id: provider.id,
    name: provider.name,
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: 'set',
    clinics,
    emailDomains: provider.emailDomains,
    groupMappings: groupMappingsOf(provider.groupMappings).map((m) => ({
      ...m,
      clinicIds: [...m.clinicIds],
    })),
    createUsers: provider.createUsers,
    linkByEmail: provider.linkByEmail,
    ssoOnly: provider.ssoOnly,
    redirectUri: redirectUri(deps.config),
    postLogoutRedirectUri: postLogoutRedirectUri(deps.config),
    archivedAt: provider.archivedAt?.toISOString() ?? null,
    createdAt: provider.createdAt.toISOString(),
  };
}
