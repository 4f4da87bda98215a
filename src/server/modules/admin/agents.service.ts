import type {
  AdminUser,
  CreateAgentBody,
  ListAgentsQuery,
  UpdateAgentBody,
} from '@contracts/admin';
import { isRole } from '@domain/roles';
import type { Config } from '../../config';
import type { DbHandle, Executor } from '../../db/client';
import { ConflictError, translateDbError } from '../../db/errors';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { AuthUser, RequestContext } from '../../core/request-context';
import { hashPassword } from '../../security/password';
import { passwordRefusal, type PasswordOwner } from '../../security/password-policy';
import { recordAudit } from '../audit';
import {
  endSessionsOf,
  liftSignInThrottle,
  requireFreshSecondFactor,
  throttledAccounts,
} from '../auth';
import { accountChangeRefusal, clinicsOutsideScope, selfChangeRefusal } from './agent-rules';
import * as repo from './admin.repository';

export interface AgentsDeps {
  db: DbHandle;
  config: Config;
  now: () => Date;
}

/** The signed-in admin: who they are and which clinics they manage. */
type AdminActor = Pick<AuthUser, 'id' | 'sessionId' | 'clinicIds'>;

const DUPLICATE_EMAIL = 'A user with this email already exists.';
const NOT_FOUND = 'No such staff member.';

export async function listAgents(
  deps: AgentsDeps,
  { user: actor }: RequestContext,
  query: ListAgentsQuery,
): Promise<AdminUser[]> {
  const managed = [...actor.clinicIds];
  const rows = await repo.listVisibleStaff(deps.db.db, managed, {
    search: query.search || undefined,
    includeInactive: query.includeInactive ?? false,
  });
  return withClinics(deps, deps.db.db, rows, managed);
}

export async function getAgent(deps: AgentsDeps, { user: actor }: RequestContext, id: string) {
  const row = await loadVisible(deps.db.db, actor, id);
  return one(deps, deps.db.db, row, actor);
}

