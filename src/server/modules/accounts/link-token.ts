import { createHash, randomBytes } from 'node:crypto';

// The tokens of reset and invitation links: 256 random bits, of which the database keeps only
// the SHA-256, so a copy of the tables opens no link.

export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: linkTokenHash(token) };
}

export function linkTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
