// The one home of appointment writes (docs/architecture.md, "Appointment writes"): every way of
// booking or changing an appointment checks its own rules, then hands the write to this file,
// which writes the row and everything that goes with it in the caller's transaction, in one order.
import { randomUUID } from 'node:crypto';
import { INITIAL_APPOINTMENT_STATUS } from '@domain/appointment-status';
import { APPOINTMENT_SOURCE, type Appointment } from '@contracts/appointments';
import type { AppDeps } from '../../app-deps';
import type { Executor } from '../../db/client';
import { holdPatientsForBooking } from '../../db/patient-hold';
import type * as t from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { newSessionToken } from '../../security/session-token';
import { recordAudit, type AuditAction } from '../audit';
import {
  outboxRow,
  queueNotifications,
  remindersForNewAppointment,
  syncReminders,
  type OutboxInsert,
  type SeriesVisit,
} from '../notifications';
import { bookedForWaitlist, offerFreedTime } from '../waitlist';
import { appointmentWebhooksFor } from '../webhooks';
import { appointmentSnapshot } from './appointment-snapshot';
import { toAppointmentView } from './appointment-view';
import * as repo from './appointments.repository';
import {
  insertWithResource,
  planResources,
  resourcesForChange,
  writeWithResource,
  type ResourceVisit,
  type ResourceWish,
} from './resource-assignment';
import type { ResourceNeed } from '@domain/resources';
import { ONLINE_BOOKING_SOURCE } from '@domain/booking-channels';
import type { WriteActor } from './write-actor';

/** The answer when the appointment changed between reading it and writing the change. */
export const CHANGED_MEANWHILE =
  'This appointment was changed by someone else. Reload it and try again.';

/** A new appointment as its rules were checked: who, with whom, when, and what it says. */
export interface NewAppointment {
  clinic: { id: string; slug: string; name: string; timezone: string };
  patient: {
    id: string;
    firstName: string;
    lastName: string;
    email: string | null;
    phone: string | null;
    source: string | null;
  };
  agent: { id: string; name: string; email: string };
  start: Date;
  duration: number;
  notes: string | null;
  /** Where the booking came from: "online" for the public page; this product's own otherwise. */
  source?: string;
  series?: { id: string; index: number };
  /**
   * What is booked, the buffers the row keeps from it (ADR 044) and the room or equipment it
   * needs (ADR 045; absent: none).
   */
  service: {
    id: string;
    name?: string;
    bufferBeforeMinutes: number;
    bufferAfterMinutes: number;
    need?: ResourceNeed;
  };
  /** The staff's choice of resource, or the one a hold kept; absent: the first free one. */
  resource?: ResourceWish;
  /** What the audit row adds, e.g. that staff booked over an outside busy time (ADR 053). */
  auditDetails?: Record<string, unknown>;
}

/** A new appointment as a visit that may need a resource. */
function resourceVisitOf(item: NewAppointment, namesDate: boolean): ResourceVisit {
  return {
    start: item.start,
    end: new Date(item.start.getTime() + item.duration * 60_000),
    bufferBeforeMinutes: item.service.bufferBeforeMinutes,
    bufferAfterMinutes: item.service.bufferAfterMinutes,
    need: item.service.need ?? { kind: 'none' },
    serviceName: item.service.name ?? 'This service',
    wish: item.resource,
    namesDate,
  };
}

export interface Written {
  id: string;
  token: string;
  view: Appointment;
}

/**
 * Writes new appointments of one clinic, one agent and one patient's booking (one visit, or the
 * visits of a series), each with its history, audit row, reminders, webhooks and waitlist hook.
 * The patient hears of each in its own confirmation, or of all at once through `confirmation`
 * (a series' one message listing every date).
 *
 * The first insert takes the agent's booking lock (the BEFORE INSERT trigger calls
 * lock_agent_bookings, db/locks.ts), and every other booking of the agent waits for it until this
 * transaction ends; so what can be read or written without the appointment's row (the clinic's
 * reminder policy, its webhook subscriptions, the audit row) comes before the insert (ADR 027).
 */
