import { eq, sql } from 'drizzle-orm';
import { conflict, notFound } from '../errors';
import type { Executor } from './client';
import { prepared } from './prepared';
import * as t from './schema';

// A patient's row held by what adds to their record (a booking, a waitlist entry) against a merge
// of it (ADR 042). Here, not in a module: appointments and the waitlist both hold it, and the
// waitlist cannot import the clinics module, which reaches it through availability.

export const ERASED_NOT_BOOKABLE =
  'This patient’s personal data was erased at their request; they cannot be booked.';

/** The refusal for a record merged into another: it names the record to use instead. */
export function mergedNotBookable(keptId: string, keptName: string | null) {
  const whom = keptName ? `${keptName}’s record` : 'another record';
  return conflict(`This patient’s record was merged into ${whom}; book that record instead.`, {
    details: `Two records of one person were merged, and this one is kept only for history. Use the record they were merged into${keptName ? ` (${keptName})` : ''}.`,
    existingPatientId: keptId,
  });
}

/**
 * Holds each patient's row (FOR KEY SHARE, which a merge's FOR UPDATE waits for and is waited
 * for by) until the transaction ends, and refuses one merged or erased as the row now stands: a
 * merge that committed first is seen here, one that comes later waits for this transaction and
 * moves what it wrote. The database decides, never a read made before.
 */
export async function holdPatientsForBooking(
  tx: Executor,
  patientIds: readonly string[],
): Promise<void> {
  const p = t.patients;
  for (const id of [...new Set(patientIds)].sort()) {
    // Prepared (db/prepared.ts): every booking holds its patient.
    const [row] = await prepared(tx, 'patient_hold', (name) =>
      tx
        .select({
          mergedIntoId: p.mergedIntoId,
          mergedIntoName: sql<string | null>`(select concat_ws(' ', k.first_name, k.last_name)
            from ${p} k where k.id = ${p.mergedIntoId})`,
          erasedAt: p.erasedAt,
        })
        .from(p)
        .where(eq(p.id, sql.placeholder('id')))
        .for('key share')
        .prepare(name),
    ).execute({ id });
    if (!row) throw notFound('Patient not found in this clinic.');
    if (row.erasedAt) throw conflict(ERASED_NOT_BOOKABLE);
    if (row.mergedIntoId) throw mergedNotBookable(row.mergedIntoId, row.mergedIntoName);
  }
}
