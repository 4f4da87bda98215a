import type { AppDeps } from '../../app-deps';
import type { Executor } from '../../db/client';
import * as repo from './passkeys.repository';

/** How long a ceremony may take, from its options to its answer (ADR 049). */
export const CHALLENGE_MINUTES = 5;
export const CHALLENGE_TIMEOUT_MS = CHALLENGE_MINUTES * 60_000;

/** Keeps the challenge of options just made: for this purpose, bound to the session that asked. */
export async function keepChallenge(
  deps: Pick<AppDeps, 'now'>,
  db: Executor,
  input: {
    challenge: string;
    purpose: repo.ChallengePurpose;
    userId: string | null;
    sessionId: string | null;
  },
) {
  const now = deps.now();
  await repo.insertChallenge(
    db,
    { ...input, expiresAt: new Date(now.getTime() + CHALLENGE_TIMEOUT_MS) },
    now,
  );
}

/**
 * The challenge an authenticator signed, read from the client data it signed over. The
 * verification compares it again with the one taken from the database, along with the origin.
 */
export function signedChallengeOf(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (data as { challenge?: unknown }).challenge;
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 200
      ? challenge
      : null;
  } catch {
    return null;
  }
}

/**
 * Takes the challenge the answer signed, once, if it was made for this purpose and session and
 * has not expired; null otherwise. It is used up even when the answer then fails verification.
 */
export async function takeSignedChallenge(
  deps: Pick<AppDeps, 'now'>,
  db: Executor,
  input: { clientDataJSON: string; purpose: repo.ChallengePurpose; sessionId: string | null },
) {
  const challenge = signedChallengeOf(input.clientDataJSON);
  if (!challenge) return null;
  const taken = await repo.takeChallenge(db, {
    challenge,
    purpose: input.purpose,
    sessionId: input.sessionId,
    now: deps.now(),
  });
  return taken && { challenge, userId: taken.userId };
}
