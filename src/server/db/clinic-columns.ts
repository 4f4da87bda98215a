import { and, eq, exists, inArray, sql, type Column } from 'drizzle-orm';
import type { Executor } from './client';
import * as t from './schema';

/** A clinic as most reads show it: enough to name it, link to it and read its wall clock. */
export const clinicNameColumns = {
  id: t.clinics.id,
  slug: t.clinics.slug,
  name: t.clinics.name,
  timezone: t.clinics.timezone,
};

/** A patient as the records that name them (appointments, waitlist entries) show and reach them. */
export const patientContactColumns = {
  id: t.patients.id,
  firstName: t.patients.firstName,
  lastName: t.patients.lastName,
  email: t.patients.email,
  phone: t.patients.phone,
};

/** A patient's full name as the messages that greet them write it: first and last, trimmed. */
export const patientFullName = sql<string>`btrim(${t.patients.firstName} || ' ' || ${t.patients.lastName})`;

/** The name a patient is greeted by: the preferred name they gave, else their first name. */
export const patientGreetingName = sql<string>`coalesce(nullif(btrim(${t.patients.preferredName}), ''), ${t.patients.firstName})`;

/** The users row at hand (`users.id` of the outer query) belongs to one of these clinics. */
export function memberOfAnyClinic(db: Executor, clinicIds: readonly string[]) {
  return exists(
    db
      .select({ one: sql`1` })
      .from(t.clinicMembers)
      .where(
        and(
          eq(t.clinicMembers.userId, t.users.id),
          inArray(t.clinicMembers.clinicId, [...clinicIds]),
        ),
      ),
  );
}

/** A clinic as a row serving several clinics (an integration token, a webhook endpoint) names it. */
export interface NamedClinic {
  id: string;
  slug: string;
  name: string;
}

/** The clinics of a row's `clinic_ids` array, by name, as the admins' lists show them. */
export const clinicsOfArray = (clinicIds: Column) => sql<NamedClinic[]>`coalesce((
  select json_agg(json_build_object('id', c.id, 'slug', c.slug, 'name', c.name)
                  order by c.name, c.id)
  from ${t.clinics} c where c.id = any(${clinicIds})), '[]'::json)`;

/** The row's `clinic_ids` array names at least one of these clinics. */
export const arrayNamesAnyClinic = (column: Column, clinicIds: readonly string[]) =>
  sql`${column} && ${sql.param([...clinicIds])}::uuid[]`;
