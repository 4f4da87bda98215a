import { createHash } from 'node:crypto';

/** The cookie holds a random token; the database holds only its hash, so a leak of the table signs nobody in. */
export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
