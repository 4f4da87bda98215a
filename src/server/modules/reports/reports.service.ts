import { BOOKING_CHANNELS } from '@domain/booking-channels';
import {
  defaultReportPeriod,
  reportBuckets,
  reportPeriodProblem,
  scheduledMinutesPerBucket,
  type DayRange,
  type ReportBucket,
  type ReportGranularity,
} from '@domain/report-periods';
import type { ClinicSummary } from '@contracts/auth';
import {
  BOOKING_CHANNEL_LABELS,
  type ReportGroup,
  type ReportQuery,
  type ReportResponse,
} from '@contracts/reports';
import type { AppDeps } from '../../app-deps';
import type { Executor } from '../../db/client';
import type { RequestContext } from '../../core/request-context';
import { ReuseCache, versionsKey } from '../../core/reuse';
import { viewerTimezone } from '../../core/viewer-timezone';
import { badRequest } from '../../errors';
import { loadSlotAgents } from '../availability';
import { reportClinicsOf } from './report-access';
import { addSums, emptySums, toFigures, type Sums } from './report-figures';
import * as repo from './reports.repository';

/** The period asked for, or the last twelve weeks or months on the first clinic's calendar. */
function periodOf(
  query: { from?: string; to?: string },
  by: ReportGranularity,
  now: Date,
  zone: string,
): DayRange {
  if ((query.from === undefined) !== (query.to === undefined)) {
    throw badRequest('Give both the first and the last day of the period, or neither.');
  }
  const range =
    query.from && query.to
      ? { from: query.from, to: query.to }
      : defaultReportPeriod(now, zone, by);
  const problem = reportPeriodProblem(range);
  if (problem) throw badRequest(problem);
  return range;
}

/**
 * Each line's scheduled minutes per bucket: a clinic's agents' hours on the clinic's calendar, or
 * an agent's own (counted once, on their first clinic's calendar, when they work at several).
 */
async function availableMinutes(
  db: Executor,
  clinics: readonly ClinicSummary[],
  buckets: readonly ReportBucket[],
  group: ReportGroup,
): Promise<Map<string, number[]>> {
  const members = await repo.clinicAgents(
    db,
    clinics.map((c) => c.id),
  );
  const unique = [...new Map(members.map((m) => [m.id, m])).values()];
  const schedules = new Map((await loadSlotAgents(db, unique)).map((a) => [a.id, a.schedule]));
  const zoneOf = new Map(clinics.map((c) => [c.id, c.timezone]));
  const lines = new Map<string, number[]>();
  const counted = new Set<string>();
  for (const member of members) {
    if (group === 'provider' && counted.has(member.id)) continue;
    counted.add(member.id);
    const key = group === 'provider' ? member.id : member.clinicId;
    const line = lines.get(key) ?? buckets.map(() => 0);
    const minutes = scheduledMinutesPerBucket(
      schedules.get(member.id)!,
      buckets,
      zoneOf.get(member.clinicId)!,
    );
    minutes.forEach((m, i) => (line[i]! += m));
    lines.set(key, line);
  }
  return lines;
}

async function namesOf(
  db: Executor,
  group: ReportGroup,
  clinics: readonly ClinicSummary[],
  keys: readonly string[],
): Promise<Map<string, string>> {
  if (group === 'clinic') return new Map(clinics.map((c) => [c.id, c.name]));
  if (group === 'source') return new Map(Object.entries(BOOKING_CHANNEL_LABELS));
  return repo.lineNames(
    db,
    group,
    clinics.map((c) => c.id),
    keys,
  );
}

/**
 * Reports reused while none of their clinics' data versions moves, as the counts are: a year of a
 * network read by several admins at once is computed once. The versions follow everything a
 * report of given days shows (appointments, schedules and time off, the names of agents,
 * services and clinics, a clinic's zone: ADR 004, 008, 052) and time alone changes none of it,
 * so a report is kept for a minute, not the few seconds of answers that time moves on.
 */
export const REPORT_REUSE_MS = 60_000;
const reports = new ReuseCache<ReportResponse>(64, REPORT_REUSE_MS);

/**
 * A report of the caller's clinics: the roll-up's days summed per week or month and per line,
 * with the agents' scheduled hours beside the booked minutes where the lines are agents' hours.
 */
export async function getReport(
  deps: AppDeps,
  ctx: RequestContext,
  query: ReportQuery,
): Promise<ReportResponse> {
  const db = deps.db.db;
  const clinics = await reportClinicsOf(db, ctx.user, query.clinic);
  const zone = clinics.length === 1 ? clinics[0]!.timezone : viewerTimezone(ctx.user, undefined);
  const now = deps.now();
  const range = periodOf(query, query.by, now, zone);
  const versions = versionsKey(
    ctx.user,
    clinics.map((c) => c.id),
  );
  const key = versions && { versions, range, by: query.by, group: query.group };
  return reports.get(db, key, now, () => computeReport(db, clinics, range, query));
}

async function computeReport(
  db: Executor,
  clinics: ClinicSummary[],
  range: DayRange,
  query: ReportQuery,
): Promise<ReportResponse> {
  const buckets = reportBuckets(range, query.by);
  const clinicIds = clinics.map((c) => c.id);
  const withHours = query.group === 'clinic' || query.group === 'provider';
  const [sums, hours] = await Promise.all([
    repo.sumRollup(db, { clinicIds, ...range, by: query.by, group: query.group }),
    withHours ? availableMinutes(db, clinics, buckets, query.group) : undefined,
  ]);
  const index = new Map(buckets.map((b, i) => [b.start, i]));
  const lines = new Map<string, Sums[]>();
  const lineOf = (key: string) => {
    let line = lines.get(key);
    if (!line) {
      line = buckets.map(() => emptySums(withHours));
      lines.set(key, line);
    }
    return line;
  };
  // Every clinic, agent and channel has a line, so the idle show as idle rather than not at all.
  if (query.group === 'clinic') clinicIds.forEach(lineOf);
  if (query.group === 'source') BOOKING_CHANNELS.forEach(lineOf);
  for (const [key, minutes] of hours ?? []) {
    lineOf(key).forEach((s, i) => (s.availableMinutes = minutes[i]!));
  }
  for (const row of sums) {
    const i = index.get(row.bucket);
    if (i !== undefined) addSums(lineOf(row.key)[i]!, row);
  }
  const names = await namesOf(db, query.group, clinics, [...lines.keys()]);
  const bucketTotals = buckets.map(() => emptySums(withHours));
  const total = emptySums(withHours);
  const groups = [...lines.entries()]
    .map(([key, line]) => {
      const lineTotal = emptySums(withHours);
      line.forEach((s, i) => {
        addSums(lineTotal, s);
        addSums(bucketTotals[i]!, s);
      });
      addSums(total, lineTotal);
      return {
        key,
        name: names.get(key) ?? 'Unknown',
        total: toFigures(lineTotal),
        buckets: line.map(toFigures),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'en') || a.key.localeCompare(b.key));
  return {
    ...range,
    by: query.by,
    group: query.group,
    clinics,
    buckets,
    groups,
    total: toFigures(total),
    bucketTotals: bucketTotals.map(toFigures),
  };
}
