import { z } from 'zod';
import { PATIENT_LANGUAGES } from '@domain/patients';

// C0 and C1 control characters; a single line also has no line or paragraph separator. Tab,
// line feed and carriage return are text only where a field may hold several lines.
const LINE_BREAKING = /[\p{Cc}\u2028\u2029]/u;
const CONTROL_IN_TEXT = /(?![\t\n\r])\p{Cc}/u;
// Embeddings, overrides and isolates reorder what follows them: "Dr. \u202Eevil" shows reversed,
// and in a plain-text message such a name can make one line read as another.
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
const NO_CONTROL_MESSAGE = 'must be a single line without control characters';
const NO_BIDI_MESSAGE = 'must not contain characters that reverse the direction of text';

const textOf = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !s.includes('\u0000'), 'must not contain NUL characters');

/**
 * One line of text a person typed (a name, a phone number, a search): trimmed, and refused if it
 * carries control or text-direction characters, which would let it pose as other text where it
 * is shown or sent.
 */
export const safeText = (max: number) =>
  textOf(max)
    .transform((s) => s.trim())
    .refine((s) => !LINE_BREAKING.test(s), NO_CONTROL_MESSAGE)
    .refine((s) => !BIDI_CONTROL.test(s), NO_BIDI_MESSAGE);

/** Text that may run over several lines (notes, a reason): line breaks and tabs are kept. */
export const multiLineText = (max: number) =>
  textOf(max)
    .transform((s) => s.trim())
    .refine(
      (s) => !CONTROL_IN_TEXT.test(s),
      'must not contain control characters other than line breaks and tabs',
    )
    .refine((s) => !BIDI_CONTROL.test(s), NO_BIDI_MESSAGE);

/** A phone number as people write it: digits, spaces, brackets, dots, dashes, a leading +. */
export const phoneNumberField = safeText(40).pipe(
  z.string().regex(/^\+?[0-9 ().-]{7,}$/, 'must be a phone number such as (555) 123-4567'),
);

export const emailField = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email('must be a valid email address'))
  .transform((s) => s.toLowerCase());

/** Ids are UUIDs, equal in any case; they are compared as the database writes them, lower case. */
export const uuidParam = z.uuid('must be a valid id').transform((id) => id.toLowerCase());

/** A clinic named by its id or its slug; both are written in lower case. */
export const clinicRef = z
  .string()
  .min(1)
  .max(120)
  .transform((s) => s.toLowerCase());
export const idParams = z.object({ id: uuidParam });
/** A clinic named in the path by its slug (or id). */
export const clinicSlugParams = z.object({ slug: clinicRef });

/** Another record as a row names it: its id and the name to show. */
export const namedRef = z.object({ id: z.string(), name: z.string() });
/** A staff member as a record names them: with their email, to tell two of one name apart. */
export const staffRef = namedRef.extend({ email: z.string() });
/** A clinic as a list of them names it. */
export const clinicLabel = z.object({ id: z.string(), slug: z.string(), name: z.string() });
/** A clinic as a patient's page shows it: its name, and the zone its times are told in. */
export const clinicForPatients = z.object({ name: z.string(), timezone: z.string() });

/**
 * What a patient page needs to choose its language (issue 44, ADR 051): the patient's record's
 * preference, if known, and the clinic's default; the browser's languages come between them.
 */
export const patientLanguageSources = z.object({
  preferred: z.enum(PATIENT_LANGUAGES).nullable(),
  clinicDefault: z.enum(PATIENT_LANGUAGES),
});

/** A booked visit as one row of a list shows it: when, how long, its state and the patient. */
export const visitRow = z.object({
  _id: z.string(),
  /** ISO start. */
  date: z.string(),
  duration: z.number().int(),
  status: z.string(),
  patientName: z.string(),
});

/** How many records each of `keys` holds (a list's tabs, a tally by status). */
export const countsOf = <const K extends readonly string[]>(keys: K) =>
  z.object(
    Object.fromEntries(keys.map((k) => [k, z.number().int()])) as Record<K[number], z.ZodNumber>,
  );

/** Which page of an admin list is asked for, and its length (`pageSize` when not said). */
export const pageQueryOf = (pageSize: number) => ({
  page: wholeNumber(1, 10_000).default(1),
  limit: wholeNumber(1, 100).default(pageSize),
});

/** One page of an admin list: its rows, and whether a page follows the one asked for. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    pagination: z.object({ hasNextPage: z.boolean(), currentPage: z.number() }),
  });

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

/**
 * A whole number a person typed into a form, refused in words that name its unit ("must be a
 * whole number of hours"); the field adds its bounds.
 */
export const wholeCountOf = (unit?: 'minutes' | 'hours' | 'days') =>
  z
    .number({ error: unit ? `must be a number of ${unit}` : 'must be a number' })
    .int(unit ? `must be a whole number of ${unit}` : 'must be a whole number');

/** A visit's length as a person picks it, from 5 minutes to 8 hours. */
export const visitLengthField = wholeCountOf('minutes')
  .min(5, 'must be at least 5 minutes')
  .max(480, 'must be at most 8 hours');

/** A yes/no in a query string; a boolean as it is (the web app builds queries as objects). */
export const booleanFlag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], {
    error: 'must be true or false',
  })
  .transform((v) => v === true || v === 'true' || v === '1')
  .optional();

/**
 * Spec §7: a retried create with the same key answers the first result and books nothing. Every
 * POST that honours the header (single and series bookings, FHIR creates) takes this schema.
 */
export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .min(1)
    .max(200)
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
    .optional(),
});

/**
 * What a clinic gives its patients to reach it: the phone and address it set (null when it gave
 * none), and its public booking page while it takes online bookings (ADR 034).
 */
export const clinicReach = z.object({
  phone: z.string().nullable(),
  address: z.string().nullable(),
  bookOnlinePath: z.string().nullable(),
});
