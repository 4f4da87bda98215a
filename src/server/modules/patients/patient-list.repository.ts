import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { OPEN_STATUSES } from '@domain/appointment-status';
import type { PatientQuery } from '@domain/patients';
import { normalizeSearchText } from '@domain/search-text';
import { type Executor } from '../../db/client';
import { literalCount } from '../../db/literal-count';
import { prepared } from '../../db/prepared';
import { pastPrefix } from '../../db/prefix-range';
import * as t from '../../db/schema';

// The patients page's reads: a page of a clinic's patients, searched by name, birth date, phone
// or e-mail (the candidates by words first, ADR 005), and the same rows for an export.

const p = t.patients;
const c = t.clinics;

/** Where a page of patients ended, in their name order. */
export interface PatientCursor {
  lastName: string;
  firstName: string;
  id: string;
}

export interface PatientListFilter {
  clinicIds: readonly string[];
  query: PatientQuery;
  archived: boolean;
  after?: PatientCursor;
  limit: number;
  now: Date;
}

/**
 * A placeholder's value in a subquery of its own, which the planner cannot look into. Every
 * value of a page's statement is given this way, so that each execution's plan costs what the
 * prepared statement's generic plan costs: PostgreSQL then keeps the generic plan after its first
 * five executions instead of planning every search again for its values (planning was half the
 * CPU the database spent on a search). The plan is the same whatever the values: ranges of
 * indexes, the candidates sorted, the page's patients read by id.
 */
function value(name: string, type: string): SQL {
  return sql`((select ${sql.placeholder(name)}::${sql.raw(type)})::${sql.raw(type)})`;
}

/** `(last, first, id) > after` on the given columns: where the previous page ended. */
function pastCursor(after: PatientCursor | undefined, columns: SQL): SQL {
  if (!after) return sql`true`;
  return sql`(${columns}) > (${value('afterLast', 'text')}, ${value('afterFirst', 'text')}, ${value('afterId', 'uuid')})`;
}

/**
 * `column` starts with the text of the placeholder `name`: a range of an index, [text, its
 * pastPrefix), whose end shapeOf gives as `${name}Past` when there is one.
 */
function startsWith(column: SQL, name: string, shape: PageShape): SQL {
  const past = `${name}Past`;
  return past in shape.values
    ? sql`${column} ~>=~ ${value(name, 'text')} and ${column} ~<~ ${value(past, 'text')}`
    : sql`${column} ~>=~ ${value(name, 'text')}`;
}

/**
 * A statement's text for a filter, as a name that spells out its shape (db/prepared.ts), and
 * the values of its placeholders. Each prefix is a range of an index whatever its value, so the
 * plan a prepared statement keeps reads the same few rows a fresh plan would.
 */
interface PageShape {
  name: string;
  values: Record<string, unknown>;
}

function shapeOf(filter: Omit<PatientListFilter, 'now'>): PageShape {
  const { query, after, archived } = filter;
  const values: Record<string, unknown> = { clinics: [...filter.clinicIds] };
  if (after)
    Object.assign(values, {
      afterLast: after.lastName,
      afterFirst: after.firstName,
      afterId: after.id,
    });
  const parts = [query.kind, after ? 'after' : 'first', archived ? 'all' : 'current'];
  const prefix = (name: string, text: string) => {
    const past = pastPrefix(text);
    values[name] = text;
    if (past !== null) values[`${name}Past`] = past;
    parts.push(past === null ? 'open' : 'range');
  };
  switch (query.kind) {
    case 'all':
      break;
    case 'birthDate':
      values.dob = query.date;
      break;
    case 'digits':
      values.digits = `%${query.digits}%`;
      prefix('recordNumber', query.text.toLowerCase());
      break;
    case 'words':
      wordsOf(query.text).forEach((word, i) => prefix(`word${i}`, word));
      prefix('recordNumber', query.text.toLowerCase());
      break;
  }
  return { name: parts.join('_'), values };
}

