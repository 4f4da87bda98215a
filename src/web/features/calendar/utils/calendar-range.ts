import { MONTH_NAMES, WEEK_STARTS_ON } from '@domain/format';
import { WEEKDAY_NAMES } from '@domain/schedule';
import {
  addDaysToKey,
  parseDateKey,
  toDateKey,
  weekdayOfKey,
  type DateKey,
} from '@domain/zoned-time';

/** `resources`: the Rooms view, a day with a column per room or machine (issue 42). */
export const CALENDAR_VIEWS = ['day', 'week', 'month', 'list', 'resources'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

export const VIEW_LABELS: Record<CalendarView, string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
  list: 'List',
  resources: 'Rooms',
};

export function isCalendarView(value: unknown): value is CalendarView {
  return typeof value === 'string' && (CALENDAR_VIEWS as readonly string[]).includes(value);
}

/** The dates a view shows, both included, as local dates in the viewer's zone. */
export interface DateRange {
  first: DateKey;
  last: DateKey;
}

function startOfWeek(key: DateKey): DateKey {
  const back = (weekdayOfKey(key) - WEEK_STARTS_ON + 7) % 7;
  return addDaysToKey(key, -back);
}

function monthBounds(key: DateKey): DateRange {
  const { year, month } = parseDateKey(key)!;
  const first = toDateKey(year, month, 1);
  const nextMonth = month === 12 ? toDateKey(year + 1, 1, 1) : toDateKey(year, month + 1, 1);
  return { first, last: addDaysToKey(nextMonth, -1) };
}

/**
 * What each view shows around `anchor`: the day; the Sunday-to-Saturday week; for month (and
 * the list, which follows the week) the whole weeks that cover the month, as the month grid
 * draws them.
 */
export function visibleRange(view: CalendarView, anchor: DateKey): DateRange {
  switch (view) {
    case 'day':
    case 'resources':
      return { first: anchor, last: anchor };
    case 'week':
    case 'list': {
      const first = startOfWeek(anchor);
      return { first, last: addDaysToKey(first, 6) };
    }
    case 'month': {
      const month = monthBounds(anchor);
      return { first: startOfWeek(month.first), last: addDaysToKey(startOfWeek(month.last), 6) };
    }
  }
}

/** The anchor one step back (-1) or forward (+1): a day, a week or a month. */
export function stepAnchor(view: CalendarView, anchor: DateKey, direction: 1 | -1): DateKey {
  if (view === 'day' || view === 'resources') return addDaysToKey(anchor, direction);
  if (view !== 'month') return addDaysToKey(anchor, 7 * direction);
  const { year, month, day } = parseDateKey(anchor)!;
  const target = new Date(Date.UTC(year, month - 1 + direction, 1));
  const targetYear = target.getUTCFullYear();
  const targetMonth = target.getUTCMonth() + 1;
  // 31 January plus a month is the last day of February, not 3 March.
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  return toDateKey(targetYear, targetMonth, Math.min(day, lastDay));
}

const short = (month: number) => MONTH_NAMES[month - 1]!.slice(0, 3);

/**
 * The heading of the toolbar, US English: "Monday, November 23, 2026", "Nov 22 – 28, 2026",
 * "Nov 29 – Dec 5, 2026", "Dec 27, 2026 – Jan 2, 2027", "November 2026". Dates without a zone,
 * so the words are the same wherever the browser is.
 */
export function rangeTitle(view: CalendarView, anchor: DateKey): string {
  const a = parseDateKey(anchor)!;
  if (view === 'day' || view === 'resources') {
    return `${WEEKDAY_NAMES[weekdayOfKey(anchor)]}, ${MONTH_NAMES[a.month - 1]} ${a.day}, ${a.year}`;
  }
  if (view === 'month') return `${MONTH_NAMES[a.month - 1]} ${a.year}`;
  const range = visibleRange(view, anchor);
  const f = parseDateKey(range.first)!;
  const l = parseDateKey(range.last)!;
  if (f.year !== l.year) {
    return `${short(f.month)} ${f.day}, ${f.year} – ${short(l.month)} ${l.day}, ${l.year}`;
  }
  if (f.month !== l.month)
    return `${short(f.month)} ${f.day} – ${short(l.month)} ${l.day}, ${l.year}`;
  return `${short(f.month)} ${f.day} – ${l.day}, ${l.year}`;
}
