import { z } from 'zod';
import { validateWeekly, type ScheduleOverride, type WeeklySegment } from '@domain/schedule';
import { formatDate } from '@domain/format';
import { MINUTES_PER_DAY, parseWallTime } from '@domain/zoned-time';
import { roleSchema } from './auth';
import { clinicLabel, instantField, timezoneField, uuidParam, visitRow } from './common';
import { defineEndpoint } from './endpoint';
import {
  checkAgentVisitsOutsideHoursRoute,
  checkOwnVisitsOutsideHoursRoute,
  getAgentAvailabilityRoute,
  getOwnAvailabilityRoute,
  listHeldTimesRoute,
  listOutsideBusyRoute,
  saveAgentAvailabilityRoute,
  saveOwnAvailabilityRoute,
} from './routes/availability';

export const MAX_OVERRIDES = 500;
export const MAX_SEGMENTS_PER_DAY = 12;
export const MAX_WEEKLY_SEGMENTS = 7 * MAX_SEGMENTS_PER_DAY;
/** Dates outside these years are typing mistakes, not leave plans. */
const FIRST_DATE = '2000-01-01';
const LAST_DATE = '2199-12-31';

export const wallTimeField = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time such as 09:00');

export const dateKeyField = z.iso
  .date('must be a date such as 2026-11-23')
  .refine((d) => d >= FIRST_DATE && d <= LAST_DATE, 'must be between 2000 and 2199');

export const wallSegment = z.object({ start: wallTimeField, end: wallTimeField });

export const weeklySegment = z.object({
  weekday: z.literal([0, 1, 2, 3, 4, 5, 6], {
    error: 'must be a weekday from 0 (Sunday) to 6 (Saturday)',
  }),
  start: wallTimeField,
  end: wallTimeField,
});

/** 'off' drops the date's weekly hours; 'hours' adds segments; both mean "only these hours". */
export const scheduleOverride = z.discriminatedUnion('kind', [
  z.object({ date: dateKeyField, kind: z.literal('off') }),
  z.object({
    date: dateKeyField,
    kind: z.literal('hours'),
    segments: z
      .array(wallSegment)
      .min(1, 'must list at least one time range')
      .max(MAX_SEGMENTS_PER_DAY),
  }),
]);

export const saveAvailabilityBody = z.object({
  timezone: timezoneField,
  weekly: z.array(weeklySegment).max(MAX_WEEKLY_SEGMENTS),
  overrides: z
    .array(scheduleOverride)
    .max(MAX_OVERRIDES, `must have at most ${MAX_OVERRIDES} entries`),
});
export type SaveAvailabilityBody = z.infer<typeof saveAvailabilityBody>;

export const availabilityAgent = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  timezone: z.string().nullable(),
});

