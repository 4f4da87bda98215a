import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import * as t from '../db/schema';

/**
 * The clinic's data version as the triggers keep it (0 before its first change): what a test
 * reads to see that a change reaches cached answers (ADR 023).
 */
export async function clinicDataVersion(db: Executor, clinicId: string): Promise<number> {
  const [row] = await db
    .select({ version: t.clinicDataVersions.version })
    .from(t.clinicDataVersions)
    .where(eq(t.clinicDataVersions.clinicId, clinicId));
  return row?.version ?? 0;
}
