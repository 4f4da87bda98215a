import { formatDateTimeWithZone } from '@domain/format';
import { RecurrenceError, seriesOccurrences, type Occurrence } from '@domain/recurrence';
import { classifyOccurrences, type OccurrenceStatus } from '@domain/series-preview';
import type { CreateSeriesBody, SeriesCreated, SeriesPreview } from '@contracts/series';
import type { AppDeps } from '../../app-deps';
import {
  idempotencyOwnerOf,
  idempotent,
  type IdempotentAnswer,
  type RememberAnswer,
} from '../../core/idempotency';
import type { RequestContext } from '../../core/request-context';
import { isBookingConflict, retryOnDeadlock } from '../../db/errors';
import { badRequest, conflict, notFound, unprocessable, type HttpError } from '../../errors';
import { loadSlotQuery, slotSettings } from '../availability';
import { findClinicPatient, requireMemberClinic } from '../clinics';
import { bufferSettingsOf, requireBookingService, requireServiceLength } from '../services';
import { outboxRow } from '../notifications';
import { insertAppointments } from './appointment-writes';
import { actorOf } from './write-actor';
import { NOT_BOOKABLE_MESSAGE, requireAgent } from './bookable-time';
import * as seriesRepo from './series.repository';
import { lockAgents } from '../../db/locks';
import { personName } from '@domain/person-name';

interface PlannedOccurrence extends Occurrence {
  status: OccurrenceStatus;
}

/** Previews or books a series (ADR 017). The preview books nothing and keeps no key. */
export async function createSeries(
  deps: AppDeps,
  ctx: RequestContext,
  body: CreateSeriesBody,
  options: { preview: boolean; idempotencyKey: string | undefined },
): Promise<IdempotentAnswer<SeriesCreated | SeriesPreview>> {
  if (options.preview) {
    const plan = await planSeries(deps, ctx, body);
    return {
      status: 200,
      replayed: false,
      body: {
        preview: true,
        timezone: plan.clinic.timezone,
        occurrences: plan.occurrences.map((o) => ({
          index: o.index,
          date: o.start.toISOString(),
          localDate: o.localDate,
          localTime: o.localTime,
          status: o.status,
        })),
      },
    };
  }
  return idempotent(
    deps.db.db,
    { owner: idempotencyOwnerOf(ctx), key: options.idempotencyKey, fingerprint: body },
    async (remember) => ({ status: 201, body: await bookSeries(deps, ctx, body, remember) }),
  );
}

/** Each occurrence of the rule with what booking it would meet, by the single-booking rules. */
async function planSeries(deps: AppDeps, ctx: RequestContext, body: CreateSeriesBody) {
  const db = deps.db.db;
  const clinic = requireMemberClinic(ctx.user, body.patient.clinic);
  const patient = await findClinicPatient(db, clinic.id, body.patient.id);
  if (!patient) throw notFound('Patient not found in this clinic.');
  const agent = await requireAgent(db, {
    clinicId: clinic.id,
    agentId: body.staff.id,
    notBookableMessage: NOT_BOOKABLE_MESSAGE,
  });
  if (Date.parse(body.recurrence.dtstart) !== Date.parse(body.date)) {
    throw badRequest('The series must start at the appointment’s time: dtstart must equal date.');
  }
  let occurrences: Occurrence[];
  try {
    occurrences = seriesOccurrences({
      rrule: body.recurrence.rrule,
      dtstart: new Date(body.date),
      timeZone: clinic.timezone,
    });
  } catch (err) {
    if (err instanceof RecurrenceError) throw badRequest(err.message);
    throw err;
  }
  const service = await requireBookingService(db, clinic.id, body.serviceId);
  const duration = requireServiceLength(service, agent.id, body.duration);
  const now = deps.now();
  const last = occurrences.at(-1)!;
  const query = await loadSlotQuery(db, {
    agent,
    rangeStart: occurrences[0]!.start,
    rangeEnd: new Date(last.start.getTime() + duration * 60_000),
    durationMinutes: duration,
    now,
    settings: slotSettings(deps.config, bufferSettingsOf(service), clinic.id),
  });
  const statuses = classifyOccurrences(
    query,
    agent.id,
    occurrences.map((o) => o.start),
    duration,
  );
  return {
    clinic,
    patient,
    agent,
    duration,
    service,
    now,
    occurrences: occurrences.map((o, i): PlannedOccurrence => ({ ...o, status: statuses[i]! })),
  };
}

