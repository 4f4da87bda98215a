import type { EventInput } from '@fullcalendar/react';
import { TZDate } from '@date-fns/tz';
import type { Appointment } from '@contracts/appointments';
import type { HeldTime } from '@contracts/availability';
import {
  badgeVariant,
  canChangeAppointment,
  normalizeStatus,
  statusLabel,
  type BadgeVariant,
} from '@domain/appointment-status';
import { DEFAULT_DURATION_MINUTES } from '@domain/constants';
import { localDateKeyOf, MINUTE_MS } from '@domain/zoned-time';
import type { OutsideBusyTime } from '@web/queries/outside-busy';

/**
 * Event colours follow the status badges (spec §4): primary for confirmed and completed,
 * destructive for cancelled and no-show, secondary for the rest. They point at the theme's
 * variables, so dark mode recolours the calendar with everything else.
 */
export const STATUS_COLORS: Record<BadgeVariant, { color: string; contrastColor: string }> = {
  default: { color: 'var(--primary)', contrastColor: 'var(--primary-foreground)' },
  secondary: { color: 'var(--calendar-secondary-event)', contrastColor: 'var(--foreground)' },
  destructive: { color: 'var(--destructive)', contrastColor: 'var(--destructive-foreground)' },
};

export interface AppointmentFilter {
  /** A clinic slug, or undefined for every clinic of the user. */
  clinic?: string;
  /** An agent (staff) id, or undefined for everyone. */
  agentId?: string;
}

export function filterAppointments(
  appointments: readonly Appointment[],
  filter: AppointmentFilter,
): Appointment[] {
  return appointments.filter(
    (a) =>
      (!filter.clinic || a.patient.clinic === filter.clinic) &&
      (!filter.agentId || a.staff.id === filter.agentId),
  );
}

export function endOf(appointment: Pick<Appointment, 'date' | 'duration'>): Date {
  const minutes = appointment.duration || DEFAULT_DURATION_MINUTES;
  return new Date(new Date(appointment.date).getTime() + minutes * MINUTE_MS);
}

/** What an event says of its service (issue 42): its name, and its colour for the stripe. */
export interface EventService {
  name: string;
  colour: string;
}

/**
 * The appointment as FullCalendar draws it; only a future, not-cancelled one can be dragged.
 * The status keeps the block's colour (spec §4); the service, once known, adds a stripe.
 */
export function toEventInput(
  appointment: Appointment,
  now: Date,
  service?: EventService,
): EventInput {
  const cancelled = normalizeStatus(appointment.metadata.status) === 'CANCELLED';
  return {
    id: appointment._id,
    title: appointment.patient.name || 'Unknown Patient',
    start: appointment.date,
    end: endOf(appointment).toISOString(),
    editable: canChangeAppointment(
      { date: appointment.date, status: appointment.metadata.status },
      now,
    ),
    durationEditable: false,
    ...STATUS_COLORS[badgeVariant(appointment.metadata.status)],
    className: cancelled ? 'calendar-event-cancelled' : undefined,
    extendedProps: {
      appointment,
      statusText: statusLabel(appointment.metadata.status),
      service: service ? { name: service.name, colour: service.colour } : undefined,
    },
  };
}

export function serviceOfEvent(event: {
  extendedProps: Record<string, unknown>;
}): EventService | undefined {
  return event.extendedProps.service as EventService | undefined;
}

export function appointmentOf(event: { extendedProps: Record<string, unknown> }): Appointment {
  return event.extendedProps.appointment as Appointment;
}

/** How a time that is no appointment but keeps the agent busy is drawn: shaded, never moved. */
const BLOCKED_TIME = {
  editable: false,
  startEditable: false,
  durationEditable: false,
  className: 'calendar-event-held',
  color: 'var(--calendar-held-event)',
  contrastColor: 'var(--foreground)',
} satisfies EventInput;

/**
 * A time a patient holds online (ADR 034): drawn in the grid so the front desk sees why it is
 * not offered, and until when. It is no appointment: it cannot be opened, dragged or moved.
 */
export function holdToEventInput(hold: HeldTime): EventInput {
  return {
    id: `hold-${hold.id}`,
    title: 'Held online',
    start: hold.start,
    end: hold.end,
    ...BLOCKED_TIME,
    extendedProps: { hold },
  };
}

export function holdOf(event: { extendedProps: Record<string, unknown> }): HeldTime | undefined {
  return event.extendedProps.hold as HeldTime | undefined;
}

/**
 * A time the agent is busy in an outside calendar (ADR 053): a block without a title, as the
 * issue asks ("Busy — outside calendar"). Not an appointment: it cannot be opened or moved.
 */
export function outsideBusyToEventInput(busy: OutsideBusyTime): EventInput {
  return {
    id: `outside-${busy.agentId}-${busy.start}-${busy.end}`,
    title: 'Busy — outside calendar',
    start: busy.start,
    end: busy.end,
    ...BLOCKED_TIME,
    extendedProps: { outsideBusy: busy },
  };
}

export function outsideBusyOf(event: {
  extendedProps: Record<string, unknown>;
}): OutsideBusyTime | undefined {
  return event.extendedProps.outsideBusy as OutsideBusyTime | undefined;
}

/** Whose column an event belongs in: the appointment's agent, or the held time's. */
export function agentIdOfEvent(event: { extendedProps: Record<string, unknown> }): string {
  return holdOf(event)?.agentId ?? outsideBusyOf(event)?.agentId ?? appointmentOf(event).staff.id;
}

/** Which room or machine an event's appointment uses (issue 42); none for a held time. */
export function resourceIdOfEvent(event: {
  extendedProps: Record<string, unknown>;
}): string | null {
  if (holdOf(event) || outsideBusyOf(event)) return null;
  return appointmentOf(event).resourceId ?? null;
}

/** Where a clinic's working day starts when nothing says otherwise: the grid opens here. */
export const DEFAULT_FIRST_HOUR = 7;
const DEFAULT_LAST_HOUR = 19;

function localMinutes(instant: Date, timeZone: string): number {
  const local = new TZDate(instant.getTime(), timeZone);
  return local.getHours() * 60 + local.getMinutes();
}

export const hh = (hour: number) => `${String(hour).padStart(2, '0')}:00:00`;

/**
 * The hours the time grids show: 07:00–19:00, widened to whole hours around any appointment in
 * view, so a clinic in another zone never has appointments hidden off the grid.
 */
export function visibleHours(
  appointments: readonly Pick<Appointment, 'date' | 'duration'>[],
  timeZone: string,
): { slotMinTime: string; slotMaxTime: string } {
  let first = DEFAULT_FIRST_HOUR * 60;
  let last = DEFAULT_LAST_HOUR * 60;
  for (const a of appointments) {
    const start = new Date(a.date);
    const startMinutes = localMinutes(start, timeZone);
    const end = endOf(a);
    const sameDay = localDateKeyOf(end.getTime() - 1, timeZone) === localDateKeyOf(start, timeZone);
    const endMinutes = sameDay ? localMinutes(end, timeZone) || 24 * 60 : 24 * 60;
    first = Math.min(first, startMinutes);
    last = Math.max(last, endMinutes);
  }
  return { slotMinTime: hh(Math.floor(first / 60)), slotMaxTime: hh(Math.ceil(last / 60)) };
}
