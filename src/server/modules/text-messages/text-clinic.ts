// The clinic as a reply's answer and a number's reading need it (ADR 050).
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import * as t from '../../db/schema';

/** The clinic's name, zone, phone, texting country and default language, as answers need them. */
export async function clinicForAnswers(db: Executor, clinicId: string) {
  const [row] = await db
    .select({
      id: t.clinics.id,
      name: t.clinics.name,
      timezone: t.clinics.timezone,
      phone: t.clinics.phone,
      textCountry: t.clinics.textCountry,
      defaultLanguage: t.clinics.defaultLanguage,
    })
    .from(t.clinics)
    .where(eq(t.clinics.id, clinicId))
    .limit(1);
  return row;
}
