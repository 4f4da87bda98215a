import type { z } from 'zod';
import type { exportPatientsQuery } from '@contracts/patients';
import { parsePatientQuery } from '@domain/patients';
import { localDateKeyOf } from '@domain/zoned-time';
import type { AppDeps } from '../../app-deps';
import { csvFile } from '../../core/csv-file';
import type { RequestContext } from '../../core/request-context';
import { clinicsAsked } from './list-patients';
import { requirePatientEditorIn } from './patient-editors';
import { auditPatientReads } from './patient-audit';
import * as listRepo from './patient-list.repository';

type Query = z.output<typeof exportPatientsQuery>;

/** Patients read per statement while the file is written, as the client takes them. */
export const PATIENT_EXPORT_BATCH = 1000;

/** The columns, in the order an import of this file reads them back. */
export const PATIENT_CSV_COLUMNS = [
  'Record number',
  'Last name',
  'First name',
  'Preferred name',
  'Date of birth',
  'Gender',
  'E-mail',
  'Phone',
  'Address',
  'City',
  'State or region',
  'Postal code',
  'Country',
  'Preferred language',
  'Contact by',
  'No reminders',
  'Clinic',
  'Archived',
  'Patient id',
] as const;

function toLine(p: listRepo.ExportedPatient): string[] {
  return [
    p.recordNumber ?? '',
    p.lastName,
    p.firstName,
    p.preferredName ?? '',
    p.dob ?? '',
    p.gender ?? '',
    p.email ?? '',
    p.phone ?? '',
    p.addressLine ?? '',
    p.city ?? '',
    p.region ?? '',
    p.postalCode ?? '',
    p.country ?? '',
    p.preferredLanguage ?? '',
    p.contactChannel,
    p.remindersOptOut ? 'yes' : '',
    p.clinicSlug,
    p.archivedAt ? 'yes' : '',
    p.id,
  ];
}

/**
 * Every patient the page's search finds, as CSV in name order. Batches continue after the last
 * patient written, each audited as an export of its patients before it is written; the first is
 * read before anything is sent, so a failure there is an error answer, not a broken file.
 */
export async function exportPatientsCsv(deps: AppDeps, ctx: RequestContext, q: Query) {
  const clinicIds = await requirePatientEditorIn(deps.db.db, ctx, clinicsAsked(ctx, q.clinic));
  const filter = {
    clinicIds,
    query: parsePatientQuery(q.q ?? ''),
    archived: q.archived ?? false,
    limit: PATIENT_EXPORT_BATCH,
  };
  const read = async (after?: listRepo.PatientCursor) => {
    const rows = await listRepo.exportPatients(deps.db.db, { ...filter, after });
    await auditPatientReads(
      deps,
      ctx,
      rows.map((r) => r.id),
      'export',
    );
    return rows;
  };
  const first = await read();
  async function* lines() {
    for (let batch = first; ;) {
      for (const row of batch) yield toLine(row);
      const last = batch.at(-1);
      if (!last || batch.length < PATIENT_EXPORT_BATCH) return;
      batch = await read(last);
    }
  }
  const timeZone = ctx.user.timezone ?? 'UTC';
  return {
    filename: `patients-${localDateKeyOf(deps.now(), timeZone)}.csv`,
    body: csvFile(PATIENT_CSV_COLUMNS, lines()),
  };
}
