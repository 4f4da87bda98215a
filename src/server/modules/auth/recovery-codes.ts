import { createHash, randomInt } from 'node:crypto';

// Recovery codes (ADR 046): ten single-use codes for when the phone is lost. Each has 50 random
// bits, more than guessing under the throttle can reach, so a fast hash (SHA-256) suffices and
// lets a code be found by its hash in one indexed read.

export const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: a code is read off paper.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** "k7m2p-q9x4w": two groups of five. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A code as typed, without spaces or dashes, in lower case: how it is hashed and compared. */
export const normaliseRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

export const recoveryCodeHash = (code: string) =>
  createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');

/** Whether what was typed looks like an app's code (six digits) rather than a recovery code. */
export const isAppCode = (code: string) => /^\d{6}$/.test(code);
