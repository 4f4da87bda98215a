import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ResourceKind } from '@domain/resources';
import type { Executor } from '../../db/client';
import * as t from '../../db/schema';

// The rooms and equipment FHIR shows (issue 42, ADR 045), read straight from `resources`: FHIR
// shows archived ones too (inactive), which the resources module's staff list leaves out.

export interface ClinicResource {
  id: string;
  clinicId: string;
  name: string;
  kind: ResourceKind;
  category: string;
  archived: boolean;
}

const columns = {
  id: t.resources.id,
  clinicId: t.resources.clinicId,
  name: t.resources.name,
  kind: t.resources.kind,
  category: t.resources.category,
  archivedAt: t.resources.archivedAt,
};

function toClinicResource(row: {
  id: string;
  clinicId: string;
  name: string;
  kind: string;
  category: string;
  archivedAt: Date | null;
}): ClinicResource {
  return {
    id: row.id,
    clinicId: row.clinicId,
    name: row.name,
    kind: row.kind === 'equipment' ? 'equipment' : 'room',
    category: row.category,
    archived: row.archivedAt !== null,
  };
}

/** Every resource of one kind at the clinics given, archived ones too, by name. */
export async function listClinicResources(
  db: Executor,
  clinicIds: readonly string[],
  kind: ResourceKind,
): Promise<ClinicResource[]> {
  if (clinicIds.length === 0) return [];
  const rows = await db
    .select(columns)
    .from(t.resources)
    .where(and(inArray(t.resources.clinicId, [...clinicIds]), eq(t.resources.kind, kind)))
    .orderBy(asc(t.resources.name), asc(t.resources.id));
  return rows.map(toClinicResource);
}

/** The resources with these ids at the clinics given (an id elsewhere is not found). */
export async function findClinicResources(
  db: Executor,
  clinicIds: readonly string[],
  ids: readonly string[],
): Promise<ClinicResource[]> {
  if (clinicIds.length === 0 || ids.length === 0) return [];
  const rows = await db
    .select(columns)
    .from(t.resources)
    .where(and(inArray(t.resources.clinicId, [...clinicIds]), inArray(t.resources.id, [...ids])));
  return rows.map(toClinicResource);
}
