import { randomBytes } from 'node:crypto';

/** 192 random bits, base64url: the patient's private link to their visit. */
export function newSessionToken(): string {
  return randomBytes(24).toString('base64url');
}
