import type { SlotCheck } from '@domain/slots';
import type { Executor } from '../../db/client';
import { unprocessable } from '../../errors';
import {
  bookingsWindow,
  checkBookable,
  outsideDropCutoffs,
  type SlotSettings,
} from '../availability';
import { findBookableAgent, type BookingsWindow } from '../clinics';
import { refusalFor, type SlotAsked } from './slot-conflicts';

/** The refusal of an agent who does not take appointments at the clinic asked for. */
export const NOT_BOOKABLE_MESSAGE =
  'The chosen provider does not take appointments at this clinic.';

/** A time asked of an agent of a clinic, for a new appointment or for one that moves. */
export interface TimeAsked {
  clinicId: string;
  agentId: string;
  start: Date;
  durationMinutes: number;
  now: Date;
  settings: SlotSettings;
  /** The appointment that moves: its own time does not stand in its way. */
  excludeAppointmentId?: string;
  /** The refusal when the agent does not take appointments at the clinic. */
  notBookableMessage: string;
}

/**
 * The agent asked for, if they take appointments at the clinic; refused in `message` if not.
 * Given a window, read with what blocks their time in it.
 */
export async function requireAgent(
  db: Executor,
  asked: Pick<TimeAsked, 'clinicId' | 'agentId' | 'notBookableMessage'>,
  window?: BookingsWindow,
) {
  const agent = await findBookableAgent(db, asked.clinicId, asked.agentId, window);
  if (!agent) throw unprocessable(asked.notBookableMessage);
  return agent;
}

/**
 * What can block a new time, as the slot engine reads it for checkBookable (bookingsWindow),
 * with the holds live now and the outside calendars' cut-offs: read with the agent, a new
 * time's check is one statement. A moving appointment's is not (its own time must not block
 * it), so it is read as before.
 */
function windowOf(asked: TimeAsked): BookingsWindow | undefined {
  if (asked.excludeAppointmentId) return undefined;
  const end = new Date(asked.start.getTime() + asked.durationMinutes * 60_000);
  return {
    ...bookingsWindow(asked.settings, asked.durationMinutes, asked.start, end),
    now: asked.now,
    ...outsideDropCutoffs(asked.now, asked.settings.outsideDropAfterHours),
  };
}

/** The agent asked for, bookable at the clinic, and what the slot engine says of the time. */
export async function checkTimeAsked(db: Executor, asked: TimeAsked) {
  const agent = await requireAgent(db, asked, windowOf(asked));
  const slotAsked: SlotAsked = {
    agentId: agent.id,
    start: asked.start,
    durationMinutes: asked.durationMinutes,
    now: asked.now,
    settings: asked.settings,
    excludeAppointmentId: asked.excludeAppointmentId,
  };
  const check: SlotCheck = await checkBookable(db, {
    ...slotAsked,
    settings: asked.settings,
    agent,
  });
  return { agent, check, slotAsked };
}

/**
 * The rules every new or moved appointment meets before it is written: the agent takes
 * appointments at the clinic, and the time is within their hours, notice and horizon and free.
 * Refuses in words that say what stands in the way (ADR 034); answers the agent.
 */
export async function requireBookableTime(db: Executor, asked: TimeAsked) {
  const { agent, check, slotAsked } = await checkTimeAsked(db, asked);
  if (!check.ok) throw await refusalFor(db, check, agent.name, slotAsked);
  return agent;
}

/**
 * requireBookableTime for staff, who may book over a time the agent is busy in an outside
 * calendar when they say so (`override`, ADR 053): every other rule still holds. Answers whether
 * the override was needed, so the write's audit row can say so.
 */
export async function requireStaffBookableTime(db: Executor, asked: TimeAsked, override: boolean) {
  const { agent, check, slotAsked } = await checkTimeAsked(db, asked);
  if (check.ok) return { agent, overrodeOutsideBusy: false };
  if (check.reason !== 'outside_busy' || !override) {
    throw await refusalFor(db, check, agent.name, slotAsked);
  }
  // Booked over an outside busy time on purpose: the rules without it must still pass.
  const again = await checkBookable(db, {
    ...slotAsked,
    settings: asked.settings,
    agent,
    ignoreOutsideBusy: true,
  });
  if (!again.ok) throw await refusalFor(db, again, agent.name, slotAsked);
  return { agent, overrodeOutsideBusy: true };
}
