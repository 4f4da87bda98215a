import { availabilityAround, type Schedule } from './schedule';

/** A booked visit as the check needs it: when it runs. */
export interface TimedVisit {
  start: Date;
  end: Date;
}

/**
 * The visits a schedule leaves outside its hours: those that do not lie wholly inside one stretch
 * of availability. The rule is the booking check's (isSlotBookable's "outside_availability"), so
 * a visit is listed exactly when it could not be booked at its time under the new schedule; a
 * visit running across two touching segments (09:00–12:00, 12:00–17:00) is inside. The hours
 * are resolved once over the visits' whole span, then each visit is a binary search.
 */
export function visitsOutsideHours<V extends TimedVisit>(
  schedule: Schedule,
  visits: readonly V[],
): V[] {
  const timed = visits.filter((v) => v.end.getTime() > v.start.getTime());
  if (timed.length === 0) return [...visits];
  let from = Infinity;
  let to = -Infinity;
  for (const v of timed) {
    from = Math.min(from, v.start.getTime());
    to = Math.max(to, v.end.getTime());
  }
  const hours = availabilityAround(schedule, from, to);
  return visits.filter((visit) => {
    const start = visit.start.getTime();
    const end = visit.end.getTime();
    // An empty or unreadable visit fits nowhere: better listed than silently kept.
    if (!(end > start)) return true;
    // The last stretch starting at or before the visit's start is the only one that can hold it.
    let low = 0;
    let high = hours.length - 1;
    let found = -1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (hours[mid]!.start <= start) {
        found = mid;
        low = mid + 1;
      } else high = mid - 1;
    }
    const stretch = found >= 0 ? hours[found] : undefined;
    return !(stretch && end <= stretch.end);
  });
}
