import {
  defaultSchedule,
  type Schedule,
  type ScheduleOverride,
  type WeeklySegment,
} from '@domain/schedule';
import {
  computeAvailableSlots,
  slotsStableUntil,
  isSlotBookable,
  type AgentBooking,
  type OutsideBusy,
  type SlotAgent,
  type SlotCheck,
  type SlotQuery,
} from '@domain/slots';
import { SERVICE_BUFFER_MAX } from '@domain/services';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import * as repo from './availability.repository';
import * as busyRepo from './outside-busy.repository';

export interface AgentIdentity {
  id: string;
  name: string;
  email: string;
  timezone: string | null;
  /** The saved week and overrides, when the agent's row was read with them. */
  schedule?: repo.AgentScheduleData;
  /** Bookings in the query's bookingsWindow, when the agent's row was read with them. */
  bookings?: ReadonlyArray<AgentBooking & { id: string }>;
  /** Holds live at the query's `now` in its bookingsWindow, read with the bookings. */
  holds?: ReadonlyArray<AgentBooking & { id: string; expiresAt?: Date }>;
  /**
   * Busy times of the agent's outside calendars in the query's bookingsWindow that block at the
   * clinic of its settings (ADR 053), when the agent's row was read with them.
   */
  outsideBusy?: readonly OutsideBusy[];
}

/**
 * The stretch around [rangeStart, rangeEnd) whose bookings can block a slot in it: a slot's
 * length and its own buffers, and the longest buffer a booking can keep, either side.
 */
export function bookingsWindow(
  settings: SlotSettings,
  durationMinutes: number,
  rangeStart: Date,
  rangeEnd: Date,
) {
  const margin =
    (settings.bufferBeforeMinutes +
      settings.bufferAfterMinutes +
      durationMinutes +
      SERVICE_BUFFER_MAX) *
    60_000;
  return {
    from: new Date(rangeStart.getTime() - margin),
    to: new Date(rangeEnd.getTime() + margin),
  };
}

export interface SlotSettings {
  minNoticeMinutes: number;
  horizonDays: number;
  /** The buffers of what is being booked: its service's, or the appointment's own (ADR 044). */
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  stepMinutes?: number;
  /**
   * Outside calendars failing this long stop blocking (OUTSIDE_CALENDAR_DROP_AFTER_HOURS);
   * absent, their last known busy times block (ADR 053).
   */
  outsideDropAfterHours?: number;
  /**
   * The clinic booked at: its setting may let a staff member's outside calendar that has failed
   * for a day stop blocking (ADR 053). Absent: every known busy time blocks.
   */
  clinicId?: string;
}

/** The server's slot settings for a booking that keeps `buffers` free around it. */
export function slotSettings(
  config: Config,
  buffers: { bufferBeforeMinutes: number; bufferAfterMinutes: number },
  clinicId: string,
): SlotSettings {
  return {
    minNoticeMinutes: config.SLOT_MIN_NOTICE_MINUTES,
    horizonDays: config.SLOT_HORIZON_DAYS,
    bufferBeforeMinutes: buffers.bufferBeforeMinutes,
    bufferAfterMinutes: buffers.bufferAfterMinutes,
    stepMinutes: config.SLOT_STEP_MINUTES,
    outsideDropAfterHours: config.OUTSIDE_CALENDAR_DROP_AFTER_HOURS,
    clinicId,
  };
}

/** Agents with their schedules; one without a saved schedule gets the default hours (spec §9). */
export async function loadSlotAgents(
  db: Executor,
  agents: readonly AgentIdentity[],
): Promise<SlotAgent[]> {
  const missing = agents.filter((a) => !a.schedule).map((a) => a.id);
  const loaded = missing.length > 0 ? await repo.loadScheduleData(db, missing) : [];
  return agents.map((agent) => {
    const saved = agent.schedule ?? loaded.find((s) => s.agentId === agent.id);
    const base: Schedule =
      saved && saved.timezone !== null
        ? { timezone: saved.timezone, weekly: saved.weekly as WeeklySegment[], overrides: [] }
        : defaultSchedule(agent.timezone ?? undefined);
    const own = (saved?.overrides ?? []).map((o): ScheduleOverride =>
      o.kind === 'off'
        ? { date: o.date, kind: 'off' }
        : {
            date: o.date,
            kind: 'hours',
            segments: o.segments as { start: string; end: string }[],
          },
    );
    return {
      id: agent.id,
      name: agent.name,
      email: agent.email,
      schedule: { ...base, overrides: own },
    };
  });
}

