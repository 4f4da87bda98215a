import {
  INVITATION_LINK_DEAD,
  type ChoosePasswordBody,
  type InvitationLinkResponse,
  type InvitationView,
  type InviteStaffBody,
} from '@contracts/accounts';
import { isRole } from '@domain/roles';
import type { AppDeps } from '../../app-deps';
import type { AuthUser, RequestContext } from '../../core/request-context';
import type { Executor } from '../../db/client';
import { isDuplicate } from '../../db/errors';
import { badRequest, conflict, forbidden, gone, notFound } from '../../errors';
import { hashPassword } from '../../security/password';
import { passwordRefusal } from '../../security/password-policy';
import { recordAudit } from '../audit';
import { invitationRow, queueNotifications } from '../notifications';
import { linkTokenHash, newLinkToken } from './link-token';
import * as repo from './invitations.repository';

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;

export const EMAIL_HAS_ACCOUNT = 'A user with this email already exists.';
export const EMAIL_INVITED =
  'This e-mail address already has an open invitation. Send it again or withdraw it from the list of invitations.';
export const INVITATION_NOT_FOUND = 'No such open invitation.';
export const INVITATION_OUTSIDE_SCOPE =
  'This invitation is also to clinics you do not manage. Only an admin of all its clinics can send it again or withdraw it.';
export const ACCOUNT_EXISTS_ON_ACCEPT =
  'An account with this e-mail address already exists. Sign in with it, or ask for a password reset if you forgot the password.';

type Admin = Pick<AuthUser, 'id' | 'name' | 'clinicIds' | 'clinics'>;

/**
 * Invites a new staff member to some of the admin's own clinics: the e-mail carries a link, valid
 * INVITATION_DAYS, where they choose their password; the account is made then. An address that
 * has an account, or an open invitation, is refused.
 */
export async function inviteStaff(
  deps: AppDeps,
  { user: admin, ip }: RequestContext,
  input: InviteStaffBody,
): Promise<InvitationView> {
  const outside = input.clinicIds.filter((id) => !admin.clinicIds.has(id));
  if (outside.length) {
    throw notFound(
      outside.length === 1
        ? `Clinic ${outside[0]} was not found.`
        : `Clinics ${outside.join(', ')} were not found.`,
    );
  }
  const now = deps.now();
  const { token, hash } = newLinkToken();
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 86_400_000);
  try {
    return await deps.db.db.transaction(async (tx) => {
      if (await repo.emailHasAccount(tx, input.email)) throw conflict(EMAIL_HAS_ACCOUNT);
      await repo.withdrawExpired(tx, input.email, now);
      if (await repo.hasOpenInvitation(tx, input.email)) throw conflict(EMAIL_INVITED);
      const row = await repo.insertInvitation(
        tx,
        {
          email: input.email,
          name: input.name,
          role: input.role,
          invitedBy: admin.id,
          tokenHash: hash,
          createdAt: now,
          expiresAt,
        },
        input.clinicIds,
      );
      return sendInvitation(tx, { user: admin, ip }, row, token, now, {
        email: row.email,
        role: row.role,
        clinicIds: input.clinicIds,
      });
    });
  } catch (err) {
    // invitations_open_email_key: the same address invited by another admin at the same moment.
    if (isDuplicate(err)) throw conflict(EMAIL_INVITED);
    throw err;
  }
}

/**
 * The e-mail with the link, addressed as the invitation says; its clinic's admins see it sent.
 * Records that the admin sent it, and answers the invitation as listed.
 */
async function sendInvitation(
  tx: Executor,
  { user: admin, ip }: Pick<RequestContext, 'user' | 'ip'>,
  row: repo.InvitationRow,
  token: string,
  now: Date,
  details: Record<string, unknown>,
) {
  const clinics = await repo.clinicsOf(tx, [row.id]);
  await queueNotifications(
    tx,
    [
      invitationRow(
        row,
        {
          token,
          expiresAt: row.expiresAt.toISOString(),
          validDays: INVITATION_DAYS,
          name: row.name,
          invitedBy: admin.name,
          clinics: clinics.map((c) => c.name),
        },
        clinics.find((c) => admin.clinicIds.has(c.id))?.id ?? null,
      ),
    ],
    now,
  );
  await auditInvitation(tx, { userId: admin.id, ip }, 'invite', row.id, details, now);
  const [view] = await viewsOf(tx, [row], admin, now);
  return view!;
}

/** One line of an invitation's audit trail: who did it (the admin, or the new account) and what. */
function auditInvitation(
  tx: Executor,
  by: Parameters<typeof recordAudit>[1],
  action: 'invite' | 'revoke' | 'invite_accept',
  id: string,
  details: Record<string, unknown>,
  now: Date,
) {
  return recordAudit(
    tx,
    by,
    [{ action, entityType: 'invitation', entityId: id, patientId: null, details }],
    now,
  );
}

export async function listInvitations(deps: AppDeps, { user: admin }: RequestContext) {
  const rows = await repo.listOpen(deps.db.db, [...admin.clinicIds]);
  return viewsOf(deps.db.db, rows, admin, deps.now());
}

