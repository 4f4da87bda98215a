// A patient search's answer is reused while the clinic's data version stands (ADR 025). These tests
// add, change and remove patients straight in the database and expect the next search to show it
// at once; otherwise an answer is reused for at most READ_REUSE_MS, and every search is audited.
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { normalizeSearchText } from '@domain/search-text';
import type { PatientView } from '@contracts/clinics';
import { useScenario, useTestApp } from '../../test/test-app';
import { apiAs } from '../../test/api-client';
import { createPatient } from '../../test/factories';
import { auditedRecords } from '../../test/audited-records';
import * as t from '../../db/schema';
import { READ_REUSE_MS } from '../../core/reuse';

const env = useTestApp({ now: '2026-11-23T12:00:00Z' });
const { s, staff } = useScenario(env);

async function found(keyword: string): Promise<PatientView[]> {
  const res = await staff.get(
    `/api/clinics/patient?clinic=${s.clinic.slug}&keyword=${encodeURIComponent(keyword)}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PatientView[];
}

describe('reusing a patient search', () => {
  it('shows a patient added, changed or removed at once', async () => {
    expect((await found('smith')).map((p) => p.firstName)).toEqual(['Anna']);

    const added = await createPatient(env.db, s.clinic.id, {
      firstName: 'Bea',
      lastName: 'Smith',
      email: 'bea.smith@example.com',
    });
    expect((await found('smith')).map((p) => p.firstName)).toEqual(['Anna', 'Bea']);

    await env.db.update(t.patients).set({ dob: '1971-02-03' }).where(eq(t.patients.id, added.id));
    expect((await found('smith')).find((p) => p._id === added.id)?.dob).toBe('1971-02-03');

    await env.db
      .update(t.patients)
      .set({ phone: '+1 555 0199' })
      .where(eq(t.patients.id, added.id));
    expect((await found('smith')).find((p) => p._id === added.id)?.phoneNumber).toBe('+1 555 0199');

    await env.db.delete(t.patients).where(eq(t.patients.id, added.id));
    expect((await found('smith')).map((p) => p.firstName)).toEqual(['Anna']);

    await env.db
      .update(t.clinics)
      .set({ slug: 'riverside-2' })
      .where(eq(t.clinics.id, s.clinic.id));
    s.clinic.slug = 'riverside-2';
    expect((await found('smith')).map((p) => p.clinic)).toEqual(['riverside-2']);
  });

  it('reads again after READ_REUSE_MS, and audits every search', async () => {
    expect(await found('smith')).toHaveLength(1);
    // A patient no data version follows (the triggers are off): it stands for the passing time.
    await env.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.insert(t.patients).values({
        clinicId: s.clinic.id,
        firstName: 'Cy',
        lastName: 'Smith',
        email: 'cy.smith@example.com',
        searchText: normalizeSearchText('Cy', 'Smith', 'cy.smith@example.com'),
      });
    });
    env.advance(READ_REUSE_MS - 1);
    expect(await found('smith')).toHaveLength(1);
    env.advance(1);
    expect(await found('smith')).toHaveLength(2);

    const reads = (await auditedRecords(env.db)).filter(
      (r) => r.action === 'read' && r.entityId === s.otherPatient.id,
    );
    expect(reads).toHaveLength(3);
  });

  it('keeps one clinic’s answer from another clinic’s staff', async () => {
    await createPatient(env.db, s.foreign.id, {
      firstName: 'Dee',
      lastName: 'Smith',
      email: 'dee.smith@example.com',
    });
    expect((await found('smith')).map((p) => p.firstName)).toEqual(['Anna']);
    const res = await staff.get(`/api/clinics/patient?clinic=${s.foreign.slug}&keyword=smith`);
    expect(res.statusCode).toBe(404);
    const elsewhere = await apiAs(env.app, s.foreignAgent.email);
    const theirs = await elsewhere.get(
      `/api/clinics/patient?clinic=${s.foreign.slug}&keyword=smith`,
    );
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect((theirs.json() as PatientView[]).map((p) => p.firstName)).toEqual(['Dee']);
  });
});
