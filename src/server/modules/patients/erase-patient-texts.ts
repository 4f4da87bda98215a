// The texts' part of a patient's erasure (ADR 050): texts are outbox rows found by their patient
// (an answer to a reply has no appointment), and replies are rows of their own.
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import * as t from '../../db/schema';

const ERASED_NUMBER = 'erased';

/**
 * Withdraws the patient's texts not yet sent and strikes the number and words of every text and
 * reply of theirs and their consent, keeping each row's kind, time and delivery. A reply that no patient was found
 * for, from a number they were texted at, is theirs too. A number's STOP is kept: it belongs to
 * the number, and forgetting it could text someone who asked not to be.
 */
export async function erasePatientTexts(db: Executor, patientId: string) {
  const theirNumbers = sql`(select distinct to_number from ${t.outbox}
    where patient_id = ${patientId} and channel = 'sms')`;
  await db.execute(sql`
    update ${t.textReplies} set from_number = ${ERASED_NUMBER}, body = ''
    where patient_id = ${patientId}
      or (patient_id is null and from_number in ${theirNumbers}
        and clinic_id in (select clinic_id from ${t.patients} where id = ${patientId}))`);
  await db.execute(sql`
    update ${t.outbox} set status = 'withdrawn', last_error = 'The patient’s data was erased.'
    where patient_id = ${patientId} and channel = 'sms' and status = 'pending'`);
  await db.execute(sql`
    update ${t.outbox} set to_number = ${ERASED_NUMBER}, body = null, payload = payload - 'text',
      recipients = (select coalesce(jsonb_agg(case when r ->> 'role' = 'patient'
                      then jsonb_build_object('email', null, 'name', 'Erased patient', 'role', 'patient')
                      else r end), '[]'::jsonb)
                    from jsonb_array_elements(recipients) r)
    where patient_id = ${patientId} and channel = 'sms'`);
  await db.execute(sql`
    update ${t.patients} set text_consent_at = null, text_consent_method = null,
      text_consent_by = null, contact_channel = 'email'
    where id = ${patientId}`);
}
