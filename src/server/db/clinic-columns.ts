import { and, eq, exists, inArray, sql } from 'drizzle-orm';
import type { Executor } from './client';
import * as t from './schema';

/** A clinic as most reads show it: enough to name it, link to it and read its wall clock. */
export const clinicNameColumns = {
  id: t.clinics.id,
  slug: t.clinics.slug,
  name: t.clinics.name,
  timezone: t.clinics.timezone,
};

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
