import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { BOOKABLE_ROLES } from '@domain/roles';
import type { OnlineBookingPolicyBody, SelfServicePolicyBody } from '@contracts/clinic-policy';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import * as t from '../../db/schema';
import { clinicNameColumns } from '../../db/clinic-columns';
import { outsideCalendarBlocks, type AgentScheduleData } from '../availability';

export type ClinicRow = typeof t.clinics.$inferSelect;

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
  /**
   * The cut-offs after which a failing outside calendar stops blocking (outsideDropCutoffs): the
   * server's, null when it keeps them all, and the clinic's setting's.
   */
  dropBefore: Date | null;
  failingSince: Date;
}

/** A booking or hold as the statement below reads it: epoch ms and its buffers in minutes. */
interface BlockedJson {
  id: string;
  start: number;
  end: number;
  before: number;
  after: number;
}

/**
 * Providers and nurses of the clinic who can still be booked, each with their saved week and
 * date overrides: what the slot engine needs, in the same statement. Given a window, each agent
 * also comes with the bookings that hold their time in it (not cancelled), the holds live at
 * its `now` and the busy times of their outside calendars that block in this clinic, so a slots
 * request is the session and this one statement.
 */
export async function listBookableAgents(
  db: Executor,
  clinicId: string,
  window?: BookingsWindow,
  /** Only this agent (a booking's check): the same rows, one agent's. */
  agentId?: string,
) {
  const u = t.users;
  const a = t.appointments;
  const at = (p: string) => sql`${sql.placeholder(p)}::timestamptz`;
  const shape = `${window ? 'bookable_agents_bookings' : 'bookable_agents'}${agentId ? '_one' : ''}`;
  const rows = await prepared(db, shape, (name) =>
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
          ? sql<Array<BlockedJson>>`coalesce((
              select json_agg(json_build_object('id', b.id, 'start', ${epochMs(sql`b.start_at`)},
                                                'end', ${epochMs(sql`b.end_at`)},
                                                'before', b.buffer_before_minutes,
                                                'after', b.buffer_after_minutes))
              from ${a} b
              where b.staff_id = ${u.id} and b.status <> 'CANCELLED'
                and b.start_at < ${at('to')} and b.start_at > ${at('dayBefore')}
                and b.end_at > ${at('from')}), '[]'::json)`
          : sql<null>`null`,
        // Times held on the public booking page and not expired at `now` block like bookings
        // (ADR 022, loadLiveHolds): read here too, so a slots request needs no second statement.
        holds: window
          ? sql<Array<BlockedJson & { expires: number }>>`coalesce((
              select json_agg(json_build_object('id', h.id, 'start', ${epochMs(sql`h.start_at`)},
                                                'end', ${epochMs(sql`h.end_at`)},
                                                'before', h.buffer_before_minutes,
                                                'after', h.buffer_after_minutes,
                                                'expires', ${epochMs(sql`h.expires_at`)}))
              from ${t.onlineBookingHolds} h
              where h.staff_id = ${u.id} and h.state = 'open' and h.expires_at > ${at('now')}
                and h.start_at < ${at('to')} and h.end_at > ${at('from')}), '[]'::json)`
          : sql<null>`null`,
        // The busy times of their outside calendars that block in this clinic (ADR 053, the
        // slots' own condition, outsideCalendarBlocks): with the bookings, not a statement after
        // them. The GiST index on (staff_id, during) finds them.
        outside: window
          ? sql<Array<{ start: number; end: number }>>`coalesce((
              select json_agg(json_build_object('start', ${epochMs(sql`ob.start_at`)},
                                                'end', ${epochMs(sql`ob.end_at`)}))
              from ${t.outsideBusyTimes} ob
              join ${t.outsideCalendars} on ${t.outsideCalendars.id} = ob.calendar_id
              where ob.staff_id = ${u.id}
                and ob.during && tstzrange(${at('from')}, ${at('to')})
                and ${outsideCalendarBlocks(
                  t.outsideCalendars,
                  sql`${sql.placeholder('dropBefore')}`,
                  {
                    clinicId: sql`${sql.placeholder('clinicId')}::uuid`,
                    failingSince: sql`${sql.placeholder('failingSince')}`,
                  },
                )}), '[]'::json)`
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
          agentId ? eq(u.id, sql.placeholder('agentId')) : undefined,
        ),
      )
      .orderBy(asc(u.name), asc(u.id))
      .prepare(name),
  ).execute({
    clinicId,
    agentId,
    from: window?.from.toISOString(),
    to: window?.to.toISOString(),
    dayBefore: window && new Date(window.from.getTime() - 24 * 60 * 60_000).toISOString(),
    now: window?.now.toISOString(),
    dropBefore: window?.dropBefore?.toISOString() ?? null,
    failingSince: window?.failingSince.toISOString(),
  });
  const times = (agentId: string, list: BlockedJson[]) =>
    list.map((b) => ({
      id: b.id,
      agentId,
      start: new Date(b.start),
      end: new Date(b.end),
      bufferBeforeMinutes: b.before,
      bufferAfterMinutes: b.after,
    }));
  const heldTimes = (agentId: string, list: Array<BlockedJson & { expires: number }>) =>
    list.map((h) => ({ ...times(agentId, [h])[0]!, expiresAt: new Date(h.expires) }));
  return rows.map(
    ({ scheduleTimezone, weekly, overrides, bookings, holds, outside, ...agent }) => ({
      ...agent,
      schedule: { agentId: agent.id, timezone: scheduleTimezone, weekly, overrides },
      bookings: bookings ? times(agent.id, bookings) : undefined,
      holds: holds ? heldTimes(agent.id, holds) : undefined,
      outsideBusy: outside
        ? outside.map((b) => ({
            agentId: agent.id,
            start: new Date(b.start),
            end: new Date(b.end),
          }))
        : undefined,
    }),
  );
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

