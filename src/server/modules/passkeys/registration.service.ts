import type { AuthenticatorTransport, RegistrationResponseJSON } from '@simplewebauthn/server';
import { webauthn } from './webauthn';
import type { PasskeyView, RegisterPasskeyBody } from '@contracts/passkeys';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import { badRequest, conflict, notFound, unprocessable } from '../../errors';
import { recordAudit } from '../audit';
import { secondFactorRequired, secondFactorsOf, hasSecondFactor } from '../auth';
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

export async function registerPasskey(
  deps: AppDeps,
  ctx: RequestContext,
  body: RegisterPasskeyBody,
): Promise<PasskeyView> {
  const { user } = ctx;
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
    await recordAudit(
      tx,
      { userId: user.id, ip: ctx.ip },
      [
        {
          action: 'factor_add',
          entityType: 'user',
          entityId: user.id,
          patientId: null,
          details: { factor: 'passkey', passkeyId: row.id, name: row.name },
        },
      ],
      now,
    );
    return toPasskeyView(row);
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
    await recordAudit(
      tx,
      { userId: user.id, ip: ctx.ip },
      [
        {
          action: 'factor_remove',
          entityType: 'user',
          entityId: user.id,
          patientId: null,
          details: { factor: 'passkey', passkeyId: row.id, name: row.name },
        },
      ],
      now,
    );
  });
  return { ok: true as const };
}
