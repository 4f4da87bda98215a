import { personName } from '@domain/person-name';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import type { Executor } from '../../db/client';
import { notFound } from '../../errors';
import { writeChange } from './appointment-writes';
import { actorOf } from './write-actor';
import * as repo from './appointments.repository';

/**
 * Moves every appointment of one patient to another of the same clinic (a merge of two records of
 * one person), each through the one write path (ADR 040): its audit row, a PATIENT_MERGED history
 * entry and the `appointment.updated` webhook, but no message to the patient, whose visit link,
 * time and provider stay as they were. Reminders not yet sent go to the kept record's contact, as
 * every queued message reads the patient when it is sent (ADR 041).
 *
 * The caller holds both patients' rows locked: no booking of either can commit meanwhile. The
 * appointments are locked here, so a change of one made at the same moment is waited for, not lost.
 */
export async function moveAppointmentsToPatient(
  tx: Executor,
  deps: Pick<AppDeps, 'config'>,
  ctx: RequestContext,
  move: {
    from: { id: string; firstName: string; lastName: string };
    to: { id: string; firstName: string; lastName: string };
    clinicIds: readonly string[];
  },
  now: Date,
): Promise<string[]> {
  const ids = await repo.lockPatientAppointments(tx, move.from.id);
  const actor = actorOf(ctx);
  for (const id of ids) {
    const row = await repo.findAppointment(tx, id, move.clinicIds);
    if (!row) throw notFound('Appointment not found');
    await writeChange(
      tx,
      deps,
      actor,
      {
        row,
        clinicIds: move.clinicIds,
        change: {
          values: { patientId: move.to.id },
          events: [
            {
              type: 'PATIENT_MERGED',
              fromValue: personName(move.from),
              toValue: personName(move.to),
            },
          ],
          outbox: [],
          audit: 'merge',
          auditDetails: { fromPatientId: move.from.id, toPatientId: move.to.id },
        },
      },
      now,
    );
  }
  return ids;
}
