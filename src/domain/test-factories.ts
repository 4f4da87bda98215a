import { TZDate } from '@date-fns/tz';
import type { Schedule, Weekday } from './schedule';
import { computeAvailableSlots, type AgentBooking, type SlotAgent, type SlotQuery } from './slots';
import { addDaysToKey, formatWallTime } from './zoned-time';

// Factories for the slot tests: realistic values, overridable per test.

export const EVERY_DAY: Weekday[] = [0, 1, 2, 3, 4, 5, 6];
export const MONDAY = '2026-11-23';

export function createSchedule(timezone = 'UTC', start = '09:00', end = '17:00'): Schedule {
  return { timezone, weekly: EVERY_DAY.map((weekday) => ({ weekday, start, end })), overrides: [] };
}

export function createAgent(overrides: Partial<SlotAgent> = {}): SlotAgent {
  return {
    id: 'agent-ana',
    name: 'Ana Ortiz',
    email: 'ana.ortiz@clinic.example',
    schedule: createSchedule(),
    ...overrides,
  };
}

export function createQuery(overrides: Partial<SlotQuery> = {}): SlotQuery {
  return {
    agents: [createAgent()],
    bookings: [],
    rangeStart: new Date(`${MONDAY}T00:00:00Z`),
    rangeEnd: new Date(`${addDaysToKey(MONDAY, 1)}T00:00:00Z`),
    now: new Date('2026-11-16T08:00:00Z'),
    slotMinutes: 30,
    minNoticeMinutes: 0,
    horizonDays: 60,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    ...overrides,
  };
}

export function booking(start: string, end: string, agentId = 'agent-ana'): AgentBooking {
  return { agentId, start: new Date(start), end: new Date(end) };
}

/** Wall-clock start times of the slots in the given zone, e.g. ['09:00', '09:30']. */
export function localStarts(query: SlotQuery, zone = 'UTC'): string[] {
  return computeAvailableSlots(query).map((slot) => {
    const local = new TZDate(Date.parse(slot.startTime), zone);
    return formatWallTime(local.getHours() * 60 + local.getMinutes());
  });
}

export function grid(from: string, to: string, stepMinutes: number): string[] {
  const [fromH, fromM] = from.split(':').map(Number);
  const [toH, toM] = to.split(':').map(Number);
  const times: string[] = [];
  for (let m = fromH! * 60 + fromM!; m <= toH! * 60 + toM!; m += stepMinutes) {
    times.push(formatWallTime(m));
  }
  return times;
}