export async function insertAppointments(
  tx: Executor,
  deps: Pick<AppDeps, 'config'>,
  actor: WriteActor,
  items: readonly NewAppointment[],
  now: Date,
  confirmation?: (visits: SeriesVisit[]) => OutboxInsert,
): Promise<Written[]> {
  const first = items[0];
  if (!first) return [];
  // A merge of the patient's record decides against this booking here (ADR 042).
  await holdPatientsForBooking(
    tx,
    items.map((i) => i.patient.id),
  );
  // The resources each visit may take, read before the insert takes the agent's lock (ADR 027).
  const visits = items.map((item) => resourceVisitOf(item, items.length > 1));
  const resourcePlans = await planResources(tx, first.clinic, visits, now);
  const queueReminders = await remindersForNewAppointment(tx, first.clinic.id);
  const queueWebhooks = await appointmentWebhooksFor(tx, first.clinic.id, ['BOOKED']);
  const planned = items.map((item) => ({ item, id: randomUUID(), token: newSessionToken() }));
  await recordAudit(
    tx,
    { userId: actor.auditUserId, ip: actor.ip },
    planned.map(({ id, item }) => ({
      action: 'create' as const,
      entityType: 'appointment' as const,
      entityId: id,
      patientId: item.patient.id,
      ...(item.auditDetails ? { details: item.auditDetails } : {}),
    })),
    now,
  );
  const written: Written[] = [];
  for (const [index, { item, id, token }] of planned.entries()) {
    // The first free resource the database lets this visit have (insertWithResource).
    const appointment = await insertWithResource(tx, resourcePlans[index]!, (resourceId, skip) =>
      repo.insertAppointment(
        tx,
        {
          id,
          clinicId: item.clinic.id,
          patientId: item.patient.id,
          staffId: item.agent.id,
          startAt: item.start,
          endAt: new Date(item.start.getTime() + item.duration * 60_000),
          duration: item.duration,
          status: INITIAL_APPOINTMENT_STATUS,
          token,
          notes: item.notes,
          source: item.source ?? APPOINTMENT_SOURCE,
          channel: item.source === ONLINE_BOOKING_SOURCE ? 'online' : actor.channel,
          type: 'custom',
          createdBy: actor.userId,
          createdAt: now,
          updatedAt: now,
          seriesId: item.series?.id ?? null,
          seriesIndex: item.series?.index ?? null,
          serviceId: item.service.id,
          bufferBeforeMinutes: item.service.bufferBeforeMinutes,
          bufferAfterMinutes: item.service.bufferAfterMinutes,
          resourceId,
        },
        skip,
      ),
    );
    // Everything the booking's answer shows was just written: it is made, not read back.
    const row: repo.AppointmentRow = {
      appointment,
      patient: item.patient,
      agent: item.agent,
      clinic: item.clinic,
      history: [
        {
          type: 'BOOKED',
          timestamp: now.toISOString(),
          reason: null,
          from: null,
          to: null,
          by: actor.name,
        },
      ],
    };
    // A new appointment's messages are its first: sequence 0 (a change's is the version it changed).
    const snapshot = appointmentSnapshot(row, { sequence: 0 });
    const view = await writeWhatGoesWith(tx, actor, now, {
      id,
      events: [{ type: 'BOOKED' }],
      outbox: confirmation ? [] : [outboxRow('booked', snapshot)],
      reminders: () =>
        queueReminders(
          {
            id,
            startAt: appointment.startAt,
            patientName: snapshot.patient.name,
            patientEmail: snapshot.patient.email,
          },
          now,
        ),
      view: async () => toAppointmentView(row),
      webhooks: (view) => queueWebhooks(view, now),
      // A waiting patient booked into a time they wished for leaves the waitlist (ADR 019).
      waitlist: () =>
        bookedForWaitlist(tx, deps, {
          clinicId: item.clinic.id,
          patientId: item.patient.id,
          agentId: item.agent.id,
          appointmentId: id,
          start: item.start,
          now,
          by: { userId: actor.userId, name: actor.name },
        }),
    });
    written.push({ id, token, view });
  }
  if (confirmation) {
    const visits = written.map(({ id, token, view }) => ({
      appointmentId: id,
      start: view.date,
      durationMinutes: view.duration,
      token,
      sequence: 0,
    }));
    await queueNotifications(tx, [confirmation(visits)], now);
  }
  return written;
}

/** One change of an existing appointment, as its use case decided it. */
export interface Change {
  values: Partial<typeof t.appointments.$inferInsert>;
  events: AppointmentEvent[];
  outbox: OutboxInsert[];
  audit: AuditAction;
  /** What the audit row adds to who, when and which record, e.g. a correction's from and to. */
  auditDetails?: Record<string, unknown>;
  /**
   * A rule that must be decided under the appointment's row lock, in the change's transaction
   * (a count that parallel changes would each read as it was before the others): it sees the
   * row as it now stands and throws to refuse.
   */
  guard?: ChangeGuard;
  /** The staff's choice of another room or equipment (ADR 045), checked like a new booking's. */
  resource?: { pick: string };
}

