import type { PatientChange, PatientProfile, PatientVisit } from '@contracts/patients';
import { isOpenStatus } from '@domain/appointment-status';
import { isLateCancellation, type FieldChange } from '@domain/patients';
import { personName } from '@domain/person-name';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import { notFound } from '../../errors';
import { auditPatientReads } from './patient-audit';
import { mayEditPatients } from './patient-editors';
import { toPatientRecord } from './patient-record-view';
import { mergedIntoOf } from './patient-merge.repository';
import * as repo from './patient-records.repository';

/** How many past visits and changes the profile lists; `pastTotal` counts every past visit. */
const PAST_SHOWN = 20;
const HISTORY_SHOWN = 50;

export async function getPatientProfile(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
): Promise<PatientProfile> {
  const db = deps.db.db;
  const row = await repo.findPatientRecord(db, [...ctx.user.clinicIds], id);
  if (!row) throw notFound('Patient not found.');
  const merged = row.patient.mergedIntoId;
  const [appointments, waitlist, series, notes, edits, mergedInto] = await Promise.all([
    repo.patientAppointments(db, id),
    repo.patientWaitlistEntries(db, id),
    repo.patientSeries(db, id),
    repo.patientNotes(db, id),
    repo.patientEdits(db, id, HISTORY_SHOWN),
    merged ? mergedIntoOf(db, [...ctx.user.clinicIds], merged) : undefined,
  ]);
  const now = deps.now();
  await auditPatientReads(deps, ctx, [id]);
  const visits = appointments.map((a): PatientVisit => {
    const start = new Date(a.start_at);
    return {
      id: a.id,
      start: start.toISOString(),
      end: new Date(a.end_at).toISOString(),
      status: a.status,
      provider: { id: a.provider_id, name: a.provider_name },
      seriesId: a.series_id,
      lateCancellation:
        a.status === 'CANCELLED' &&
        a.cancelled_at !== null &&
        isLateCancellation(new Date(a.cancelled_at), start, row.cutoffHours),
    };
  });
  const upcoming = visits
    .filter((v) => Date.parse(v.start) > now.getTime() && isOpenStatus(v.status))
    .reverse();
  const past = visits.filter((v) => !upcoming.includes(v));
  const count = (test: (v: PatientVisit) => boolean) => visits.filter(test).length;
  return {
    patient: toPatientRecord(row),
    visits: { upcoming, past: past.slice(0, PAST_SHOWN), pastTotal: past.length },
    counts: {
      completed: count((v) => v.status === 'COMPLETED'),
      noShows: count((v) => v.status === 'NO_SHOW'),
      cancelled: count((v) => v.status === 'CANCELLED'),
      lateCancellations: count((v) => v.lateCancellation),
    },
    waitlist: waitlist.map((w) => ({ ...w, provider: w.provider ?? null })),
    series: series.map((s) => {
      const own = visits.filter((v) => v.seriesId === s.id);
      const next = upcoming.find((v) => v.seriesId === s.id);
      return { id: s.id, provider: s.provider, visits: own.length, nextStart: next?.start ?? null };
    }),
    notes: notes.map((n) => ({
      id: n.id,
      text: n.body,
      author: n.authorName,
      at: n.createdAt.toISOString(),
    })),
    history: edits.map((e): PatientChange => ({
      at: e.at.toISOString(),
      by: e.userName ?? 'Someone no longer on staff',
      changes: ((e.details as { changes?: FieldChange[] } | null)?.changes ?? []).map((c) => ({
        field: c.field,
        from: c.from ?? null,
        to: c.to ?? null,
      })),
    })),
    canEdit: mayEditPatients(ctx, row.editorRoles) && merged === null,
    mergedInto:
      mergedInto && row.patient.mergedAt
        ? {
            id: mergedInto.id,
            name: personName(mergedInto),
            at: row.patient.mergedAt.toISOString(),
          }
        : null,
  };
}
