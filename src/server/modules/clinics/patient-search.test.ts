// Patient search against the database: the word table the trigger keeps, and the ranking both
// search paths give, held to the domain's searchMatch over random patients.
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { normalizeSearchText, searchMatch } from '@domain/search-text';
import * as t from '../../db/schema';
import { createClinic, createPatient } from '../../test/factories';
import { searchPatients } from './patients.repository';
import { useTestDatabase } from '../../test/test-app';

const testDb = useTestDatabase();

const db = () => testDb.handle.db;

async function wordsOf(patientId: string) {
  const rows = await db()
    .select({ word: t.patientSearchWords.word })
    .from(t.patientSearchWords)
    .where(eq(t.patientSearchWords.patientId, patientId));
  return rows.map((r) => r.word).sort();
}

async function addPatient(clinicId: string, firstName: string, lastName: string, email: string) {
  return createPatient(db(), clinicId, { firstName, lastName, email });
}

describe('patient_search_words', () => {
  it('holds each word of a patient once, and follows a rename', async () => {
    const clinic = await createClinic(db());
    const p = await addPatient(clinic.id, 'Anna Maria', 'Anna', 'anna@example.com');
    expect(await wordsOf(p.id)).toEqual(['anna', 'anna@example.com', 'maria']);

    await db()
      .update(t.patients)
      .set({
        lastName: 'Ng',
        searchText: normalizeSearchText('Anna Maria', 'Ng', 'anna@example.com'),
      })
      .where(eq(t.patients.id, p.id));
    expect(await wordsOf(p.id)).toEqual(['anna', 'anna@example.com', 'maria', 'ng']);
    expect(await searchPatients(db(), clinic, 'ng', 20)).toMatchObject([{ id: p.id }]);
  });

  it('is what a rebuild from the patients makes', async () => {
    const clinic = await createClinic(db());
    for (let i = 0; i < 10; i++) await createPatient(db(), clinic.id);
    const all = () =>
      db()
        .select()
        .from(t.patientSearchWords)
        .orderBy(t.patientSearchWords.patientId, t.patientSearchWords.word);
    const kept = await all();
    await db().execute(sql`select patient_search_words_rebuild()`);
    expect(await all()).toEqual(kept);
    expect(kept.length).toBeGreaterThanOrEqual(30);
  });

  it('goes with its patient', async () => {
    const clinic = await createClinic(db());
    const p = await createPatient(db(), clinic.id);
    await db().delete(t.patients).where(eq(t.patients.id, p.id));
    expect(await wordsOf(p.id)).toEqual([]);
  });
});

describe('searchPatients', () => {
  it('puts a whole word first, then the start of a word, then inside a word', async () => {
    const clinic = await createClinic(db());
    const inside = await addPatient(clinic.id, 'Joanna', 'Ng', 'jn@example.com');
    const start = await addPatient(clinic.id, 'Annabel', 'Young', 'ay@example.com');
    const word = await addPatient(clinic.id, 'Zoe', 'Anna', 'za@example.com');
    const other = await createClinic(db());
    await addPatient(other.id, 'Anna', 'Abbott', 'aa@example.com');
    const ids = (rows: Array<{ id: string }>) => rows.map((r) => r.id);
    expect(ids(await searchPatients(db(), clinic, 'anna', 20))).toEqual([
      word.id,
      start.id,
      inside.id,
    ]);
    // A full page of word matches is the answer; the match inside a word ranks after it.
    expect(ids(await searchPatients(db(), clinic, 'anna', 2))).toEqual([word.id, start.id]);
    expect(ids(await searchPatients(db(), clinic, 'zoe anna', 20))).toEqual([word.id]);
  });

  it('reads a keyword literally, whatever its characters', async () => {
    const clinic = await createClinic(db());
    const p = await addPatient(clinic.id, 'Ann_a', 'O%Brien', 'ann@example.com');
    await addPatient(clinic.id, 'Annxa', 'Obrien', 'annx@example.com');
    const found = async (k: string) => (await searchPatients(db(), clinic, k, 20)).map((r) => r.id);
    expect(await found('ann_')).toEqual([p.id]);
    expect(await found('o%b')).toEqual([p.id]);
    expect(await found('\u{10FFFF}')).toEqual([]);
  });

  // Names from a few letters, so keywords often match several patients in several ways.
  const name = fc.stringMatching(/^[ab][abn]{0,3}$/);
  const patient = fc.record({ first: name, last: name, email: name });
  const keyword = fc.oneof(
    fc.stringMatching(/^[abn]{1,3}$/),
    fc.tuple(name, name).map(([a, b]) => `${a} ${b}`),
  );

  it('ranks like searchMatch, then by name, on both search paths', async () => {
    const clinic = await createClinic(db());
    const other = await createClinic(db());
    await fc.assert(
      fc.asyncProperty(
        fc.array(patient, { minLength: 1, maxLength: 12 }),
        keyword,
        fc.integer({ min: 1, max: 6 }),
        async (people, key, limit) => {
          await db().delete(t.patients);
          const rows = [];
          for (const [i, p] of people.entries()) {
            rows.push(await addPatient(clinic.id, p.first, p.last, `${p.email}${i}@x.example`));
            await addPatient(other.id, p.first, p.last, `${p.email}${i}@x.example`);
          }
          const expected = rows
            .map((r) => ({ id: r.id, r, match: searchMatch(r.searchText, key) }))
            .filter((x) => x.match !== null)
            .sort(
              (a, b) =>
                a.match! - b.match! ||
                cmp(a.r.lastName, b.r.lastName) ||
                cmp(a.r.firstName, b.r.firstName) ||
                cmp(a.id, b.id),
            )
            .slice(0, limit)
            .map((x) => x.id);
          const got = (await searchPatients(db(), clinic, key, limit)).map((r) => r.id);
          expect(got).toEqual(expected);
        },
      ),
      { numRuns: 40 },
    );
  });
});

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
