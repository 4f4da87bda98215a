import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { BOOKABLE_ROLES } from '@domain/roles';
import type { OnlineBookingPolicyBody, SelfServicePolicyBody } from '@contracts/clinic-policy';
import type { Executor } from '../../db/client';
import { literalCount } from '../../db/literal-count';
import { prepared } from '../../db/prepared';
import { pastPrefix } from '../../db/prefix-range';
import * as t from '../../db/schema';
import type { AgentScheduleData } from '../availability';

export type ClinicRow = typeof t.clinics.$inferSelect;
export type PatientRow = typeof t.patients.$inferSelect;

export function listClinics(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([] as ClinicRow[]);
  return db
    .select()
    .from(t.clinics)
    .where(inArray(t.clinics.id, [...ids]))
    .orderBy(asc(t.clinics.name));
}

/** An instant as whole epoch milliseconds (a Date keeps no finer time: it truncates the same). */
const epochMs = (column: SQL) => sql`floor(extract(epoch from ${column}) * 1000)::bigint`;

/**
 * The time around a range whose bookings can block a slot in it (see bookingsWindow), and the
 * moment whose live holds block it too.
 */
export interface BookingsWindow {
  from: Date;
  to: Date;
  now: Date;
}

/**
 * Providers and nurses of the clinic who can still be booked, each with their saved week and
 * date overrides: what the slot engine needs, in the same statement. Given a window, each agent
 * also comes with the bookings that hold their time in it (not cancelled) and the holds live at
 * its `now`, so a slots request is the session and this one statement.
 */
export async function listBookableAgents(db: Executor, clinicId: string, window?: BookingsWindow) {
  const u = t.users;
  const a = t.appointments;
  const at = (p: string) => sql`${sql.placeholder(p)}::timestamptz`;
  const rows = await prepared(db, window ? 'bookable_agents_bookings' : 'bookable_agents', (name) =>
    db
      .select({
        id: u.id,
        name: u.name,
        email: u.email,
        role: u.role,
        timezone: u.timezone,
        scheduleTimezone: t.schedules.timezone,
        weekly: t.schedules.weekly,
        overrides: sql<AgentScheduleData['overrides']>`coalesce((
          select json_agg(json_build_object('date', o.date, 'kind', o.kind, 'segments', o.segments)
                          order by o.date, o.kind)
          from ${t.scheduleOverrides} o where o.agent_id = ${u.id}), '[]'::json)`,
        // The same rows as loadBookings: no appointment lasts over a day, so the lower bound on
        // start_at keeps the (staff_id, start_at) index range short.
        // Times as epoch milliseconds: a Date from a number costs a quarter of one parsed from
        // text, and a day's bookings of a clinic are a hundred or more.
        bookings: window
          ? sql<Array<{ id: string; start: number; end: number }>>`coalesce((
              select json_agg(json_build_object('id', b.id, 'start', ${epochMs(sql`b.start_at`)},
                                                'end', ${epochMs(sql`b.end_at`)}))
              from ${a} b
              where b.staff_id = ${u.id} and b.status <> 'CANCELLED'
                and b.start_at < ${at('to')} and b.start_at > ${at('dayBefore')}
                and b.end_at > ${at('from')}), '[]'::json)`
          : sql<null>`null`,
        // Times held on the public booking page and not expired at `now` block like bookings
        // (ADR 022, loadLiveHolds): read here too, so a slots request needs no second statement.
        holds: window
          ? sql<Array<{ id: string; start: number; end: number; expires: number }>>`coalesce((
              select json_agg(json_build_object('id', h.id, 'start', ${epochMs(sql`h.start_at`)},
                                                'end', ${epochMs(sql`h.end_at`)},
                                                'expires', ${epochMs(sql`h.expires_at`)}))
              from ${t.onlineBookingHolds} h
              where h.staff_id = ${u.id} and h.state = 'open' and h.expires_at > ${at('now')}
                and h.start_at < ${at('to')} and h.end_at > ${at('from')}), '[]'::json)`
          : sql<null>`null`,
      })
      .from(t.clinicMembers)
      .innerJoin(u, eq(u.id, t.clinicMembers.userId))
      .leftJoin(t.schedules, eq(t.schedules.agentId, u.id))
      .where(
        and(
          eq(t.clinicMembers.clinicId, sql.placeholder('clinicId')),
          eq(u.active, true),
          inArray(u.role, [...BOOKABLE_ROLES]),
        ),
      )
      .orderBy(asc(u.name), asc(u.id))
      .prepare(name),
  ).execute({
    clinicId,
    from: window?.from.toISOString(),
    to: window?.to.toISOString(),
    dayBefore: window && new Date(window.from.getTime() - 24 * 60 * 60_000).toISOString(),
    now: window?.now.toISOString(),
  });
  const times = (agentId: string, list: Array<{ id: string; start: number; end: number }>) =>
    list.map((b) => ({ id: b.id, agentId, start: new Date(b.start), end: new Date(b.end) }));
  const heldTimes = (
    agentId: string,
    list: Array<{ id: string; start: number; end: number; expires: number }>,
  ) => list.map((h) => ({ ...times(agentId, [h])[0]!, expiresAt: new Date(h.expires) }));
  return rows.map(({ scheduleTimezone, weekly, overrides, bookings, holds, ...agent }) => ({
    ...agent,
    schedule: { agentId: agent.id, timezone: scheduleTimezone, weekly, overrides },
    bookings: bookings ? times(agent.id, bookings) : undefined,
    holds: holds ? heldTimes(agent.id, holds) : undefined,
  }));
}

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
    return db
      .select(patientJsonColumns)
      .from(matches)
      .innerJoin(p, eq(p.id, m('patient_id')))
      .orderBy(m('best'), m('last_name'), m('first_name'), m('patient_id'))
      .prepare(name);
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
  return row;
}

