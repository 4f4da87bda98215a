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

/**
 * The dates a request may name: wide enough for any birth date, record or plan, narrow enough
 * that every computation on them (a day or a month either side) stays a date both JavaScript and
 * PostgreSQL can hold.
 */
export const EARLIEST_DATE = '1900-01-01';
export const LATEST_DATE = '2199-12-31';
const DATE_RANGE_MESSAGE = 'must be between 1900 and 2199';
const EARLIEST_MS = Date.parse(`${EARLIEST_DATE}T00:00:00Z`);
const LATEST_MS = Date.parse(`${LATEST_DATE}T23:59:59.999Z`);

/** A calendar date, YYYY-MM-DD, between EARLIEST_DATE and LATEST_DATE. */
export const calendarDate = (message = 'must be a date such as 2026-11-23') =>
  z.iso.date(message).refine((d) => d >= EARLIEST_DATE && d <= LATEST_DATE, DATE_RANGE_MESSAGE);

/** No place on Earth is more than 14 hours from UTC. */
const MAX_OFFSET_MINUTES = 14 * 60;
const offsetMinutes = (s: string) => {
  const m = /([+-])(\d{2}):?(\d{2})$/.exec(s);
  return m ? Number(m[2]) * 60 + Number(m[3]) : 0;
};

/** An instant with its UTC offset (Z or ±hh:mm), as every time on the wire. */
export const instantField = z.iso
  .datetime({ offset: true, message: 'must be a date and time such as 2026-11-23T09:00:00Z' })
  .refine((s) => offsetMinutes(s) <= MAX_OFFSET_MINUTES, 'must have a UTC offset within 14 hours')
  .refine((s) => {
    const ms = Date.parse(s);
    return ms >= EARLIEST_MS && ms <= LATEST_MS;
  }, DATE_RANGE_MESSAGE);

/**
 * A whole number in a query string or path, written in digits only: Number() would also read
 * "0x10", "1e3" and " 7 " as numbers. A number is taken as it is (the web app builds queries
 * as objects before they become a URL).
 */
export const wholeNumber = (min: number, max: number) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^\d{1,16}$/, 'must be a whole number')
          .transform(Number),
      ],
      { error: 'must be a whole number' },
    )
    .pipe(z.number().int().min(min).max(max));