async function buildQuery(
  db: Executor,
  input: {
    agents: readonly AgentIdentity[];
    rangeStart: Date;
    rangeEnd: Date;
    durationMinutes: number;
    now: Date;
    settings: SlotSettings;
    excludeAppointmentId?: string;
    /** Staff booking over an outside calendar's busy time on purpose (audited by the caller). */
    ignoreOutsideBusy?: boolean;
  },
): Promise<SlotQuery> {
  const { settings } = input;
  const window = bookingsWindow(settings, input.durationMinutes, input.rangeStart, input.rangeEnd);
  // Agents read with their bookings (for exactly this window, no appointment excluded) need no
  // second statement.
  const preloaded = !input.excludeAppointmentId && input.agents.every((a) => a.bookings);
  const holdsPreloaded = input.agents.every((a) => a.holds);
  // Read with the agents too (listBookableAgents), for the clinic of the settings.
  const outsidePreloaded = input.agents.every((a) => a.outsideBusy);
  const agentIds = input.agents.map((a) => a.id);
  const cutoffs = busyRepo.outsideDropCutoffs(input.now, settings.outsideDropAfterHours);
  const [agents, blocking, outsideBusy] = await Promise.all([
    loadSlotAgents(db, input.agents),
    // Neither read with the agents: bookings and live holds in one statement.
    !preloaded && !holdsPreloaded
      ? repo.loadBlockingTimes(
          db,
          agentIds,
          window.from,
          window.to,
          input.now,
          input.excludeAppointmentId,
        )
      : Promise.all([
          preloaded
            ? input.agents.flatMap((a) => a.bookings!)
            : repo.loadBookings(db, agentIds, window.from, window.to, input.excludeAppointmentId),
          // Times held on the public booking page block like bookings until they expire (ADR 022).
          holdsPreloaded
            ? input.agents.flatMap((a) => a.holds!)
            : repo.loadLiveHolds(db, agentIds, window.from, window.to, input.now),
        ]).then(([booked, held]) => (held.length === 0 ? booked : [...booked, ...held])),
    // Busy times of the agents' outside calendars block as bookings do (ADR 053).
    input.ignoreOutsideBusy
      ? []
      : outsidePreloaded
        ? input.agents.flatMap((a) => a.outsideBusy!)
        : busyRepo.loadOutsideBusy(
            db,
            agentIds,
            window.from,
            window.to,
            cutoffs.dropBefore,
            settings.clinicId
              ? { clinicId: settings.clinicId, failingSince: cutoffs.failingSince }
              : null,
          ),
  ]);
  return {
    agents,
    bookings: blocking,
    outsideBusy,
    rangeStart: input.rangeStart,
    rangeEnd: input.rangeEnd,
    now: input.now,
    slotMinutes: input.durationMinutes,
    stepMinutes: settings.stepMinutes,
    minNoticeMinutes: settings.minNoticeMinutes,
    horizonDays: settings.horizonDays,
    bufferBeforeMinutes: settings.bufferBeforeMinutes,
    bufferAfterMinutes: settings.bufferAfterMinutes,
  };
}

/**
 * The engine's slots, and until when (epoch ms, exclusive) they are the answer at a later `now`
 * with the data unchanged: the first offered start entering the notice, the horizon cutting the
 * range, or the first of the counted holds expiring (slotsStableUntil).
 */
export async function availableSlots(db: Executor, input: Parameters<typeof buildQuery>[1]) {
  const query = await buildQuery(db, input);
  const slots = computeAvailableSlots(query);
  const now = input.now.getTime();
  let stableUntil = slotsStableUntil(query, slots);
  for (const agent of input.agents) {
    // Holds read here, or read without their expiry, give no time to stand.
    if (!agent.holds) return { slots, stableUntil: now };
    for (const hold of agent.holds) {
      const expiry = hold.expiresAt?.getTime() ?? now;
      if (expiry < stableUntil) stableUntil = Math.max(expiry, now);
    }
  }
  return { slots, stableUntil };
}

/**
 * The server's booking check: the same engine as the picker, so what it offers is accepted.
 * The appointment being moved does not block its own new time.
 */
export async function checkBookable(
  db: Executor,
  input: {
    agent: AgentIdentity;
    start: Date;
    durationMinutes: number;
    now: Date;
    settings: SlotSettings;
    excludeAppointmentId?: string;
    ignoreOutsideBusy?: boolean;
  },
): Promise<SlotCheck> {
  const end = new Date(input.start.getTime() + input.durationMinutes * 60_000);
  const query = await buildQuery(db, {
    agents: [input.agent],
    rangeStart: input.start,
    rangeEnd: end,
    durationMinutes: input.durationMinutes,
    now: input.now,
    settings: input.settings,
    excludeAppointmentId: input.excludeAppointmentId,
    ignoreOutsideBusy: input.ignoreOutsideBusy,
  });
  return isSlotBookable(query, input.agent.id, input.start, input.durationMinutes);
}

/**
 * The slot engine's input for one agent over a long stretch (a series' first to last visit),
 * leaving out the appointments a change is about to move: they do not block their own new times.
 */
export async function loadSlotQuery(
  db: Executor,
  input: {
    agent: AgentIdentity;
    rangeStart: Date;
    rangeEnd: Date;
    durationMinutes: number;
    now: Date;
    settings: SlotSettings;
    excludeAppointmentIds?: readonly string[];
  },
): Promise<SlotQuery> {
  // Bookings and holds read with the agent cover another window: read this one's.
  const query = await buildQuery(db, {
    ...input,
    agents: [{ ...input.agent, bookings: undefined, holds: undefined, outsideBusy: undefined }],
  });
  const excluded = new Set(input.excludeAppointmentIds ?? []);
  return {
    ...query,
    bookings: query.bookings.filter((b) => !excluded.has((b as { id?: string }).id ?? '')),
  };
}
