import { isSlotBookable, type SlotQuery } from './slots';
import { localDateKeyOf, type DateKey } from './zoned-time';

/**
 * What an occurrence of a series would meet if booked: free, or why not. `taken` is another
 * active appointment of the provider (or an earlier occurrence of the same series); `time_off`
 * a day off in the provider's schedule; `outside_hours` any other time outside their hours.
 */
export const OCCURRENCE_STATUSES = [
  'free',
  'taken',
  'outside_hours',
  'time_off',
  'too_soon',
  'beyond_horizon',
  /** Busy in the provider's outside calendar (ADR 053). */
  'outside_busy',
] as const;
export type OccurrenceStatus = (typeof OCCURRENCE_STATUSES)[number];

export const OCCURRENCE_STATUS_LABELS: Record<OccurrenceStatus, string> = {
  free: 'Free',
  taken: 'Taken',
  outside_hours: 'Outside hours',
  time_off: 'Time off',
  too_soon: 'Too soon',
  beyond_horizon: 'Too far ahead',
  outside_busy: 'Busy — outside calendar',
};

/**
 * Each start's status for `agentId`, by the same rules as a single booking (isSlotBookable).
 * Occurrences are judged in order, each free one then holding its time, so a series never
 * offers two visits that overlap each other.
 */
export function classifyOccurrences(
  query: SlotQuery,
  agentId: string,
  starts: readonly Date[],
  /** One length for all, or each start's own. */
  durationMinutes: number | readonly number[],
): OccurrenceStatus[] {
  const agent = query.agents.find((a) => a.id === agentId);
  const bookings = [...query.bookings];
  return starts.map((start, i) => {
    const minutes = typeof durationMinutes === 'number' ? durationMinutes : durationMinutes[i]!;
    const check = isSlotBookable({ ...query, bookings }, agentId, start, minutes);
    if (check.ok) {
      bookings.push({
        agentId,
        start,
        end: new Date(start.getTime() + minutes * 60_000),
      });
      return 'free';
    }
    if (check.reason !== 'outside_availability') return check.reason;
    if (!agent) return 'outside_hours';
    const day: DateKey = localDateKeyOf(start, agent.schedule.timezone);
    // A day off with other hours given instead is changed hours, not time off.
    const onDay = agent.schedule.overrides.filter((o) => o.date === day);
    const off = onDay.some((o) => o.kind === 'off') && !onDay.some((o) => o.kind === 'hours');
    return off ? 'time_off' : 'outside_hours';
  });
}
