import { conflict } from '../errors';

/**
 * Driver errors never reach services raw: a constraint violation becomes a typed ConflictError,
 * a lost connection a DatabaseUnavailableError. Drizzle wraps driver errors, so the SQLSTATE may
 * sit on the error itself or on its cause.
 */
export type ConflictKind = 'overlap' | 'duplicate' | 'reference' | 'concurrent';

export class ConflictError extends Error {
  override readonly name = 'ConflictError';
  constructor(
    readonly kind: ConflictKind,
    readonly constraint: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';
}

/** The database refused a value as malformed: a caller's mistake (400), never a server fault. */
export class InvalidInputError extends Error {
  override readonly name = 'InvalidInputError';
}

const INVALID_INPUT_CODES = new Set([
  '22P02', // invalid_text_representation (a malformed uuid, say)
  '22021', // character_not_in_repertoire (a NUL byte)
  '22P05', // untranslatable_character
  '22001', // string_data_right_truncation
  '22003', // numeric_value_out_of_range
  '22007', // invalid_datetime_format
  '22008', // datetime_field_overflow
  '23514', // check_violation
  '23502', // not_null_violation
]);

interface DriverError {
  code?: string;
  constraint?: string;
  message?: string;
  cause?: unknown;
}

function driverErrorOf(err: unknown): DriverError | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const candidate = current as DriverError;
    if (typeof candidate.code === 'string') return candidate;
    current = candidate.cause;
  }
  return undefined;
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EPIPE',
  '57014', // query_canceled (the statement timeout)
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08003',
  '08006',
  '08001',
  '08004',
]);

// pg reports a dropped or refused connection without a SQLSTATE, only in words, and Drizzle
// wraps it ("Failed query: …") with the driver's error as the cause.
const LOST_CONNECTION =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|Cannot use a pool after calling end/i;

function causeMessages(err: unknown): string[] {
  const messages: string[] = [];
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current; depth++) {
    messages.push(current instanceof Error ? current.message : String(current));
    current = (current as { cause?: unknown }).cause;
  }
  return messages;
}

/**
 * The exclusion constraints that keep a room or a piece of equipment to one booking at a time
 * (ADR 045): an appointment's, and an online hold's (the triggers between the two tables answer
 * in their names too).
 */
const RESOURCE_CONSTRAINTS = new Set([
  'appointments_resource_no_overlap',
  'online_booking_holds_resource_no_overlap',
]);

/** Returns a typed error for what we know how to name, or the original error otherwise. */
export function translateDbError(err: unknown): unknown {
  const driver = driverErrorOf(err);
  if (!driver) {
    if (causeMessages(err).some((m) => LOST_CONNECTION.test(m))) {
      return new DatabaseUnavailableError('The database is unavailable. Please try again shortly.');
    }
    return err;
  }
  switch (driver.code) {
    case '23P01':
      return new ConflictError(
        'overlap',
        driver.constraint,
        driver.constraint && RESOURCE_CONSTRAINTS.has(driver.constraint)
          ? 'This room or equipment is already booked at that time.'
          : 'This time overlaps another appointment.',
      );
    case '23505':
      return new ConflictError('duplicate', driver.constraint, 'This record already exists.');
    case '40P01': // deadlock_detected: two bookings of one time inserted at the same instant
    case '40001': // serialization_failure
      return new ConflictError(
        'concurrent',
        driver.constraint,
        'Someone else changed this at the same moment. Please try again.',
      );
    case '23503':
      return new ConflictError(
        'reference',
        driver.constraint,
        'A referenced record does not exist.',
      );
    default:
      if (driver.code && INVALID_INPUT_CODES.has(driver.code)) {
        return new InvalidInputError('A value was not valid for this record.');
      }
      if (driver.code && CONNECTION_CODES.has(driver.code)) {
        return new DatabaseUnavailableError(
          'The database is unavailable. Please try again shortly.',
        );
      }
      return err;
  }
}

/** What kind of conflict a failed write met, or undefined when it was none. */
export function conflictKindOf(err: unknown): ConflictKind | undefined {
  const translated = err instanceof ConflictError ? err : translateDbError(err);
  return translated instanceof ConflictError ? translated.kind : undefined;
}

/**
 * Whether a write of a time lost it to another write: the no-overlap constraint (or a trigger
 * answering as it does, for a held time), a unique key written at the same instant, or a
 * deadlock with the winner once the retries ran out.
 */
export function isBookingConflict(err: unknown): boolean {
  const kind = conflictKindOf(err);
  return kind === 'overlap' || kind === 'duplicate' || kind === 'concurrent';
}

/**
 * The 409 a booking path answers with when its write lost the time (`message` says what the
 * person can do); any other error as it was. `throw asBookingConflict(err, MESSAGE)`.
 */
export function asBookingConflict(err: unknown, message: string): unknown {
  return isBookingConflict(err) ? conflict(message) : err;
}

/**
 * Whether a write lost its room or equipment (not its provider's time) to another booking or
 * hold: the caller may try the next free resource, in a savepoint.
 */
export function isResourceTaken(err: unknown): boolean {
  const translated = err instanceof ConflictError ? err : translateDbError(err);
  return (
    translated instanceof ConflictError &&
    translated.kind === 'overlap' &&
    translated.constraint !== undefined &&
    RESOURCE_CONSTRAINTS.has(translated.constraint)
  );
}

/** Whether the write met a unique key already taken (SQLSTATE 23505). */
export function isDuplicate(err: unknown): boolean {
  return conflictKindOf(err) === 'duplicate';
}

/** The unique key a write met already taken (SQLSTATE 23505), by name; undefined for any other. */
export function duplicateKeyOf(err: unknown): string | undefined {
  const translated = err instanceof ConflictError ? err : translateDbError(err);
  return translated instanceof ConflictError && translated.kind === 'duplicate'
    ? translated.constraint
    : undefined;
}

/** Runs a database operation and rethrows its failure in typed form. */
export async function withDbErrors<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (err) {
    throw translateDbError(err);
  }
}

const readAgainRefusals = new WeakSet<object>();

/**
 * Marks a refusal that a fresh run of the whole transaction may not meet: a write lost, with no
 * savepoint to go on in, to something committed after the transaction read what was free (a room
 * held online since, ADR 045). retryOnDeadlock runs the transaction again, whose reads then see
 * it; past its attempts, or where nothing retries, the refusal is the answer as it stands.
 */
export function refusalToReadAgain<E extends object>(refusal: E): E {
  readAgainRefusals.add(refusal);
  return refusal;
}

/**
 * Runs a whole transaction again when PostgreSQL chose it as a deadlock victim (two bookings of
 * one time inserted at the same instant wait on each other's exclusion-constraint check), or it
 * ended in a refusal marked `refusalToReadAgain`. The transaction was rolled back entirely, so
 * running it again is safe; the retry meets the winner's committed row and gets the constraint's
 * own answer, or succeeds if the winner failed after all.
 */
export async function retryOnDeadlock<T>(transaction: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (err) {
      const again =
        driverErrorOf(err)?.code === '40P01' ||
        (typeof err === 'object' && err !== null && readAgainRefusals.has(err));
      if (attempt >= attempts || !again) throw err;
    }
  }
}
