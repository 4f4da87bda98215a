// The pure slot engine, timed in-process: one agent over 31 days and a 50-agent clinic over a
// week, both with bookings. The baseline is the bare cost of producing the same number of slot
// objects from precomputed starts, i.e. what any engine must pay to hand the list over.
import {
  computeAvailableSlots,
  slotIdOf,
  type AgentBooking,
  type SlotAgent,
  type SlotQuery,
  type TimeSlot,
} from '../../src/domain/slots';
import { median, percentile } from '../lib/stats';

const DAY = 86_400_000;
const MINUTE = 60_000;

/** A small deterministic PRNG, so every run books the same cells. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

function scenario(agents: number, days: number): SlotQuery {
  const random = prng(agents * 1000 + days);
  const rangeStart = new Date('2026-03-02T00:00:00Z'); // a Monday, one week before US DST starts
  const zones = ['America/New_York', 'Europe/London', 'Australia/Sydney'];
  const slotAgents: SlotAgent[] = Array.from({ length: agents }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    name: `Agent ${String(i).padStart(2, '0')}`,
    email: `agent${i}@bench.test`,
    schedule: {
      timezone: zones[i % zones.length]!,
      weekly: [1, 2, 3, 4, 5].map((weekday) => ({
        weekday: weekday as 1,
        start: '08:00',
        end: '18:00',
      })),
      overrides: [],
    },
  }));
  // About 40 % of each agent's half-hours booked (some slots fall outside their hours: harmless).
  const bookings: AgentBooking[] = [];
  for (const agent of slotAgents) {
    for (let t = rangeStart.getTime(); t < rangeStart.getTime() + days * DAY; t += 30 * MINUTE) {
      if (random() < 0.4)
        bookings.push({ agentId: agent.id, start: new Date(t), end: new Date(t + 30 * MINUTE) });
    }
  }
  return {
    agents: slotAgents,
    bookings,
    rangeStart,
    rangeEnd: new Date(rangeStart.getTime() + days * DAY),
    now: new Date(rangeStart.getTime() - 3_600_000),
    slotMinutes: 30,
    minNoticeMinutes: 0,
    horizonDays: 90,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
  };
}

/** The floor: slot objects of the same shape from starts that are already known. */
function baseline(
  slots: readonly TimeSlot[],
  starts: Float64Array,
  agents: SlotAgent[],
): TimeSlot[] {
  const iso = new Map<number, string>();
  const text = (ms: number) =>
    iso.get(ms) ?? (iso.set(ms, new Date(ms).toISOString()), iso.get(ms)!);
  return slots.map((_, i) => {
    const start = starts[i]!;
    const agent = agents[i]!;
    return {
      slotId: slotIdOf(agent.id, text(start)),
      timestamp: text(start),
      startTime: text(start),
      endTime: text(start + 30 * MINUTE),
      agentId: agent.id,
      agentName: agent.name,
      agentEmail: agent.email,
      durationMinutes: 30,
    };
  });
}

function time(fn: () => unknown, warmup: number, iterations: number) {
  for (let i = 0; i < warmup; i++) fn();
  const samples = new Float64Array(iterations);
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    fn();
    samples[i] = performance.now() - t0;
  }
  samples.sort();
  return { median: median(Array.from(samples)), p95: percentile(samples, 95) };
}

export interface SlotEngineResult {
  name: string;
  agents: number;
  days: number;
  bookings: number;
  slots: number;
  iterations: number;
  medianMs: number;
  p95Ms: number;
  perSlotUs: number;
  baselineMedianMs: number;
  ratio: number;
  targetMs: number;
}

export function benchSlotEngine(iterations: number): SlotEngineResult[] {
  const cases = [
    { name: 'one agent × 31 days', agents: 1, days: 31, targetMs: 5 },
    { name: '50 agents × 7 days', agents: 50, days: 7, targetMs: 20 },
  ];
  return cases.map(({ name, agents, days, targetMs }) => {
    const query = scenario(agents, days);
    const slots = computeAvailableSlots(query);
    const byId = new Map(query.agents.map((a) => [a.id, a]));
    const starts = Float64Array.from(slots.map((s) => Date.parse(s.startTime)));
    const owners = slots.map((s) => byId.get(s.agentId)!);
    const n = agents === 1 ? iterations : Math.max(50, Math.floor(iterations / 5));
    const engine = time(() => computeAvailableSlots(query), Math.min(200, n), n);
    const floor = time(() => baseline(slots, starts, owners), Math.min(200, n), n);
    return {
      name,
      agents,
      days,
      bookings: query.bookings.length,
      slots: slots.length,
      iterations: n,
      medianMs: engine.median,
      p95Ms: engine.p95,
      perSlotUs: (engine.median * 1000) / Math.max(1, slots.length),
      baselineMedianMs: floor.median,
      ratio: engine.median / floor.median,
      targetMs,
    };
  });
}
