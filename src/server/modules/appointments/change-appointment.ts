import { offersService } from '@domain/services';
import { requireServiceLength, serviceOfAppointment } from '../services';
import { canChangeAppointment } from '@domain/appointment-status';
import { canReassign } from '@domain/roles';
import type {
  Appointment,
  MoveCheckResponse,
  UpdateAppointmentBody,
} from '@contracts/appointments';
import type { AppDeps } from '../../app-deps';
import { conflict, forbidden, HttpError, unprocessable } from '../../errors';
import { planResources } from './resource-assignment';
import type { RequestContext } from '../../core/request-context';
import { slotSettings } from '../availability';
import { outboxRow, type NotificationParty } from '../notifications';
import { applyChange, loadForChange, statusSubject } from './apply-change';
import type { ChangeGuard } from './appointment-writes';
import { moveCheckAnswer } from './slot-conflicts';
import {
  checkTimeAsked,
  requireAgent,
  requireStaffBookableTime,
  NOT_BOOKABLE_MESSAGE,
  type TimeAsked,
} from './bookable-time';
import { rescheduleInSeries } from './series-changes';
import { moveChange } from './move-change';
import { appointmentSnapshot } from './appointment-snapshot';

export const CHANGE_REFUSED =
  'This appointment can no longer be changed: it has already started or was cancelled.';

/** What a change asks for, read and checked for everything but the time being free. */
async function planChange(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
  body: UpdateAppointmentBody,
) {
  const row = await loadForChange(deps, ctx, id);
  const { appointment: current } = row;
  const now = deps.now();
  if (!canChangeAppointment(statusSubject(row), now)) {
    throw conflict(CHANGE_REFUSED);
  }
  const reassign = body.staff.id !== current.staffId;
  if (reassign && !canReassign(ctx.user.role))
    throw forbidden('Nurses cannot reassign appointments.');

  const start = new Date(body.date);
  const duration = body.duration ?? current.duration;
  const reschedule = start.getTime() !== current.startAt.getTime() || duration !== current.duration;
  // Another room or machine at the same time and with the same provider (ADR 045).
  const moveResource = body.resourceId !== undefined && body.resourceId !== current.resourceId;
  if (!reassign && !reschedule && !moveResource)
    throw unprocessable('Nothing to change: pick a new time or another provider.');
  // What was booked stays booked: the new agent must offer it, and a new length must be one of
  // its lengths with them (ADR 044).
  if (reassign || duration !== current.duration) {
    const service = await serviceOfAppointment(deps.db.db, row.clinic.id, current.serviceId);
    if (reassign && !offersService(service, body.staff.id)) {
      throw unprocessable(
        `The chosen provider does not offer ${service.name}. Pick another provider.`,
      );
    }
    if (duration !== current.duration) requireServiceLength(service, body.staff.id, duration);
  }

  const asked: TimeAsked = {
    clinicId: row.clinic.id,
    agentId: body.staff.id,
    start,
    durationMinutes: duration,
    now,
    // The appointment keeps the buffers it was booked with.
    settings: slotSettings(
      deps.config,
      {
        bufferBeforeMinutes: current.bufferBeforeMinutes,
        bufferAfterMinutes: current.bufferAfterMinutes,
      },
      row.clinic.id,
    ),
    excludeAppointmentId: current.id,
    notBookableMessage: NOT_BOOKABLE_MESSAGE,
  };
  return { row, current, start, duration, reassign, reschedule, moveResource, asked };
}

/**
 * Whether a reschedule or reassign would be accepted, and if not, in the words its refusal would
 * carry and with what stands in the way: the calendar asks before it moves anything (ADR 034).
 * For a visit of a series, this visit's new time is checked.
 */
export async function checkAppointmentMove(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
  body: UpdateAppointmentBody,
): Promise<MoveCheckResponse> {
  const plan = await planChange(deps, ctx, id, body);
  const { agent, check, slotAsked } = await checkTimeAsked(deps.db.db, plan.asked);
  const answer = await moveCheckAnswer(deps.db.db, check, agent.name, slotAsked);
  if (!answer.bookable) return answer;
  // The provider is free then: is a room or machine the service needs free too (ADR 045)?
  const { current, start, duration } = plan;
  const service = await serviceOfAppointment(deps.db.db, plan.row.clinic.id, current.serviceId);
  try {
    await planResources(
      deps.db.db,
      plan.row.clinic,
      [
        {
          start,
          end: new Date(start.getTime() + duration * 60_000),
          bufferBeforeMinutes: current.bufferBeforeMinutes,
          bufferAfterMinutes: current.bufferAfterMinutes,
          need: service.need,
          serviceName: service.name,
          wish: { pick: body.resourceId, prefer: current.resourceId },
        },
      ],
      deps.now(),
      [current.id],
    );
  } catch (err) {
    if (err instanceof HttpError) return { bookable: false, message: err.message, conflict: null };
    throw err;
  }
  return answer;
}

/**
 * Reschedule (a new time) and reassign (another agent of the same clinic) share one call
 * (spec §7); either or both may change. The patient's link stays the same, so the one in their
 * first message still reaches the current time (only a staff member's Reset link replaces it). For
 * a visit of a series, `scope` can move the following visits or all of them by the same shift.
 * `guard` (one appointment only) decides a caller's own rule under the appointment's lock.
 */
export async function changeAppointment(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
  body: UpdateAppointmentBody,
  options: { guard?: ChangeGuard } = {},
): Promise<Appointment> {
  const plan = await planChange(deps, ctx, id, body);
  const { row, current, start, duration, reassign, reschedule, moveResource, asked } = plan;
  const resource = body.resourceId ? { pick: body.resourceId } : undefined;
  if (!reassign && !reschedule && moveResource) {
    // Only the room changes: the time and provider stand as booked; the room is checked free.
    return applyChange(deps, ctx, row, {
      values: {},
      events: [],
      outbox: [],
      audit: 'reassign',
      resource,
      guard: options.guard,
    });
  }
  if (body.scope && body.scope !== 'one' && current.seriesId) {
    return rescheduleInSeries(deps, ctx, row, body.scope, {
      start,
      duration: body.duration,
      agent: await requireAgent(deps.db.db, asked),
    });
  }
  const { agent, overrodeOutsideBusy } = await requireStaffBookableTime(
    deps.db.db,
    asked,
    body.overrideOutsideBusy === true,
  );

  const snapshot = appointmentSnapshot(row, {
    start: start.toISOString(),
    durationMinutes: duration,
    staff: { name: agent.name, email: agent.email },
    previous: {
      ...(reschedule ? { start: current.startAt.toISOString() } : {}),
      ...(reassign ? { staffName: row.agent.name } : {}),
    },
  });
  const formerProvider: NotificationParty[] = reassign
    ? [{ email: row.agent.email, name: row.agent.name, role: 'staff' }]
    : [];
  const move = moveChange(row, { start, duration, agent });
  return applyChange(deps, ctx, row, {
    values: move.values,
    events: move.events,
    outbox: [
      outboxRow(reassign && !reschedule ? 'reassigned' : 'rescheduled', snapshot, formerProvider),
    ],
    audit: reassign && !reschedule ? 'reassign' : 'reschedule',
    ...(overrodeOutsideBusy ? { auditDetails: { outsideBusyOverridden: true } } : {}),
    resource,
    guard: options.guard,
  });
}
