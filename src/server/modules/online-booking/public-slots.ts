import {
  MAX_PUBLIC_SLOT_DAYS,
  type NextFreeDay,
  type NextFreeDayQuery,
  type PublicSlotsQuery,
  type PublicSlotsResponse,
} from '@contracts/online-booking';
import { addDaysToKey, localDateKeyOf } from '@domain/zoned-time';
import type { AppDeps } from '../../app-deps';
import { badRequest, notFound } from '../../errors';
import { clinicSlots } from '../clinics';
import { bookingWindow, enabledClinic, publicContext, type OnlineClinic } from './online-clinic';
import { onlineLengths, requireOnlineServiceForSlots } from './online-services';

/** Days one look for the next free day covers; well inside the slot engine's own limit. */
const SEARCH_STEP_DAYS = 31;

/**
 * The service asked for (the default when none), the length (its shortest online when none) and
 * the provider, if offered online.
 */
async function serviceLengthAndProvider(
  deps: AppDeps,
  clinic: OnlineClinic,
  query: { serviceId?: string; duration?: number; agentId?: string },
) {
  const { service } = await requireOnlineServiceForSlots(deps.db.db, clinic, query.serviceId);
  const lengths = onlineLengths(clinic, service);
  const duration = query.duration ?? Math.min(...lengths);
  if (!lengths.includes(duration)) throw badRequest('This visit length cannot be booked online.');
  if (query.agentId && !clinic.onlineBooking.agentIds.includes(query.agentId))
    throw notFound('That provider does not take online bookings at this clinic.');
  return { serviceId: service.id, duration, agentId: query.agentId };
}

/** Free times of the clinic's online providers between two days, within notice and horizon. */
async function freeTimes(
  deps: AppDeps,
  clinic: OnlineClinic,
  ip: string,
  range: {
    from: string;
    to: string;
    serviceId: string;
    duration: number;
    agentId?: string;
    timezone?: string;
  },
) {
  const { timezone, slots } = await clinicSlots(
    deps,
    publicContext(clinic, ip),
    clinic.slug,
    range,
  );
  const { earliest, latest } = bookingWindow(clinic, deps.now());
  // The slot engine leaves out who does not offer the service and keeps its buffers (ADR 044).
  const allowed = new Set(clinic.onlineBooking.agentIds);
  // Held times are already left out: the slot engine counts live holds as bookings.
  return {
    timezone,
    slots: slots
      .filter((slot) => {
        const start = new Date(slot.startTime).getTime();
        return allowed.has(slot.agentId) && start >= earliest && start <= latest;
      })
      .map((slot) => ({
        start: slot.startTime,
        end: slot.endTime,
        agentId: slot.agentId,
        agentName: slot.agentName,
      })),
  };
}

/** Free times of one online service with the clinic's online providers, within notice and horizon. */
export async function getPublicSlots(
  deps: AppDeps,
  slug: string,
  query: PublicSlotsQuery,
  ip: string,
): Promise<PublicSlotsResponse> {
  const clinic = await enabledClinic(deps, slug);
  if (query.to < query.from) throw badRequest('The end date must not be before the start date.');
  if (query.to > addDaysToKey(query.from, MAX_PUBLIC_SLOT_DAYS - 1))
    throw badRequest(`Ask for at most ${MAX_PUBLIC_SLOT_DAYS} days of times at a time.`);
  const { serviceId, duration, agentId } = await serviceLengthAndProvider(deps, clinic, query);
  const { timezone, slots } = await freeTimes(deps, clinic, ip, {
    from: query.from,
    to: query.to,
    serviceId,
    duration,
    agentId,
    timezone: query.timezone,
  });
  return { timezone, duration, slots };
}

/**
 * The first day after `after` with a free time for this length (and provider), up to the
 * clinic's horizon, so a page whose day is full can offer the next one instead of a guessing game.
 * Looks a month at a time and stops at the first month with a time: a horizon of a year is at
 * most twelve looks, and the route is rate-limited like every public one.
 */
export async function getNextFreeDay(
  deps: AppDeps,
  slug: string,
  query: NextFreeDayQuery,
  ip: string,
): Promise<NextFreeDay> {
  const clinic = await enabledClinic(deps, slug);
  const { serviceId, duration, agentId } = await serviceLengthAndProvider(deps, clinic, query);
  const timezone = query.timezone ?? clinic.timezone;
  const now = deps.now();
  const lastDay = localDateKeyOf(bookingWindow(clinic, now).latest, timezone);
  // Never from before today: a date long past would only make the search longer.
  const today = localDateKeyOf(now, timezone);
  const dayAfter = addDaysToKey(query.after, 1);
  const firstDay = dayAfter > today ? dayAfter : today;
  const base = { timezone, duration, lastDay };
  for (let from = firstDay; from <= lastDay; from = addDaysToKey(from, SEARCH_STEP_DAYS)) {
    const stepEnd = addDaysToKey(from, SEARCH_STEP_DAYS - 1);
    const to = stepEnd < lastDay ? stepEnd : lastDay;
    const { slots } = await freeTimes(deps, clinic, ip, {
      from,
      to,
      serviceId,
      duration,
      agentId,
      timezone,
    });
    if (slots.length > 0) {
      const first = Math.min(...slots.map((slot) => Date.parse(slot.start)));
      return { ...base, day: localDateKeyOf(first, timezone) };
    }
  }
  return { ...base, day: null };
}