/** The refusal of a series because of one of its dates, naming that date. */
export function occurrenceRefusal(
  status: Exclude<OccurrenceStatus, 'free'>,
  start: Date,
  timeZone: string,
  agentName: string,
): HttpError {
  const when = formatDateTimeWithZone(start, timeZone);
  switch (status) {
    case 'taken':
      return conflict(
        `${when} was just booked by someone else. Skip that date or change the series.`,
      );
    case 'time_off':
      return unprocessable(`${agentName} is off on ${when}. Skip that date.`);
    case 'outside_hours':
      return unprocessable(
        `${agentName} is not available on ${when}. Skip that date or change the time.`,
      );
    case 'too_soon':
      return unprocessable(`${when} has already passed or is too soon to book.`);
    case 'beyond_horizon':
      return unprocessable(`${when} is too far ahead to book. End the series sooner.`);
    case 'outside_busy':
      return conflict(
        `${agentName} is busy in their outside calendar on ${when}. Skip that date or change the time.`,
      );
  }
}

/** Why the first of these occurrences that is not free cannot be booked; none if all are. */
function firstRefusal(
  occurrences: readonly PlannedOccurrence[],
  timeZone: string,
  agentName: string,
): HttpError | undefined {
  const refused = occurrences.find((o) => o.status !== 'free');
  return (
    refused &&
    occurrenceRefusal(
      refused.status as Exclude<OccurrenceStatus, 'free'>,
      refused.start,
      timeZone,
      agentName,
    )
  );
}

async function bookSeries(
  deps: AppDeps,
  ctx: RequestContext,
  body: CreateSeriesBody,
  remember: RememberAnswer,
): Promise<SeriesCreated> {
  const plan = await planSeries(deps, ctx, body);
  const { clinic, patient, agent, duration, now } = plan;
  const skip = new Set(body.skip ?? []);
  for (const date of skip) {
    if (!plan.occurrences.some((o) => o.localDate === date)) {
      throw badRequest(`${date} is not a date of this series.`);
    }
  }
  const chosen = plan.occurrences.filter((o) => !skip.has(o.localDate));
  if (chosen.length === 0) throw unprocessable('Every date is skipped: there is nothing to book.');
  const refusal = firstRefusal(chosen, clinic.timezone, agent.name);
  if (refusal) throw refusal;
  const skipped = plan.occurrences
    .filter((o) => skip.has(o.localDate))
    .map((o) => ({
      date: o.localDate,
      reason: o.status === 'free' ? ('skipped' as const) : o.status,
    }));

  const actor = actorOf(ctx);
  try {
    return await retryOnDeadlock(() =>
      deps.db.db.transaction(async (tx) => {
        await lockAgents(tx, [agent.id]);
        const seriesId = await seriesRepo.insertSeries(tx, {
          clinicId: clinic.id,
          patientId: patient.id,
          staffId: agent.id,
          rrule: body.recurrence.rrule.trim().replace(/^RRULE:/i, ''),
          dtstart: new Date(body.date),
          timezone: clinic.timezone,
          duration,
          serviceId: plan.service.id,
          createdBy: actor.userId,
          createdAt: now,
        });
        const written = await insertAppointments(
          tx,
          deps,
          actor,
          chosen.map((occurrence) => ({
            clinic,
            patient,
            agent,
            start: occurrence.start,
            duration,
            notes: body.metadata?.notes || null,
            series: { id: seriesId, index: occurrence.index },
            service: plan.service,
          })),
          now,
          // One message for the whole series, listing every date, rather than one per visit.
          (visits) =>
            outboxRow('series_booked', {
              appointmentId: visits[0]!.appointmentId,
              clinic: { id: clinic.id, name: clinic.name, timezone: clinic.timezone },
              start: visits[0]!.start,
              durationMinutes: duration,
              token: visits[0]!.token,
              patient: { name: personName(patient), email: patient.email },
              staff: { name: agent.name, email: agent.email },
              sequence: 0,
              visits,
            }),
        );
        const answer: SeriesCreated = { seriesId, created: written.map((w) => w.view), skipped };
        await remember(tx, { status: 201, body: answer });
        return answer;
      }),
    );
  } catch (err) {
    if (!isBookingConflict(err)) throw err;
    // Someone booked one of the dates between the check and the insert: name it.
    const again = await planSeries(deps, ctx, body);
    const chosenAgain = again.occurrences.filter((o) => !skip.has(o.localDate));
    const refusal = firstRefusal(chosenAgain, clinic.timezone, agent.name);
    if (refusal) throw refusal;
    throw conflict('One of these times was just booked by someone else. Preview the series again.');
  }
}