function updateClinic(
  db: Executor,
  clinicId: string,
  values: Partial<typeof t.clinics.$inferInsert>,
) {
  return db.update(t.clinics).set(values).where(eq(t.clinics.id, clinicId));
}

/** A clinic with the rules it set for itself. */
export async function findClinicPolicy(db: Executor, clinicId: string) {
  const [row] = await db
    .select({
      ...clinicNameColumns,
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
      patientEditorRoles: t.clinics.patientEditorRoles,
      signIn: {
        secondFactor: t.clinics.secondFactorPolicy,
        passkeySignIn: t.clinics.passkeySignIn,
      },
      texts: {
        quietHoursStart: sql<string>`to_char(${t.clinics.quietHoursStart}, 'HH24:MI')`,
        quietHoursEnd: sql<string>`to_char(${t.clinics.quietHoursEnd}, 'HH24:MI')`,
        country: t.clinics.textCountry,
        sendingNumber: t.clinics.textNumber,
      },
      outsideCalendars: { dropFailingAfterDay: t.clinics.outsideCalendarDropFailing },
      reportViewerRoles: t.clinics.reportViewerRoles,
      patientLanguage: { defaultLanguage: t.clinics.defaultLanguage },
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
  await updateClinic(db, clinicId, {
    patientCanReschedule: policy.allowReschedule,
    patientCanCancel: policy.allowCancel,
    patientChangeCutoffHours: policy.cutoffHours,
    patientMaxReschedules: policy.maxReschedules,
    phone: policy.phone,
  });
}

export async function setReminderOffsets(db: Executor, clinicId: string, offsets: number[]) {
  await updateClinic(db, clinicId, { reminderOffsetsMinutes: offsets });
}

export async function setWaitlistPolicy(
  db: Executor,
  clinicId: string,
  policy: { offersAtOnce: number; holdMinutes: number },
) {
  await updateClinic(db, clinicId, {
    waitlistOffersAtOnce: policy.offersAtOnce,
    waitlistOfferHoldMinutes: policy.holdMinutes,
  });
}

export async function setSignInPolicy(
  db: Executor,
  clinicId: string,
  policy: { secondFactor: string; passkeySignIn: boolean },
) {
  await updateClinic(db, clinicId, {
    secondFactorPolicy: policy.secondFactor,
    passkeySignIn: policy.passkeySignIn,
  });
}

/** Besides admins, the roles that read the clinic's reports (ADR 052). */
export async function setReportViewerRoles(db: Executor, clinicId: string, roles: string[]) {
  await updateClinic(db, clinicId, { reportViewerRoles: roles });
}

/** Whether outside calendars failing for a day stop blocking the clinic's slots (ADR 053). */
export async function setOutsideCalendarsPolicy(
  db: Executor,
  clinicId: string,
  policy: { dropFailingAfterDay: boolean },
) {
  await updateClinic(db, clinicId, { outsideCalendarDropFailing: policy.dropFailingAfterDay });
}

/** The language the clinic's patients read when nothing else says (issue 44, ADR 051). */
export async function setPatientLanguage(db: Executor, clinicId: string, language: string) {
  await updateClinic(db, clinicId, { defaultLanguage: language });
}

/** How the clinic texts (ADR 050); the number comes in E.164, checked by the service. */
export async function setTextPolicy(
  db: Executor,
  clinicId: string,
  policy: {
    quietHoursStart: string;
    quietHoursEnd: string;
    country: string;
    sendingNumber: string | null;
  },
) {
  await updateClinic(db, clinicId, {
    quietHoursStart: policy.quietHoursStart,
    quietHoursEnd: policy.quietHoursEnd,
    textCountry: policy.country,
    textNumber: policy.sendingNumber,
  });
}

export async function setPatientEditorRoles(
  db: Executor,
  clinicId: string,
  roles: readonly string[],
) {
  await updateClinic(db, clinicId, { patientEditorRoles: [...roles] });
}

export async function setOnlineBookingPolicy(
  db: Executor,
  clinicId: string,
  policy: OnlineBookingPolicyBody,
) {
  await updateClinic(db, clinicId, {
    onlineBookingEnabled: policy.enabled,
    onlineBookingAgentIds: policy.agentIds,
    onlineBookingDurations: policy.durations,
    onlineBookingNoticeHours: policy.minNoticeHours,
    onlineBookingHorizonDays: policy.horizonDays,
    onlineBookingIntro: policy.intro,
    onlineBookingNewPatients: policy.allowNewPatients,
  });
}

/** A clinic by its slug with its online booking rules, for the public booking page. */
export async function findClinicOnlineBooking(db: Executor, slug: string) {
  const [row] = await db
    .select({
      ...clinicNameColumns,
      phone: t.clinics.phone,
      defaultLanguage: t.clinics.defaultLanguage,
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
  values: {
    name: string;
    timezone: string;
    phone: string;
    address: string | null;
    textCountry: string;
  },
) {
  for (const slug of slugs) {
    const [row] = await db
      .insert(t.clinics)
      .values({ slug, ...values })
      .onConflictDoNothing({ target: t.clinics.slug })
      .returning({
        ...clinicNameColumns,
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
