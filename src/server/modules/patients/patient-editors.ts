import { mayEditPatientsAs } from '@domain/patients';
import { sql } from 'drizzle-orm';
import type { RequestContext } from '../../core/request-context';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import * as t from '../../db/schema';
import { forbidden } from '../../errors';

const NOT_AN_EDITOR =
  'Only admins and the roles they chose may change this clinic’s patient records. Ask an admin if you need to.';

/**
 * Whether the caller may change patient records of a clinic whose admins let these roles do so
 * (the front desk by default; admins always). An integration changes patients only through
 * FHIR, whose write scope decides; a patient never does.
 */
export function mayEditPatients(
  ctx: RequestContext,
  clinicEditorRoles: readonly string[],
): boolean {
  if (ctx.patient) return false;
  return Boolean(ctx.apiToken) || mayEditPatientsAs(ctx.user.role, clinicEditorRoles);
}

/** Refuses (403) a change to a patient record of a clinic where the caller's role may not make it. */
export function requirePatientEditor(
  ctx: RequestContext,
  clinicEditorRoles: readonly string[],
  refusal = NOT_AN_EDITOR,
) {
  if (!mayEditPatients(ctx, clinicEditorRoles)) throw forbidden(refusal);
}

/** The caller's clinics in which they may change patient records. */
export async function patientEditorClinicIds(
  db: Executor,
  ctx: RequestContext,
): Promise<Set<string>> {
  const mine = [...ctx.user.clinicIds];
  if (mine.length === 0 || ctx.patient) return new Set();
  // A staff session read its clinics' editor roles with it (auth.repository's findLiveSession).
  const known = ctx.user.patientEditorRoles;
  if (known) return new Set(mine.filter((id) => mayEditPatients(ctx, known.get(id) ?? [])));
  // Prepared: an integration token's patients page asks it with every search.
  const rows = await prepared(db, 'clinic_patient_editor_roles', (name) =>
    db
      .select({ id: t.clinics.id, roles: t.clinics.patientEditorRoles })
      .from(t.clinics)
      .where(sql`${t.clinics.id} = any(${sql.placeholder('clinics')}::uuid[])`)
      .prepare(name),
  ).execute({ clinics: mine });
  return new Set(rows.filter((r) => mayEditPatients(ctx, r.roles)).map((r) => r.id));
}

/** Refuses (403) when the caller may change patient records in none of these clinics. */
export async function requirePatientEditorIn(
  db: Executor,
  ctx: RequestContext,
  clinicIds: readonly string[],
): Promise<string[]> {
  const editable = await patientEditorClinicIds(db, ctx);
  const allowed = clinicIds.filter((id) => editable.has(id));
  if (allowed.length === 0) throw forbidden(NOT_AN_EDITOR);
  return allowed;
}
