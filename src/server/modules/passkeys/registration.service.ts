import type { AuthenticatorTransport, RegistrationResponseJSON } from '@simplewebauthn/server';
import { webauthn } from './webauthn';
import type { PasskeyView, RegisterPasskeyBody } from '@contracts/passkeys';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  unauthorized,
  unprocessable,
} from '../../errors';
import { recordAudit } from '../audit';
import {
  finishSignIn,
  hasSecondFactor,
  recordFactorChange,
  secondFactorRequired,
  secondFactorsOf,
  type StartedSession,
} from '../auth';
import { CHALLENGE_TIMEOUT_MS, keepChallenge, takeSignedChallenge } from './challenges';
import * as repo from './passkeys.repository';
import { relyingParty } from './relying-party';

/** More would be a list nobody can tell apart; a person has a few devices. */
export const MAX_PASSKEYS_PER_USER = 20;

const KNOWN_TRANSPORTS: readonly AuthenticatorTransport[] = [
  'ble',
  'hybrid',
  'internal',
  'nfc',
  'usb',
];
const isKnownTransport = (t: string): t is AuthenticatorTransport =>
  (KNOWN_TRANSPORTS as readonly string[]).includes(t);

export const REGISTRATION_EXPIRED =
  'This request to add a passkey has expired or was already used. Start again.';
export const REGISTRATION_FAILED =
  'This passkey could not be verified, so it was not added. Try again.';
export const LAST_FACTOR_REQUIRED =
  'A clinic of yours requires a second factor, and this is your last one. Add another passkey or an authenticator app before removing it.';

