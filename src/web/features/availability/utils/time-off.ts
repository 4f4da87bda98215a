import { expandDaysOff, type ScheduleOverride, type WallSegment } from '@domain/schedule';
import { addDaysToKey } from '@domain/zoned-time';
import { normalizeOverrides, scheduleProblems } from '@contracts/availability';

/** How the time-off list shows overrides: runs of days off, and dates with their own hours. */
export type TimeOffEntry =
  | { kind: 'off'; from: string; to: string; dates: string[] }
  | { kind: 'hours'; date: string; segments: WallSegment[]; onlyThese: boolean };

export function timeOffEntries(overrides: readonly ScheduleOverride[]): TimeOffEntry[] {
  const hours = new Map<string, WallSegment[]>();
  const off = new Set<string>();
  for (const o of normalizeOverrides(overrides)) {
    if (o.kind === 'hours') hours.set(o.date, o.segments);
    else off.add(o.date);
  }
  const entries: TimeOffEntry[] = [];
  let run: { kind: 'off'; from: string; to: string; dates: string[] } | null = null;
  for (const date of [...off].filter((d) => !hours.has(d)).sort()) {
    if (run && addDaysToKey(run.to, 1) === date) {
      run.to = date;
      run.dates.push(date);
    } else {
      run = { kind: 'off', from: date, to: date, dates: [date] };
      entries.push(run);
    }
  }
  for (const [date, segments] of hours) {
    entries.push({ kind: 'hours', date, segments, onlyThese: off.has(date) });
  }
  return entries.sort((a, b) =>
    (a.kind === 'off' ? a.from : a.date).localeCompare(b.kind === 'off' ? b.from : b.date),
  );
}

export function withDaysOff(overrides: readonly ScheduleOverride[], from: string, to: string) {
  return normalizeOverrides([...overrides, ...expandDaysOff(from, to)]);
}

/**
 * The overrides with extra hours added on `date`, or the problem that stops it (an overlap with
 * hours already there, an end equal to the start). `onlyThese` also takes the weekly hours off.
 */
export function withExtraHours(
  overrides: readonly ScheduleOverride[],
  date: string,
  segment: WallSegment,
  onlyThese: boolean,
): { overrides: ScheduleOverride[] } | { problem: string } {
  const added: ScheduleOverride[] = [{ date, kind: 'hours', segments: [segment] }];
  if (onlyThese) added.push({ date, kind: 'off' });
  const sameDate = overrides.filter((o) => o.date === date);
  const [problem] = scheduleProblems({ weekly: [], overrides: [...sameDate, ...added] });
  if (problem) return { problem };
  return { overrides: normalizeOverrides([...overrides, ...added]) };
}

/** Removes an entry of the list: the whole run of days off, or a date's hours (and its day off). */
export function withoutEntry(overrides: readonly ScheduleOverride[], entry: TimeOffEntry) {
  if (entry.kind === 'off') {
    const dates = new Set(entry.dates);
    return overrides.filter((o) => !(o.kind === 'off' && dates.has(o.date)));
  }
  return overrides.filter((o) => o.date !== entry.date);
}
