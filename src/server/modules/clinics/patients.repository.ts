import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { literalCount } from '../../db/literal-count';
import { prepared } from '../../db/prepared';
import { pastPrefix } from '../../db/prefix-range';
import * as t from '../../db/schema';

export type PatientRow = typeof t.patients.$inferSelect;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A patient as spec §3's patient JSON (the search's answer), built by the database: the app
 * writes it into the response as it is, without turning rows into objects and back. The
 * clinic's slug is a parameter. toPatientView says the same for one patient; a test holds them
 * to one answer.
 */
const patientJson = sql<string>`json_build_object(
  '_id', ${t.patients.id},
  'firstName', ${t.patients.firstName},
  'lastName', ${t.patients.lastName},
  'email', ${t.patients.email},
  'dob', ${t.patients.dob},
  'phoneNumber', ${t.patients.phone},
  'source', ${t.patients.source},
  'clinic', ${sql.placeholder('clinicSlug')}::text)::text`;

/** A patient found by a search: the id (for the audit) and the JSON it is shown as. */
export interface PatientJsonRow {
  id: string;
  json: string;
}
const patientJsonColumns = { id: t.patients.id, json: patientJson };
/** The clinic searched: its id scopes the search, its slug is in each patient's JSON. */
type SearchClinic = { id: string; slug: string };

/**
 * Patients of the clinic whose normalised name-and-email text contains the keyword, best first
 * as searchMatch ranks them (a whole word, then the start of a word, then inside a word), then
 * by name. Most searches are the start of a name or email: those read the clinic's range of
 * patient_search_words and, when that finds a full page, are answered from it. Fewer than a page
 * (or a keyword of several words) means matches inside words may belong on the page, and the
 * trigram index answers instead.
 */
export async function searchPatients(
  db: Executor,
  clinic: SearchClinic,
  normalizedKeyword: string,
  limit: number,
): Promise<PatientJsonRow[]> {
  const pastKeyword = pastPrefix(normalizedKeyword);
  if (!normalizedKeyword.includes(' ') && pastKeyword !== null) {
    const rows = await searchPatientsByWord(db, clinic, normalizedKeyword, pastKeyword, limit);
    if (rows.length === limit) return rows;
  }
  return searchPatientsContaining(db, clinic, normalizedKeyword, limit);
}

/**
 * Patients with a word that is the keyword or starts with it, best first, in one statement.
 * A whole word ranks first, so when whole words alone fill the page their index range, already
 * in name order, is the answer: a keyword typed in full ("smith", "jose") is then read without
 * ranking every word that starts with it (1,252 of them for "jose"). Only when they do not is
 * every word of the range ranked, the start of a word after a whole word. PostgreSQL decides
 * between the two once per execution (a one-time filter on the whole words' count), so the
 * branch not taken is never read; one statement saves the round trip of asking twice.
 */
function searchPatientsByWord(
  db: Executor,
  clinic: SearchClinic,
  keyword: string,
  pastKeyword: string,
  limit: number,
) {
  const w = t.patientSearchWords;
  const p = t.patients;
  const query = prepared(db, `patient_search_word_${limit}`, (name) => {
    const n = literalCount(limit);
    const inClinic = sql`${w.clinicId} = ${sql.placeholder('clinicId')}`;
    const isKeyword = sql`${w.word} = ${sql.placeholder('keyword')}`;
    // Every word that starts with the keyword, as a range of the index (a LIKE with a parameter
    // is not one in a prepared statement's generic plan).
    const startsWithKeyword = sql`${w.word} ~>=~ ${sql.placeholder('keyword')}
      and ${w.word} ~<~ ${sql.placeholder('pastKeyword')}`;
    const matches = sql`(
      with whole as materialized (
        select ${w.patientId}, ${w.lastName}, ${w.firstName} from ${w}
        where ${inClinic} and ${isKeyword}
        order by ${w.lastName}, ${w.firstName}, ${w.patientId}
        limit ${n}
      ), filled as (
        select count(*) = ${n} as filled from whole
      )
      select patient_id, 0 as best, last_name, first_name from whole
      where (select filled from filled)
      union all (
        select ${w.patientId}, min(case when ${isKeyword} then 0 else 1 end) as best,
          ${w.lastName}, ${w.firstName}
        from ${w}
        where ${inClinic} and ${startsWithKeyword} and not (select filled from filled)
        group by ${w.patientId}, ${w.lastName}, ${w.firstName}
        order by best, ${w.lastName}, ${w.firstName}, ${w.patientId}
        limit ${n}
      )
    ) as m`;
    const m = (column: string) => sql.raw(`m.${column}`);
    return (
      db
        .select(patientJsonColumns)
        .from(matches)
        // An archived patient (ADR 041) is not offered for a new booking.
        .innerJoin(p, and(eq(p.id, m('patient_id')), isNull(p.archivedAt)))
        .orderBy(m('best'), m('last_name'), m('first_name'), m('patient_id'))
        .prepare(name)
    );
  });
  return query.execute({ clinicId: clinic.id, clinicSlug: clinic.slug, keyword, pastKeyword });
}

function searchPatientsContaining(
  db: Executor,
  clinic: SearchClinic,
  keyword: string,
  limit: number,
) {
  const p = t.patients;
  const query = prepared(db, 'patient_search_containing', (name) =>
    db
      .select(patientJsonColumns)
      .from(p)
      .where(
        and(
          eq(p.clinicId, sql.placeholder('clinicId')),
          isNull(p.archivedAt),
          sql`${p.searchText} like ${sql.placeholder('contains')}`,
        ),
      )
      .orderBy(
        sql`case when ' ' || ${p.searchText} || ' ' like ${sql.placeholder('word')} then 0
                 when ' ' || ${p.searchText} like ${sql.placeholder('wordStart')} then 1 else 2 end`,
        asc(p.lastName),
        asc(p.firstName),
        asc(p.id),
      )
      .limit(sql.placeholder('limit'))
      .prepare(name),
  );
  const escaped = escapeLike(keyword);
  return query.execute({
    clinicId: clinic.id,
    clinicSlug: clinic.slug,
    contains: `%${escaped}%`,
    word: `% ${escaped} %`,
    wordStart: `% ${escaped}%`,
    limit,
  });
}

export async function findPatient(db: Executor, clinicId: string, patientId: string) {
  const [row] = await prepared(db, 'patient_by_id', (name) =>
    db
      .select()
      .from(t.patients)
      .where(
        and(
          eq(t.patients.clinicId, sql.placeholder('clinicId')),
          eq(t.patients.id, sql.placeholder('patientId')),
        ),
      )
      .limit(1)
      .prepare(name),
  ).execute({ clinicId, patientId });
  return row;
}

/**
 * The clinic's patient with this e-mail; for a record merged into another (which keeps its
 * e-mail, so the address stays taken), the record it was merged into.
 */
export async function findPatientByEmail(db: Executor, clinicId: string, email: string) {
  const [row] = await db
    .select()
    .from(t.patients)
    .where(
      and(
        eq(t.patients.clinicId, clinicId),
        sql`lower(${t.patients.email}) = ${email.toLowerCase()}`,
      ),
    )
    .limit(1);
  if (!row?.mergedIntoId) return row;
  const [kept] = await db.select().from(t.patients).where(eq(t.patients.id, row.mergedIntoId));
  return kept;
}

export async function insertPatient(db: Executor, values: typeof t.patients.$inferInsert) {
  const [row] = await db.insert(t.patients).values(values).returning();
  return row!;
}
