import { z } from 'zod';

/** Text from people: no NUL bytes (PostgreSQL cannot store them), trimmed, bounded. */
export const safeText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !s.includes('\u0000'), 'must not contain NUL characters')
    .transform((s) => s.trim());

export const emailField = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email('must be a valid email address'))
  .transform((s) => s.toLowerCase());

export const uuidParam = z.uuid('must be a valid id');
export const idParams = z.object({ id: uuidParam });

export const timezoneField = z
  .string()
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'must be an IANA time zone such as America/New_York');