type AppointmentEvent = Omit<
  typeof t.appointmentEvents.$inferInsert,
  'appointmentId' | 'at' | 'byUserId' | 'byName'
>;

export type ChangeGuard = (
  tx: Executor,
  current: { startAt: Date; status: string },
) => Promise<void>;

/**
 * Writes one change of an appointment read before (`row`): the row only if nobody changed it
 * since, then what goes with it. A new time or agent needs the agent's booking lock taken first
 * (lockAgents), as `applyChanges` does.
 */
export async function writeChange(
  tx: Executor,
  deps: Pick<AppDeps, 'config'>,
  actor: WriteActor,
  item: {
    row: repo.AppointmentRow;
    change: Change;
    clinicIds: readonly string[];
    /** Other appointments that move in the same transaction (a series'). */
    movingWith?: readonly string[];
  },
  now: Date,
): Promise<Appointment> {
  const { row, change } = item;
  const id = row.appointment.id;
  if (change.guard) {
    // Parallel changes of this appointment queue here; each sees the ones before it committed.
    const current = await repo.lockAppointmentRow(tx, id);
    if (!current) throw notFound('Appointment not found');
    await change.guard(tx, current);
  }
  const resources = await resourcesForChange(tx, item, now);
  let resourceId = row.appointment.resourceId;
  const updated = await writeWithResource(tx, resources.plan, async (db, chosen) => {
    const written = await repo.updateAppointment(db, id, row.appointment.version, {
      ...change.values,
      ...(chosen !== null ? { resourceId: chosen } : {}),
      updatedAt: now,
    });
    if (written && chosen !== null) resourceId = chosen;
    return written;
  });
  if (!updated) throw conflict(CHANGED_MEANWHILE);
  // A new room or machine is history of its own, as a new provider is (RESOURCE_CHANGED).
  const events =
    resourceId !== row.appointment.resourceId
      ? [
          ...change.events,
          {
            type: 'RESOURCE_CHANGED',
            fromValue: await resources.nameOf(row.appointment.resourceId),
            toValue: await resources.nameOf(resourceId),
          },
        ]
      : change.events;
  const historyTypes = events.map((e) => e.type);
  const queueWebhooks = await appointmentWebhooksFor(tx, row.appointment.clinicId, historyTypes);
  const details = {
    ...change.auditDetails,
    ...(resourceId !== row.appointment.resourceId
      ? { resource: { from: row.appointment.resourceId, to: resourceId } }
      : {}),
    ...(actor.byPatient ? { by: 'patient' } : {}),
  };
  await recordAudit(
    tx,
    { userId: actor.auditUserId, ip: actor.ip },
    [
      {
        action: change.audit,
        entityType: 'appointment',
        entityId: id,
        patientId: row.patient.id,
        ...(Object.keys(details).length > 0 ? { details } : {}),
      },
    ],
    now,
  );
  return writeWhatGoesWith(tx, actor, now, {
    id,
    events,
    outbox: change.outbox,
    // A new time moves the reminders; a cancel or a mark withdraws them.
    reminders: async () => {
      if (change.values.startAt || change.values.status) await syncReminders(tx, id, now);
    },
    view: async () => {
      const changed = await repo.findAppointment(tx, id, [...item.clinicIds]);
      if (!changed) throw notFound('Appointment not found');
      return toAppointmentView(changed);
    },
    webhooks: (view) => queueWebhooks(view, now),
    // Time a cancel or a move leaves free goes to the waitlist (ADR 019).
    waitlist: () =>
      offerFreedTime(tx, deps, now, {
        appointmentId: id,
        before: row.appointment,
        after: change.values,
      }),
  });
}

/**
 * What every write of an appointment's row brings, in this order: its history entries, the
 * messages to send, the reminders, the appointment as it now stands, other systems' webhooks
 * (with that view, in the same transaction) and the waitlist's hook, whose offers come last.
 */
async function writeWhatGoesWith(
  tx: Executor,
  actor: WriteActor,
  now: Date,
  w: {
    id: string;
    events: AppointmentEvent[];
    outbox: OutboxInsert[];
    reminders: () => Promise<void>;
    view: () => Promise<Appointment>;
    webhooks: (view: Appointment) => Promise<void>;
    waitlist: () => Promise<void>;
  },
): Promise<Appointment> {
  await repo.insertEvents(
    tx,
    w.events.map((e) => ({
      ...e,
      appointmentId: w.id,
      at: now,
      byUserId: actor.userId,
      byName: actor.name,
    })),
  );
  await queueNotifications(tx, w.outbox, now);
  await w.reminders();
  const view = await w.view();
  await w.webhooks(view);
  await w.waitlist();
  return view;
}