export async function createAgent(
  deps: AgentsDeps,
  { user: actor }: RequestContext,
  input: CreateAgentBody,
): Promise<AdminUser> {
  assertClinicsInScope(input.clinicIds, actor);
  assertPasswordAllowed(input.password, {
    ...input,
    clinicNames: actor.clinics.filter((c) => input.clinicIds.includes(c.id)).map((c) => c.name),
  });
  const passwordHash = await hashPassword(input.password);
  const now = deps.now();
  return inTransaction(deps, async (tx) => {
    if (await repo.emailTakenByOther(tx, input.email)) throw conflict(DUPLICATE_EMAIL);
    const row = await repo.insertStaff(tx, {
      email: input.email,
      name: input.name,
      role: input.role,
      timezone: input.timezone ?? null,
      passwordHash,
      passwordChangedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    await repo.replaceMemberships(tx, row.id, input.clinicIds, [...actor.clinicIds]);
    return one(deps, tx, row, actor);
  });
}

export async function updateAgent(
  deps: AgentsDeps,
  ctx: RequestContext,
  id: string,
  input: UpdateAgentBody,
): Promise<AdminUser> {
  const actor = ctx.user;
  if (input.clinicIds) assertClinicsInScope(input.clinicIds, actor);
  const now = deps.now();
  return inTransaction(deps, async (tx) => {
    const current = await loadVisible(tx, actor, id);
    const { clinicIds, ...fields } = input;
    const renamed = fields.name !== undefined && fields.name !== current.name;
    if (fields.email !== undefined || fields.role !== undefined || renamed) {
      await assertAccountInScope(tx, actor, id);
    }
    assertSelfChangeAllowed(actor, current.id, { role: input.role });
    // A new role is a sensitive change (ADR 046); a form sending the role unchanged is not.
    if (input.role !== undefined && input.role !== current.role) {
      await requireFreshSecondFactor(deps, ctx);
    }
    if (input.email && (await repo.emailTakenByOther(tx, input.email, id))) {
      throw conflict(DUPLICATE_EMAIL);
    }
    const row = await repo.updateStaff(tx, id, { ...fields, updatedAt: now });
    if (clinicIds) await repo.replaceMemberships(tx, id, clinicIds, [...actor.clinicIds]);
    return one(deps, tx, row, actor);
  });
}

/** Deactivation ends every session of the user in the same transaction: they are out at once. */
export async function setAgentActive(
  deps: AgentsDeps,
  { user: actor }: RequestContext,
  id: string,
  active: boolean,
): Promise<AdminUser> {
  const now = deps.now();
  return inTransaction(deps, async (tx) => {
    const current = await loadInScope(tx, actor, id);
    assertSelfChangeAllowed(actor, current.id, { active });
    const row = await repo.updateStaff(tx, id, { active, updatedAt: now });
    if (!active) await endSessionsOf(tx, id, now);
    return one(deps, tx, row, actor);
  });
}

/**
 * A reset ends every session of the user (an admin resetting their own keeps the one they are
 * using) and lifts the sign-in throttle, since the admin has vouched for the new password.
 */
export async function resetAgentPassword(
  deps: AgentsDeps,
  { user: actor }: RequestContext,
  id: string,
  password: string,
): Promise<void> {
  const now = deps.now();
  const target = await loadVisible(deps.db.db, actor, id);
  const clinics = await repo.clinicsOfStaff(deps.db.db, [id], [...actor.clinicIds]);
  assertPasswordAllowed(password, { ...target, clinicNames: clinics.map((c) => c.name) });
  const passwordHash = await hashPassword(password);
  await inTransaction(deps, async (tx) => {
    const current = await loadInScope(tx, actor, id);
    await repo.updateStaff(tx, id, { passwordHash, passwordChangedAt: now, updatedAt: now });
    await endSessionsOf(tx, id, now, id === actor.id ? actor.sessionId : undefined);
    await liftSignInThrottle(tx, current);
  });
}

/**
 * Lifts the sign-in throttle of an account (ADR 010): every address may try again at once. Like
 * any change to how someone signs in, it is for an admin of all their clinics, and it is audited.
 */
export async function unlockAgentSignIn(
  deps: AgentsDeps,
  { user: actor, ip }: RequestContext,
  id: string,
): Promise<AdminUser> {
  const now = deps.now();
  return inTransaction(deps, async (tx) => {
    const current = await loadInScope(tx, actor, id);
    await liftSignInThrottle(tx, current);
    await recordAudit(
      tx,
      { userId: actor.id, ip },
      [{ action: 'unlock', entityType: 'user', entityId: id, patientId: null }],
      now,
    );
    return one(deps, tx, current, actor);
  });
}

/** The new password of this account, refused with the policy's own words if it is too weak. */
function assertPasswordAllowed(password: string, owner: PasswordOwner) {
  const refusal = passwordRefusal(password, owner);
  if (refusal) throw badRequest(refusal);
}

async function loadVisible(db: Executor, actor: AdminActor, id: string) {
  const row = await repo.findVisibleStaff(db, [...actor.clinicIds], id);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** The account, for a change of who it is or how it signs in: for an admin of all its clinics. */
async function loadInScope(db: Executor, actor: AdminActor, id: string) {
  const row = await loadVisible(db, actor, id);
  await assertAccountInScope(db, actor, id);
  return row;
}

/** Refuses, in agent-rules' words, what an admin may not do to their own account. */
function assertSelfChangeAllowed(
  actor: AdminActor,
  targetId: string,
  change: Parameters<typeof selfChangeRefusal>[2],
) {
  const refusal = selfChangeRefusal(actor.id, targetId, change);
  if (refusal) throw conflict(refusal);
}

async function assertAccountInScope(db: Executor, actor: AdminActor, id: string) {
  const clinicIds = (await repo.allClinicIdsOf(db, [id])).get(id) ?? [];
  const refusal = accountChangeRefusal(clinicIds, actor.clinicIds);
  if (refusal) throw forbidden(refusal);
}

function assertClinicsInScope(clinicIds: readonly string[], actor: AdminActor) {
  const outside = clinicsOutsideScope(clinicIds, actor.clinicIds);
  if (outside.length) {
    throw notFound(
      outside.length === 1
        ? `Clinic ${outside[0]} was not found.`
        : `Clinics ${outside.join(', ')} were not found.`,
    );
  }
}

/** A unique-email race lost between our check and the write is the same 409 as the check. */
async function inTransaction<T>(deps: AgentsDeps, work: (tx: Executor) => Promise<T>) {
  try {
    return await deps.db.db.transaction(work);
  } catch (err) {
    const translated = translateDbError(err);
    if (translated instanceof ConflictError && translated.kind === 'duplicate') {
      throw conflict(DUPLICATE_EMAIL);
    }
    throw err;
  }
}

async function one(
  deps: AgentsDeps,
  db: Executor,
  row: repo.StaffRow,
  actor: AdminActor,
): Promise<AdminUser> {
  const [user] = await withClinics(deps, db, [row], [...actor.clinicIds]);
  return user!;
}

async function withClinics(
  deps: AgentsDeps,
  db: Executor,
  rows: readonly repo.StaffRow[],
  managedClinicIds: readonly string[],
): Promise<AdminUser[]> {
  const ids = rows.map((r) => r.id);
  const managed = new Set(managedClinicIds);
  const [memberships, allClinics, throttled] = await Promise.all([
    repo.clinicsOfStaff(db, ids, managedClinicIds),
    repo.allClinicIdsOf(db, ids),
    throttledAccounts(
      deps,
      db,
      rows.map((r) => r.email),
    ),
  ]);
  return rows.map((row) => {
    const clinics = memberships
      .filter((m) => m.userId === row.id)
      .map(({ userId: _u, ...clinic }) => clinic);
    return {
      id: row.id,
      email: row.email,
      name: row.name,
      role: isRole(row.role) ? row.role : 'staff',
      timezone: row.timezone,
      active: row.active,
      clinics,
      // The same rule the account changes are refused by.
      alsoElsewhere: accountChangeRefusal(allClinics.get(row.id) ?? [], managed) !== null,
      signInThrottled: throttled.has(row.email.toLowerCase()),
      createdAt: row.createdAt.toISOString(),
    };
  });
}