/** An open invitation of the admin's clinics that they may change: one of all its clinics. */
async function loadInScope(tx: Executor, admin: Admin, id: string) {
  const row = await repo.findOpenVisible(tx, id, [...admin.clinicIds]);
  if (!row) throw notFound(INVITATION_NOT_FOUND);
  const clinics = await repo.clinicsOf(tx, [row.id]);
  if (clinics.some((c) => !admin.clinicIds.has(c.id))) throw forbidden(INVITATION_OUTSIDE_SCOPE);
  return row;
}

/** Sends the invitation again with a new link, valid from now; the old link stops working. */
export async function resendInvitation(
  deps: AppDeps,
  { user: admin, ip }: RequestContext,
  id: string,
): Promise<InvitationView> {
  const now = deps.now();
  const { token, hash } = newLinkToken();
  return deps.db.db.transaction(async (tx) => {
    await loadInScope(tx, admin, id);
    const row = await repo.updateInvitation(tx, id, {
      tokenHash: hash,
      expiresAt: new Date(now.getTime() + INVITATION_DAYS * 86_400_000),
    });
    return sendInvitation(tx, { user: admin, ip }, row, token, now, {
      email: row.email,
      resent: true,
    });
  });
}

export async function revokeInvitation(
  deps: AppDeps,
  { user: admin, ip }: RequestContext,
  id: string,
) {
  const now = deps.now();
  await deps.db.db.transaction(async (tx) => {
    const row = await loadInScope(tx, admin, id);
    await repo.updateInvitation(tx, id, { revokedAt: now });
    await auditInvitation(tx, { userId: admin.id, ip }, 'revoke', id, { email: row.email }, now);
  });
}

async function liveInvitation(deps: AppDeps, token: string) {
  const row = await repo.findLiveByToken(deps.db.db, linkTokenHash(token), deps.now());
  if (!row) throw gone(INVITATION_LINK_DEAD);
  return row;
}

/** What the invitee is shown before choosing a password: who invited them, and where. */
export async function checkInvitation(
  deps: AppDeps,
  token: string,
): Promise<InvitationLinkResponse> {
  const row = await liveInvitation(deps, token);
  const [clinics, names] = await Promise.all([
    repo.clinicsOf(deps.db.db, [row.id]),
    repo.namesOf(deps.db.db, row.invitedBy ? [row.invitedBy] : []),
  ]);
  return {
    email: row.email,
    name: row.name,
    role: isRole(row.role) ? row.role : 'staff',
    invitedBy: row.invitedBy ? (names.get(row.invitedBy) ?? null) : null,
    clinics: clinics.map((c) => c.name),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * Takes an invitation up: the account is made with the password the invitee chose, at the
 * invitation's clinics and in its role. Once only: a second acceptance, or one after the link
 * was withdrawn, sent again or expired, changes nothing. Where the address has an account by now
 * (made meanwhile by an admin or another way in), the unique index on lower(email) decides and
 * the invitation stays open.
 */
export async function acceptInvitation(
  deps: AppDeps,
  { token, password }: ChoosePasswordBody,
  ip: string,
): Promise<{ email: string }> {
  const invitation = await liveInvitation(deps, token);
  const clinics = await repo.clinicsOf(deps.db.db, [invitation.id]);
  const refusal = passwordRefusal(password, {
    email: invitation.email,
    name: invitation.name,
    clinicNames: clinics.map((c) => c.name),
  });
  if (refusal) throw badRequest(refusal);
  const passwordHash = await hashPassword(password);
  const now = deps.now();
  try {
    return await deps.db.db.transaction(async (tx) => {
      const claimed = await repo.claim(tx, invitation.id, now);
      if (!claimed) throw gone(INVITATION_LINK_DEAD);
      const user = await repo.createAccount(tx, claimed, passwordHash, now);
      await auditInvitation(
        tx,
        { userId: user.id, ip },
        'invite_accept',
        invitation.id,
        { email: user.email, userId: user.id },
        now,
      );
      return { email: user.email };
    });
  } catch (err) {
    if (isDuplicate(err)) throw conflict(ACCOUNT_EXISTS_ON_ACCEPT);
    throw err;
  }
}

async function viewsOf(
  db: Executor,
  rows: readonly repo.InvitationRow[],
  admin: Admin,
  now: Date,
): Promise<InvitationView[]> {
  const [clinics, names] = await Promise.all([
    repo.clinicsOf(
      db,
      rows.map((r) => r.id),
    ),
    repo.namesOf(db, [...new Set(rows.flatMap((r) => (r.invitedBy ? [r.invitedBy] : [])))]),
  ]);
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: row.name,
    role: isRole(row.role) ? row.role : 'staff',
    clinics: clinics
      .filter((c) => c.invitationId === row.id && admin.clinicIds.has(c.id))
      .map(({ invitationId: _i, ...clinic }) => clinic),
    invitedBy: row.invitedBy ? (names.get(row.invitedBy) ?? null) : null,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expiresAt <= now,
  }));
}
