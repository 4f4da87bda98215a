import type { z } from 'zod';
import type { ClinicSummary } from '@contracts/auth';
import type { listPatientsQuery, PatientPage } from '@contracts/patients';
import { parsePatientQuery } from '@domain/patients';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import { badRequest } from '../../errors';
import { requireMemberClinic } from '../clinics';
import { auditPatientReads } from './patient-audit';
import { patientEditorClinicIds } from './patient-editors';
import * as listRepo from './patient-list.repository';

type Query = z.output<typeof listPatientsQuery>;

/**
 * A page of the caller's clinics' patients that the search box's text finds, in name order.
 * Each one shown is audited as a read.
 */
export async function listPatients(
  deps: AppDeps,
  ctx: RequestContext,
  q: Query,
): Promise<PatientPage> {
  const clinicIds = clinicsAsked(ctx, q.clinic);
  const [rows, editable] = await Promise.all([
    listRepo.listPatients(deps.db.db, {
      clinicIds,
      query: parsePatientQuery(q.q ?? ''),
      archived: q.archived ?? false,
      after: q.after === undefined ? undefined : decodeCursor(q.after),
      limit: q.limit + 1,
      now: deps.now(),
    }),
    patientEditorClinicIds(deps.db.db, ctx),
  ]);
  const shown = rows.slice(0, q.limit);
  // The patients are of the caller's clinics, which the session read with their names.
  const clinics = new Map(ctx.user.clinics.map((c) => [c.id, c]));
  await auditPatientReads(
    deps,
    ctx,
    shown.map((r) => r.id),
  );
  const last = shown.at(-1);
  return {
    patients: shown.map((r) => ({
      id: r.id,
      clinic: clinicOf(clinics, r.clinicId),
      firstName: r.firstName,
      lastName: r.lastName,
      preferredName: r.preferredName,
      dob: r.dob,
      email: r.email,
      phone: r.phone,
      recordNumber: r.recordNumber,
      archived: r.archivedAt !== null,
      nextVisit: r.nextVisit === null ? null : new Date(r.nextVisit).toISOString(),
    })),
    next: rows.length > q.limit && last ? encodeCursor(last) : null,
    editableClinics: ctx.user.clinics.filter((c) => editable.has(c.id)).map((c) => c.slug),
  };
}

function clinicOf(clinics: ReadonlyMap<string, ClinicSummary>, id: string) {
  const clinic = clinics.get(id);
  if (!clinic) throw new Error(`patient of clinic ${id} outside the caller's clinics`);
  return { slug: clinic.slug, name: clinic.name, timezone: clinic.timezone };
}

/** The one clinic a filter names (404 if not the caller's), or all of the caller's clinics. */
export function clinicsAsked(ctx: RequestContext, slug: string | undefined): string[] {
  return slug ? [requireMemberClinic(ctx.user, slug).id] : [...ctx.user.clinicIds];
}

/** A page's end as its `next` says it: also the duplicates' list's (find-duplicates.ts). */
export function encodeCursor(row: listRepo.PatientCursor): string {
  return Buffer.from(JSON.stringify([row.lastName, row.firstName, row.id])).toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function decodeCursor(
  cursor: string,
  restart = 'Start again from the first page of patients.',
): listRepo.PatientCursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 3 &&
      value.every((v) => typeof v === 'string') &&
      UUID.test(value[2] as string)
    ) {
      const [lastName, firstName, id] = value as [string, string, string];
      return { lastName, firstName, id };
    }
  } catch {
    // Not base64url JSON: refused below like any other malformed cursor.
  }
  throw badRequest('The page position is not valid.', {
    details: restart,
    fields: [{ field: 'after', message: 'must be the `next` value of a previous page' }],
  });
}