export const availabilityResponse = z.object({
  agent: availabilityAgent,
  /** Clinics the agent and the viewer share: where the agent's bookable times can be previewed. */
  clinics: z.array(clinicLabel),
  timezone: z.string(),
  weekly: z.array(weeklySegment),
  overrides: z.array(scheduleOverride),
  /** No schedule saved yet: these are the default hours (spec §9), not stored ones. */
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type AvailabilityResponse = z.infer<typeof availabilityResponse>;

export const agentIdParams = z.object({ id: uuidParam });

/** Agents keep their own hours; admins keep anyone's in their clinics. */
const agents = { tag: 'Availability', access: { roles: ['provider', 'nurse'] } } as const;
const admins = { tag: 'Availability', access: { roles: ['admin'] } } as const;

export const getOwnAvailabilityEndpoint = defineEndpoint({
  ...agents,
  ...getOwnAvailabilityRoute,
  summary: 'The signed-in provider’s or nurse’s weekly hours and time off',
  responses: { 200: availabilityResponse },
});

export const saveOwnAvailabilityEndpoint = defineEndpoint({
  ...agents,
  ...saveOwnAvailabilityRoute,
  summary: 'Replace the signed-in provider’s or nurse’s weekly hours and time off',
  body: saveAvailabilityBody,
  responses: { 200: availabilityResponse },
});

export const getAgentAvailabilityEndpoint = defineEndpoint({
  ...admins,
  ...getAgentAvailabilityRoute,
  summary: 'One provider’s or nurse’s weekly hours and time off',
  params: agentIdParams,
  responses: { 200: availabilityResponse },
  errors: [404],
});

export const saveAgentAvailabilityEndpoint = defineEndpoint({
  ...admins,
  ...saveAgentAvailabilityRoute,
  summary: 'Replace one provider’s or nurse’s weekly hours and time off',
  params: agentIdParams,
  body: saveAvailabilityBody,
  responses: { 200: availabilityResponse },
  errors: [404],
});

/** At most this many visits are listed; `total` says how many there are. */
export const MAX_OUTSIDE_HOURS_VISITS = 100;

/** A booked visit a proposed schedule would leave outside the agent's hours. */
export const outsideHoursVisit = visitRow.extend({
  /** The clinic's slug. */
  clinic: z.string(),
});
export type OutsideHoursVisit = z.infer<typeof outsideHoursVisit>;

export const visitsOutsideHoursResponse = z.object({
  /** Upcoming, not cancelled, in the viewer's clinics, soonest first. */
  visits: z.array(outsideHoursVisit),
  /** All such visits in the viewer's clinics, listed or not. */
  total: z.number().int(),
  /** Such visits at clinics the viewer does not belong to: counted, not shown. */
  elsewhere: z.number().int(),
});
export type VisitsOutsideHoursResponse = z.infer<typeof visitsOutsideHoursResponse>;

export const checkOwnVisitsOutsideHoursEndpoint = defineEndpoint({
  ...agents,
  ...checkOwnVisitsOutsideHoursRoute,
  summary: 'Which booked visits the proposed hours would leave outside them (nothing is saved)',
  body: saveAvailabilityBody,
  responses: { 200: visitsOutsideHoursResponse },
});

export const checkAgentVisitsOutsideHoursEndpoint = defineEndpoint({
  ...admins,
  ...checkAgentVisitsOutsideHoursRoute,
  summary:
    'Which of an agent’s booked visits the proposed hours would leave outside them (nothing is saved)',
  params: agentIdParams,
  body: saveAvailabilityBody,
  responses: { 200: visitsOutsideHoursResponse },
  errors: [404],
});

/** The longest stretch one request for held times may cover. */
export const MAX_HELD_TIMES_DAYS = 62;

export const heldTimesQuery = z
  .object({
    from: instantField,
    to: instantField,
    /** A clinic's slug or id; all the viewer's clinics when absent. */
    clinic: z.string().max(200).optional(),
    /** Only these agents' holds (comma-separated ids). */
    agentIds: z.string().max(4000).optional(),
  })
  .refine((q) => Date.parse(q.to) > Date.parse(q.from), {
    path: ['to'],
    error: 'must be after from',
  })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= MAX_HELD_TIMES_DAYS * 86_400_000, {
    path: ['to'],
    error: `must be at most ${MAX_HELD_TIMES_DAYS} days after from`,
  });
export type HeldTimesQuery = z.infer<typeof heldTimesQuery>;

/** A time a patient holds on the public booking page while they confirm by e-mail (ADR 022). */
export const heldTime = z.object({
  id: z.string(),
  clinic: z.string(),
  agentId: z.string(),
  start: z.string(),
  end: z.string(),
  /** When the hold lapses and the time is free again, unless the patient confirms. */
  expiresAt: z.string(),
});
export type HeldTime = z.infer<typeof heldTime>;

export const listHeldTimesEndpoint = defineEndpoint({
  tag: 'Availability',
  access: 'authenticated',
  ...listHeldTimesRoute,
  summary: 'Times patients hold online in the viewer’s clinics, with when each hold lapses',
  query: heldTimesQuery,
  responses: { 200: z.object({ holds: z.array(heldTime) }) },
  errors: [404],
});

/**
 * A time an agent is busy in an outside calendar (ADR 053): when and whose, never what. The
 * calendar shows it as "Busy — outside calendar".
 */
export const outsideBusyTime = z.object({
  agentId: z.string(),
  start: z.string(),
  end: z.string(),
});
export type OutsideBusyTime = z.infer<typeof outsideBusyTime>;

export const listOutsideBusyEndpoint = defineEndpoint({
  tag: 'Availability',
  access: 'authenticated',
  ...listOutsideBusyRoute,
  summary: 'Times the agents of the viewer’s clinics are busy in their outside calendars',
  query: heldTimesQuery,
  responses: { 200: z.object({ busy: z.array(outsideBusyTime) }) },
  errors: [404],
});

/**
 * Overrides in the stored form: one per date and kind, 'hours' segments of a date gathered and
 * sorted, dates in order. Two 'off' entries for one date are the same day off.
 */
export function normalizeOverrides(overrides: readonly ScheduleOverride[]): ScheduleOverride[] {
  const off = new Set<string>();
  const hours = new Map<string, Array<{ start: string; end: string }>>();
  for (const o of overrides) {
    if (o.kind === 'off') off.add(o.date);
    else hours.set(o.date, [...(hours.get(o.date) ?? []), ...o.segments]);
  }
  const result: ScheduleOverride[] = [
    ...[...off].map((date): ScheduleOverride => ({ date, kind: 'off' })),
    ...[...hours].map(([date, segments]): ScheduleOverride => ({
      date,
      kind: 'hours',
      segments: [...segments].sort((a, b) => a.start.localeCompare(b.start)),
    })),
  ];
  return result.sort((a, b) => a.date.localeCompare(b.date) || a.kind.localeCompare(b.kind));
}

/** Overlaps among one date's extra hours, an overnight range running into the next morning. */
function overrideProblems(date: string, segments: ReadonlyArray<{ start: string; end: string }>) {
  const problems: string[] = [];
  const day = formatDate(`${date}T12:00:00Z`, 'UTC');
  // Entries for one date are merged, so each may be within the limit and their sum not.
  if (segments.length > MAX_SEGMENTS_PER_DAY) {
    problems.push(`Extra hours on ${day}: at most ${MAX_SEGMENTS_PER_DAY} time ranges a day`);
  }
  const spans: Array<{ start: number; end: number }> = [];
  for (const s of segments) {
    const start = parseWallTime(s.start);
    const end = parseWallTime(s.end);
    if (start === null || end === null) continue;
    if (start === end) {
      problems.push(`Extra hours on ${day}: end time must differ from start time`);
      continue;
    }
    spans.push({ start, end: end > start ? end : end + MINUTES_PER_DAY });
  }
  const overlapping = spans.some((a, i) =>
    spans.slice(i + 1).some((b) => a.start < b.end && b.start < a.end),
  );
  if (overlapping) problems.push(`Extra hours on ${day} overlap`);
  return problems;
}

/**
 * Everything that stops a schedule from being saved, in words a person can act on. The weekly
 * rules are the domain's (validateWeekly); empty days are fine. The server refuses a body with
 * problems and the editor shows the same list, so both always agree.
 */
export function scheduleProblems(body: {
  weekly: readonly WeeklySegment[];
  overrides: readonly ScheduleOverride[];
}): string[] {
  const problems = [...validateWeekly(body.weekly)];
  for (const o of normalizeOverrides(body.overrides)) {
    if (o.kind === 'hours') problems.push(...overrideProblems(o.date, o.segments));
  }
  return problems;
}