/** The words typed, normalised as the patients' words are (at least one, maybe empty). */
function wordsOf(text: string): string[] {
  const words = normalizeSearchText(text).split(' ').filter(Boolean);
  return words.length === 0 ? [''] : words;
}

/**
 * The patients the search box's text may mean, each with the names it sorts by: a birth date,
 * digits of a phone or a record number's start, or words starting the patient's names and e-mail
 * (the words' index carries the names, so they sort without reading patients) or a record
 * number's start. Null for an empty box: everyone. Its placeholders are shapeOf's. A patient may
 * come more than once (two of their words start so, or a word and their record number): page
 * keeps one of each.
 */
function candidates(filter: Omit<PatientListFilter, 'now'>, shape: PageShape): SQL | null {
  const { query, after } = filter;
  const clinics = value('clinics', 'uuid[]');
  const fromPatients = (condition: SQL) =>
    sql`select p.id, p.last_name, p.first_name from ${t.patients} p
        where p.clinic_id = any(${clinics}) and ${condition}
          and ${pastCursor(after, sql`p.last_name, p.first_name, p.id`)}`;
  const recordNumberStarts = () =>
    fromPatients(startsWith(sql`lower(p.record_number)`, 'recordNumber', shape));
  switch (query.kind) {
    case 'all':
      return null;
    case 'birthDate':
      return fromPatients(sql`p.dob = ${value('dob', 'date')}`);
    case 'digits':
      return sql`${fromPatients(sql`p.phone_digits like ${value('digits', 'text')}`)}
        union all ${recordNumberStarts()}`;
    case 'words': {
      const words = wordsOf(query.text);
      const alsoOthers = words.slice(1).map(
        (_, i) => sql` and w.patient_id in (
          select o.patient_id from ${t.patientSearchWords} o
          where o.clinic_id = any(${clinics})
            and ${startsWith(sql`o.word`, `word${i + 1}`, shape)})`,
      );
      return sql`select w.patient_id as id, w.last_name, w.first_name
          from ${t.patientSearchWords} w
          where w.clinic_id = any(${clinics}) and ${startsWith(sql`w.word`, 'word0', shape)}
            and ${pastCursor(after, sql`w.last_name, w.first_name, w.patient_id`)}${sql.join(alsoOthers)}
        union all ${recordNumberStarts()}`;
    }
  }
}

/**
 * How many candidates a search's statement first takes, in name order, per row of its page: a
 * top-N sort of them (a heap of this many) instead of a sort of all of them. A name start like
 * "mar" finds about 3,000 of a clinic's 20,000 patients, and sorting them all (after a hash to
 * drop those found twice) was most of the statement's time. Those left out of the page (archived,
 * merged, found twice) are few, so the page is nearly always among them; when it may not be, the
 * statement runs again over every candidate (`page`).
 */
const CANDIDATES_PER_ROW = 4;

/** The column that says how many candidates a bounded statement took (see `page`). */
const TAKEN = 'candidatesTaken';

/**
 * One page of what the search finds, in name order, with the given columns of each patient, in
 * one prepared statement. A search sorts its candidates (few, from indexes; the first of them in
 * name order, see CANDIDATES_PER_ROW) and reads only the page's patients, to leave out the
 * archived and to take their columns; an empty box walks the name index. Either way the cost
 * follows what is found, not the 200,000 there are, and columns worked out per patient (the next
 * visit) are worked out for the page's patients alone.
 */
