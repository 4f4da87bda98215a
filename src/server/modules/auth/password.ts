import { Algorithm, hash, verify } from '@node-rs/argon2';

// OWASP's argon2id minimum (19 MiB, 2 passes): about 60 ms here, cheap for us, dear for a guesser.
const OPTIONS = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