export async function insertPatient(db: Executor, values: typeof t.patients.$inferInsert) {
  const [row] = await db.insert(t.patients).values(values).returning();
  return row!;
}

/** A clinic's online booking rules, as the policy names them. */
export const onlineBookingColumns = {
  enabled: t.clinics.onlineBookingEnabled,
  agentIds: t.clinics.onlineBookingAgentIds,
  durations: t.clinics.onlineBookingDurations,
  minNoticeHours: t.clinics.onlineBookingNoticeHours,
  horizonDays: t.clinics.onlineBookingHorizonDays,
  intro: t.clinics.onlineBookingIntro,
  allowNewPatients: t.clinics.onlineBookingNewPatients,
};

/** A clinic with the rules it set for itself. */
export async function findClinicPolicy(db: Executor, clinicId: string) {
  const [row] = await db
    .select({
      id: t.clinics.id,
      slug: t.clinics.slug,
      name: t.clinics.name,
      timezone: t.clinics.timezone,
      offsets: t.clinics.reminderOffsetsMinutes,
      selfService: {
        allowReschedule: t.clinics.patientCanReschedule,
        allowCancel: t.clinics.patientCanCancel,
        cutoffHours: t.clinics.patientChangeCutoffHours,
        maxReschedules: t.clinics.patientMaxReschedules,
        phone: t.clinics.phone,
      },
      offersAtOnce: t.clinics.waitlistOffersAtOnce,
      holdMinutes: t.clinics.waitlistOfferHoldMinutes,
      onlineBooking: onlineBookingColumns,
    })
    .from(t.clinics)
    .where(eq(t.clinics.id, clinicId))
    .limit(1);
  return row;
}

export async function setSelfServicePolicy(
  db: Executor,
  clinicId: string,
  policy: SelfServicePolicyBody,
) {
  await db
    .update(t.clinics)
    .set({
      patientCanReschedule: policy.allowReschedule,
      patientCanCancel: policy.allowCancel,
      patientChangeCutoffHours: policy.cutoffHours,
      patientMaxReschedules: policy.maxReschedules,
      phone: policy.phone,
    })
    .where(eq(t.clinics.id, clinicId));
}

export async function setReminderOffsets(db: Executor, clinicId: string, offsets: number[]) {
  await db
    .update(t.clinics)
    .set({ reminderOffsetsMinutes: offsets })
    .where(eq(t.clinics.id, clinicId));
}

export async function setWaitlistPolicy(
  db: Executor,
  clinicId: string,
  policy: { offersAtOnce: number; holdMinutes: number },
) {
  await db
    .update(t.clinics)
    .set({
      waitlistOffersAtOnce: policy.offersAtOnce,
      waitlistOfferHoldMinutes: policy.holdMinutes,
    })
    .where(eq(t.clinics.id, clinicId));
}

export async function setOnlineBookingPolicy(
  db: Executor,
  clinicId: string,
  policy: OnlineBookingPolicyBody,
) {
  await db
    .update(t.clinics)
    .set({
      onlineBookingEnabled: policy.enabled,
      onlineBookingAgentIds: policy.agentIds,
      onlineBookingDurations: policy.durations,
      onlineBookingNoticeHours: policy.minNoticeHours,
      onlineBookingHorizonDays: policy.horizonDays,
      onlineBookingIntro: policy.intro,
      onlineBookingNewPatients: policy.allowNewPatients,
    })
    .where(eq(t.clinics.id, clinicId));
}

/** A clinic by its slug with its online booking rules, for the public booking page. */
export async function findClinicOnlineBooking(db: Executor, slug: string) {
  const [row] = await db
    .select({
      id: t.clinics.id,
      slug: t.clinics.slug,
      name: t.clinics.name,
      timezone: t.clinics.timezone,
      phone: t.clinics.phone,
      onlineBooking: onlineBookingColumns,
    })
    .from(t.clinics)
    .where(eq(t.clinics.slug, slug))
    .limit(1);
  return row;
}

/**
 * A new clinic under the first of these slugs no other clinic has, with the admin who adds it as
 * its member; null when every one is taken (by then, perhaps, by a clinic added at that moment).
 * The slug's unique index decides: a taken one is skipped, never an error.
 */
export async function insertClinic(
  db: Executor,
  slugs: readonly string[],
  values: { name: string; timezone: string; phone: string; address: string | null },
) {
  for (const slug of slugs) {
    const [row] = await db
      .insert(t.clinics)
      .values({ slug, ...values })
      .onConflictDoNothing({ target: t.clinics.slug })
      .returning({
        id: t.clinics.id,
        slug: t.clinics.slug,
        name: t.clinics.name,
        timezone: t.clinics.timezone,
        phone: t.clinics.phone,
        address: t.clinics.address,
      });
    if (row) return row;
  }
  return null;
}

export async function addClinicMember(db: Executor, clinicId: string, userId: string) {
  await db.insert(t.clinicMembers).values({ clinicId, userId }).onConflictDoNothing();
}