async function page<T extends SelectedFields>(
  db: Executor,
  filter: Omit<PatientListFilter, 'now'>,
  statement: string,
  columns: T,
  values: Record<string, unknown> = {},
): Promise<Array<SelectResultFields<T>>> {
  const shape = shapeOf(filter);
  const run = async (bound: number | null) => {
    // Typed by the caller's columns below: drizzle's builder cannot follow a generic selection.
    const fields: SelectedFields =
      bound === null ? columns : { ...columns, [TAKEN]: sql<string>`m.taken` };
    const name = `${statement}_${shape.name}_${filter.limit}${bound === null ? '' : `_top${bound}`}`;
    const query = prepared(db, name, (name) => {
      // A merged record is history only (ADR 042): its profile opens by id, never from a search.
      const kept = filter.archived
        ? sql`${p.mergedIntoId} is null`
        : sql`${p.archivedAt} is null and ${p.mergedIntoId} is null`;
      const n = literalCount(filter.limit);
      const found = candidates(filter, shape);
      if (found === null) {
        return db
          .select(fields)
          .from(p)
          .where(
            sql`${p.clinicId} = any(${value('clinics', 'uuid[]')}) and ${kept}
              and ${pastCursor(filter.after, sql`${p.lastName}, ${p.firstName}, ${p.id}`)}`,
          )
          .orderBy(p.lastName, p.firstName, p.id)
          .limit(n)
          .prepare(name);
      }
      const m = (column: string) => sql.raw(`m.${column}`);
      // The candidates in name order, the first `bound` of them only when bounded, with how many
      // were taken; then each patient once.
      const first =
        bound === null
          ? sql`select f.*, null::bigint as taken from (${found}) f`
          : sql`select f.*, count(*) over () as taken
              from (${found} order by 2, 3, 1 limit ${literalCount(bound)}) f`;
      return db
        .select(fields)
        .from(
          sql`(select distinct on (u.last_name, u.first_name, u.id) u.id, u.last_name, u.first_name, u.taken
              from (${first}) u order by u.last_name, u.first_name, u.id) as m`,
        )
        .innerJoin(p, and(eq(p.id, m('id')), kept))
        .orderBy(m('last_name'), m('first_name'), m('id'))
        .limit(n)
        .prepare(name);
    });
    return (await query.execute({ ...shape.values, ...values })) as Array<Record<string, unknown>>;
  };
  if (filter.query.kind === 'all') return (await run(null)) as Array<SelectResultFields<T>>;
  const bound = CANDIDATES_PER_ROW * filter.limit;
  const rows = await run(bound);
  // A short page is the whole answer only if the bounded statement took every candidate there
  // was (fewer than `bound`); otherwise those after them may hold the rest of the page.
  const whole =
    rows.length === filter.limit || (rows.length > 0 && Number(rows[0]![TAKEN]) < bound);
  if (!whole) return (await run(null)) as Array<SelectResultFields<T>>;
  for (const row of rows) delete row[TAKEN];
  return rows as Array<SelectResultFields<T>>;
}

/** A batch of an export: every column the file has, in name order. */
export async function exportPatients(db: Executor, filter: Omit<PatientListFilter, 'now'>) {
  if (filter.clinicIds.length === 0) return [];
  const clinicSlug = sql<string>`(select k.slug from ${c} k where k.id = ${p}.clinic_id)`;
  return page(db, filter, 'patient_export', { ...getTableColumns(p), clinicSlug });
}
export type ExportedPatient = Awaited<ReturnType<typeof exportPatients>>[number];

/**
 * A patient's next open visit, as PostgreSQL writes a timestamptz. Its tables are named by hand:
 * drizzle writes a one-table select's columns without their table, and a bare "id" in here would
 * be the appointment's.
 */
const nextVisit = sql<string | null>`(
  select min(v.start_at) from ${t.appointments} v
  where v.patient_id = ${p}.id and v.start_at > ${value('now', 'timestamptz')}
    and v.status = any(${value('openStatuses', 'text[]')}))::text`;

const listedColumns = {
  id: p.id,
  clinicId: p.clinicId,
  firstName: p.firstName,
  lastName: p.lastName,
  preferredName: p.preferredName,
  dob: p.dob,
  email: p.email,
  phone: p.phone,
  recordNumber: p.recordNumber,
  archivedAt: p.archivedAt,
  nextVisit,
};

/**
 * A page of patients in name order, each with their clinic's id and their next open visit, read
 * in the one statement that finds them.
 */
export async function listPatients(db: Executor, filter: PatientListFilter) {
  if (filter.clinicIds.length === 0) return [];
  return page(db, filter, 'patient_page', listedColumns, {
    now: filter.now.toISOString(),
    openStatuses: OPEN_STATUSES,
  });
}
