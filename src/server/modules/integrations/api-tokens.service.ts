import { createHash, randomBytes } from 'node:crypto';
import type { ApiTokenView, CreateApiTokenBody, CreatedApiToken } from '@contracts/integrations';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import { notFound } from '../../errors';
import { auditChange } from '../audit';
import * as repo from './api-tokens.repository';
import { revokeSharedCredential, sharedCredentialView } from './shared-revocation';

/**
 * A secret says what it is (secret scanners and people recognise `cbk_`) and carries 256 random
 * bits. Like a session's, it is looked up by its SHA-256: a slow password hash would buy nothing
 * against a guess of 256 bits, and would cost every API request.
 */
const SECRET_PREFIX = 'cbk_';

export function secretHashOf(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

const TOKEN_NOT_FOUND = 'Integration token not found.';

/** What an admin of only some of a token's clinics hears when they try to revoke it (ADR 030). */
export const SHARED_TOKEN_REFUSED =
  'This token also serves clinics you do not administer. Only an admin of all its clinics can ' +
  'revoke it.';

/**
 * An admin creates a token for some of their clinics. Another clinic is a 404, as everywhere,
 * so a token can never see more than the admin who made it.
 */
export async function createApiToken(
  deps: AppDeps,
  ctx: RequestContext,
  body: CreateApiTokenBody,
): Promise<CreatedApiToken> {
  for (const clinicId of body.clinicIds) {
    if (!ctx.user.clinicIds.has(clinicId)) throw notFound('Clinic not found.');
  }
  const secret = `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
  const now = deps.now();
  const row = await deps.db.db.transaction(async (tx) => {
    const inserted = await repo.insertToken(tx, {
      name: body.name,
      secretHash: secretHashOf(secret),
      clinicIds: body.clinicIds,
      scopes: [...body.scopes],
      visitLinks: body.visitLinks,
      createdBy: ctx.user.id,
      createdAt: now,
    });
    await auditChange(
      tx,
      ctx,
      {
        action: 'create',
        entityType: 'api_token',
        entityId: inserted.id,
        patientId: null,
        details: {
          name: body.name,
          scopes: body.scopes.join(' '),
          ...(body.visitLinks ? { visitLinks: true } : {}),
        },
      },
      now,
    );
    return inserted;
  });
  return { id: row.id, token: secret };
}

/** The tokens that can see any of the admin's clinics: an admin must be able to cut them off. */
export async function listApiTokens(
  deps: AppDeps,
  { user }: RequestContext,
): Promise<{ data: ApiTokenView[] }> {
  const rows = await repo.listTokensOfClinics(deps.db.db, [...user.clinicIds]);
  return { data: rows.map((row) => toView(row, user.clinicIds)) };
}

/** Revokes at once: the next request with it is a 401 (only by an admin of all its clinics). */
export async function revokeApiToken(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
): Promise<ApiTokenView> {
  const revoked = await revokeSharedCredential(deps, ctx, id, {
    entityType: 'api_token',
    notFound: TOKEN_NOT_FOUND,
    sharedRefused: SHARED_TOKEN_REFUSED,
    lock: repo.lockTokenOfClinics,
    revoke: repo.revokeToken,
    find: repo.findTokenOfClinics,
  });
  return toView(revoked, ctx.user.clinicIds);
}

function toView(row: repo.ListedTokenRow, mine: ReadonlySet<string>): ApiTokenView {
  const { token } = row;
  return {
    id: token.id,
    name: token.name,
    scopes: token.scopes.filter((s): s is 'read' | 'write' => s === 'read' || s === 'write'),
    visitLinks: token.visitLinks,
    lastUsedIp: token.lastUsedIp,
    ...sharedCredentialView(token, row, mine),
  };
}
