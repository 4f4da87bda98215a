import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back (an authenticator's key, an identity provider's client
 * secret) sealed with AES-256-GCM under ACCOUNT_SECRETS_KEY (ADR 046): a copy of the database
 * alone then gives them to nobody. `sealed:v1:` marks a sealed value; without a key, values are
 * kept as they are, and a sealed value read without its key is an error an operator must fix.
 */
const PREFIX = 'sealed:v1:';

function keyOf(secretsKey: string): Buffer {
  return createHash('sha256').update(secretsKey).digest();
}

export function sealSecret(value: string, secretsKey: string | undefined): string {
  if (!secretsKey) return value;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secretsKey), iv);
  const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

export function unsealSecret(stored: string, secretsKey: string | undefined): string {
  if (!stored.startsWith(PREFIX)) return stored;
  if (!secretsKey) {
    throw new Error(
      'A sealed secret was read without ACCOUNT_SECRETS_KEY: set the key it was sealed with.',
    );
  }
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secretsKey), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
