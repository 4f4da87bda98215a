// The service a booking is for, read with what its rules need (issue 42, ADR 044): every booking
// path (staff create, change, series, waitlist, self-service, online booking, FHIR) asks here, so
// the lengths, buffers and who offers it are decided once.
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  bookingDuration,
  describeDurations,
  offersService,
  type ServiceKind,
  type ServiceRules,
} from '@domain/services';
import { resourceNeedOf, type ResourceNeed } from '@domain/resources';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import * as t from '../../db/schema';
import { unprocessable } from '../../errors';

export interface BookingService extends ServiceRules {
  id: string;
  name: string;
  kind: ServiceKind;
  colour: string;
  location: string | null;
  instructions: string | null;
  archived: boolean;
  /** The room or equipment it needs besides its provider (ADR 045). */
  need: ResourceNeed;
}

const agentsOf = sql<
  Array<{ agentId: string; durationMinutes: number | null }>
>`coalesce((select json_agg(json_build_object('agentId', sa.agent_id, 'durationMinutes', sa.duration_minutes))
  from ${t.serviceAgents} sa where sa.service_id = ${t.services.id}), '[]'::json)`;

function selectServices(db: Executor) {
  const s = t.services;
  return db
    .select({
      id: s.id,
      name: s.name,
      kind: s.kind,
      colour: s.colour,
      location: s.location,
      instructions: s.instructions,
      durations: s.durations,
      bufferBeforeMinutes: s.bufferBeforeMinutes,
      bufferAfterMinutes: s.bufferAfterMinutes,
      offeredByAll: s.offeredByAll,
      isDefault: s.isDefault,
      archivedAt: s.archivedAt,
      resourceCategory: s.resourceCategory,
      resourceId: s.resourceId,
      agents: agentsOf,
    })
    .from(s);
}

type ServiceRow = Awaited<ReturnType<ReturnType<typeof selectServices>['where']>>[number];

function toBookingService(row: ServiceRow): BookingService {
  const { archivedAt, kind, resourceCategory, resourceId, ...rest } = row;
  return {
    ...rest,
    kind: kind as ServiceKind,
    archived: archivedAt !== null,
    need: resourceNeedOf({ resourceCategory, resourceId }),
  };
}

export const UNKNOWN_SERVICE =
  'This service is not offered at this clinic. Pick one of its services.';
export const ARCHIVED_SERVICE =
  'This service is no longer offered (it was archived). Pick one of the clinic’s services.';

/**
 * The service asked for at the clinic, or the clinic's default when none is named (the spec's
 * create body names none and books as it always has). Another clinic's or an unknown service is
 * refused in the same words, so ids of other clinics reveal nothing; an archived one is refused
 * for new bookings.
 */
export async function requireBookingService(
  db: Executor,
  clinicId: string,
  serviceId: string | null | undefined,
): Promise<BookingService> {
  const service = await findService(db, clinicId, serviceId);
  if (!service) throw unprocessable(UNKNOWN_SERVICE);
  if (service.archived) throw unprocessable(ARCHIVED_SERVICE);
  return service;
}

/**
 * The service an appointment already has (null: the clinic's default, as for every appointment
 * booked before services), archived or not: a change keeps what was booked.
 */
export async function serviceOfAppointment(
  db: Executor,
  clinicId: string,
  serviceId: string | null,
): Promise<BookingService> {
  const service = await findService(db, clinicId, serviceId);
  if (!service) throw new Error(`clinic ${clinicId} has no service ${serviceId ?? '(default)'}`);
  return service;
}

/**
 * The clinic's service by id, or its default when no id is given. Prepared (db/prepared.ts):
 * every booking and every change of one reads it.
 */
async function findService(db: Executor, clinicId: string, serviceId: string | null | undefined) {
  const s = t.services;
  const inClinic = eq(s.clinicId, sql.placeholder('clinicId'));
  const [row] = serviceId
    ? await prepared(db, 'booking_service_by_id', (name) =>
        selectServices(db)
          .where(and(inClinic, eq(s.id, sql.placeholder('serviceId'))))
          .limit(1)
          .prepare(name),
      ).execute({ clinicId, serviceId })
    : await prepared(db, 'booking_service_default', (name) =>
        selectServices(db)
          .where(and(inClinic, eq(s.isDefault, true)))
          .limit(1)
          .prepare(name),
      ).execute({ clinicId });
  return row && toBookingService(row);
}

/** The clinic's active services, for a booking path that lists them (online booking, FHIR). */
export async function listBookingServices(db: Executor, clinicId: string) {
  const s = t.services;
  const rows = await selectServices(db)
    .where(and(eq(s.clinicId, clinicId), isNull(s.archivedAt)))
    .orderBy(sql`${s.isDefault} desc`, s.name);
  return rows.map(toBookingService);
}

/**
 * The length of a booking of `service` with the agent, refused in words when the agent does not
 * offer it or the length asked for is not one of its lengths.
 */
export function requireServiceLength(
  service: BookingService,
  agentId: string,
  asked: number | undefined,
): number {
  if (!offersService(service, agentId)) {
    throw unprocessable(
      `The chosen provider does not offer ${service.name}. Pick another provider or service.`,
    );
  }
  const length = bookingDuration(service, agentId, asked);
  if (!length.ok) {
    throw unprocessable(
      `${service.name} with the chosen provider takes ${describeDurations(length.allowed)}.`,
    );
  }
  return length.minutes;
}

/** The buffers a booking of the service keeps, as the slot engine and the row take them. */
export function bufferSettingsOf(
  service: Pick<ServiceRules, 'bufferBeforeMinutes' | 'bufferAfterMinutes'>,
) {
  return {
    bufferBeforeMinutes: service.bufferBeforeMinutes,
    bufferAfterMinutes: service.bufferAfterMinutes,
  };
}