export function toPasskeyView(row: repo.PasskeyRow): PasskeyView {
  return {
    id: row.id,
    name: row.name,
    deviceType:
      row.deviceType === 'singleDevice' || row.deviceType === 'multiDevice' ? row.deviceType : null,
    backedUp: row.backedUp,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

export const transportsOf = (row: repo.PasskeyRow) => row.transports.filter(isKnownTransport);

/** The user handle authenticators keep with a discoverable passkey: the user's id, nothing personal. */
export const userHandleOf = (userId: string) => new TextEncoder().encode(userId);

export async function listPasskeys(deps: AppDeps, ctx: RequestContext) {
  return { data: (await repo.passkeysOfUser(deps.db.db, ctx.user.id)).map(toPasskeyView) };
}

/**
 * The options for adding a passkey: the user's passkeys excluded (an authenticator holds one per
 * account), a discoverable credential preferred so it can also sign in alone, user verification
 * preferred, no attestation asked (we trust no vendor list: ADR 049).
 */
export async function registrationOptions(deps: AppDeps, ctx: RequestContext) {
  const { user } = ctx;
  refuseWhileSecondFactorOwed(ctx);
  const existing = await repo.passkeysOfUser(deps.db.db, user.id);
  const rp = relyingParty(deps.config);
  const options = await (
    await webauthn()
  ).generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name,
    userID: userHandleOf(user.id),
    timeout: CHALLENGE_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: transportsOf(p) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await keepChallenge(deps, deps.db.db, {
    challenge: options.challenge,
    purpose: 'register',
    userId: user.id,
    sessionId: user.sessionId,
  });
  return options;
}

export const SECOND_FACTOR_OWED =
  'Finish signing in first: confirm with your authenticator app or a passkey you already have.';

/**
 * A passkey may be added in a whole session, or in one that must set up its first second factor
 * (stage 'enrol'); never in one that owes a factor it has: that would let a stolen password add
 * its own factor.
 */
function refuseWhileSecondFactorOwed({ user }: RequestContext) {
  if (user.stage === 'second_factor') throw forbidden(SECOND_FACTOR_OWED);
}

/**
 * Adds the passkey the authenticator answered with. In a sign-in that had to set one up (ADR 046,
 * 049), it also finishes the sign-in: the pending session ends and a whole one starts (`started`).
 */
export async function registerPasskey(
  deps: AppDeps,
  ctx: RequestContext,
  body: RegisterPasskeyBody,
  userAgent: string | null = null,
): Promise<{ view: PasskeyView; started: StartedSession | null }> {
  const { user } = ctx;
  refuseWhileSecondFactorOwed(ctx);
  const taken = await takeSignedChallenge(deps, deps.db.db, {
    clientDataJSON: body.response.response.clientDataJSON,
    purpose: 'register',
    sessionId: user.sessionId,
  });
  if (!taken || taken.userId !== user.id) throw badRequest(REGISTRATION_EXPIRED);
  const rp = relyingParty(deps.config);
  const verification = await (
    await webauthn()
  )
    .verifyRegistrationResponse({
      response: body.response as RegistrationResponseJSON,
      expectedChallenge: taken.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    })
    .catch(() => null);
  if (!verification?.verified) throw badRequest(REGISTRATION_FAILED);
  const info = verification.registrationInfo;

  const now = deps.now();
  return deps.db.db.transaction(async (tx) => {
    const count = await repo.countPasskeysOfUser(tx, user.id);
    if (count >= MAX_PASSKEYS_PER_USER) {
      throw conflict(
        `You already have ${MAX_PASSKEYS_PER_USER} passkeys. Remove one you no longer use first.`,
      );
    }
    const row = await repo.insertPasskey(tx, {
      userId: user.id,
      credentialId: info.credential.id,
      publicKey: Buffer.from(info.credential.publicKey),
      signCount: info.credential.counter,
      transports: (info.credential.transports ?? []).filter(isKnownTransport),
      name: body.name ?? (count === 0 ? 'Passkey' : `Passkey ${count + 1}`),
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
      createdAt: now,
    });
    if (!row) throw conflict('This passkey is already added to an account.');
    await recordFactorChange(
      tx,
      { userId: user.id, ip: ctx.ip },
      user,
      {
        action: 'factor_add',
        details: { factor: 'passkey', passkeyId: row.id, name: row.name },
        mail: { change: 'added', factor: 'passkey', name: row.name },
      },
      now,
    );
    if (user.stage !== 'enrol') return { view: toPasskeyView(row), started: null };
    const started = await finishSignIn(deps, tx, {
      sessionId: user.sessionId,
      ip: ctx.ip,
      userAgent,
    });
    // The pending session ended meanwhile: nothing is kept, the user starts again.
    if (!started) throw unauthorized('Your sign-in took too long. Sign in again.');
    await recordAudit(
      tx,
      { userId: user.id, ip: ctx.ip },
      [
        {
          action: 'sign_in',
          entityType: 'user',
          entityId: user.id,
          patientId: null,
          details: { method: user.signInMethod, secondFactor: 'passkey', enrolled: true },
        },
      ],
      now,
    );
    return { view: toPasskeyView(row), started };
  });
}

export async function renamePasskey(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
  name: string,
): Promise<PasskeyView> {
  const row = await repo.renamePasskey(deps.db.db, { id, userId: ctx.user.id, name });
  if (!row) throw notFound('No such passkey among yours.');
  return toPasskeyView(row);
}

/**
 * Removes a passkey, unless it is the user's last second factor and a clinic of theirs requires
 * one: they would be led to set one up at their next sign-in anyway, so the removal is refused in
 * words instead.
 */
export async function removePasskey(deps: AppDeps, ctx: RequestContext, id: string) {
  const { user } = ctx;
  const now = deps.now();
  await deps.db.db.transaction(async (tx) => {
    await repo.lockUser(tx, user.id);
    const row = await repo.deletePasskey(tx, { id, userId: user.id });
    if (!row) throw notFound('No such passkey among yours.');
    if (
      !hasSecondFactor(await secondFactorsOf(tx, user.id)) &&
      (await secondFactorRequired(tx, user))
    ) {
      throw unprocessable(LAST_FACTOR_REQUIRED);
    }
    await recordFactorChange(
      tx,
      { userId: user.id, ip: ctx.ip },
      user,
      {
        action: 'factor_remove',
        details: { factor: 'passkey', passkeyId: row.id, name: row.name },
        mail: { change: 'removed', factor: 'passkey', name: row.name },
      },
      now,
    );
  });
  return { ok: true as const };
}
