import type { Faker } from '@faker-js/faker';
import type { AppointmentStatus } from '@domain/appointment-status';
import { availabilityIntervals } from '@domain/schedule';
import { normalizeSearchText } from '@domain/search-text';
import type * as t from './schema';
import {
  PATIENTS_PER_CLINIC,
  SEED_WINDOW_DAYS,
  VISIT_NOTES,
  type DEMO_USERS,
  type DemoClinic,
} from './seed-plan';

// The demo's made-up records (patients, the appointments' plan and their histories), drawn from
// a seeded faker so every seed tells the same story; seed.ts writes them.

export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;

/**
 * A faker of each clinic's locale, so names and phones look local. Faker is loaded only to seed:
 * every start after the first (and every start on PostgreSQL) never reads its locale data.
 */
export async function loadFakers(): Promise<Record<DemoClinic['locale'], Faker>> {
  const { fakerEN_AU, fakerEN_GB, fakerEN_US } = await import('@faker-js/faker');
  return { en_US: fakerEN_US, en_GB: fakerEN_GB, en_AU: fakerEN_AU };
}

export function makePatients(
  faker: Faker,
  clinicId: string,
): Array<typeof t.patients.$inferInsert> {
  const seen = new Set<string>();
  return Array.from({ length: PATIENTS_PER_CLINIC }, (_, i) => {
    const firstName = faker.person.firstName();
    const lastName = faker.person.lastName();
    let email = faker.internet
      .email({ firstName, lastName, provider: 'example.com', allowSpecialCharacters: false })
      .toLowerCase();
    if (seen.has(email)) email = email.replace('@', `.${i}@`);
    seen.add(email);
    return {
      clinicId,
      firstName,
      lastName,
      email,
      dob: faker.date.birthdate({ mode: 'age', min: 1, max: 92 }).toISOString().slice(0, 10),
      phone: faker.phone.number({ style: 'national' }),
      source: faker.helpers.weightedArrayElement([
        { weight: 6, value: 'front-desk' },
        { weight: 3, value: 'referral' },
        { weight: 2, value: 'website' },
      ]),
      searchText: normalizeSearchText(firstName, lastName, email),
    };
  });
}

export interface PlannedAppointment {
  start: Date;
  duration: number;
  status: AppointmentStatus;
  bookedAt: Date;
  notes: string | null;
  rescheduledFrom: Date | null;
  reassigned: boolean;
}

export function planAppointments(
  faker: Faker,
  agent: {
    now: Date;
    timezone: string;
    weekly: NonNullable<(typeof DEMO_USERS)[number]['weekly']>;
  },
): PlannedAppointment[] {
  const from = new Date(agent.now.getTime() - SEED_WINDOW_DAYS * DAY);
  const to = new Date(agent.now.getTime() + SEED_WINDOW_DAYS * DAY);
  const intervals = availabilityIntervals(
    { timezone: agent.timezone, weekly: [...agent.weekly], overrides: [] },
    from,
    to,
  );
  const plans: PlannedAppointment[] = [];
  for (const interval of intervals) {
    let cursor = interval.start.getTime();
    while (cursor + 30 * MINUTE <= interval.end.getTime()) {
      if (faker.number.float() >= 0.35) {
        cursor += 30 * MINUTE;
        continue;
      }
      const fitsHour = cursor + 60 * MINUTE <= interval.end.getTime();
      const duration = fitsHour && faker.number.float() < 0.2 ? 60 : 30;
      plans.push(planOne(faker, new Date(cursor), duration, agent.now));
      cursor += duration * MINUTE;
    }
  }
  return plans;
}

function planOne(faker: Faker, start: Date, duration: number, now: Date): PlannedAppointment {
  const past = start.getTime() + duration * MINUTE <= now.getTime();
  const status = past
    ? faker.helpers.weightedArrayElement([
        { weight: 60, value: 'COMPLETED' as const },
        { weight: 10, value: 'NO_SHOW' as const },
        { weight: 10, value: 'CANCELLED' as const },
        { weight: 5, value: 'DISQUALIFIED' as const },
        { weight: 15, value: 'CONFIRMED' as const },
      ])
    : faker.helpers.weightedArrayElement([
        { weight: 50, value: 'BOOKED' as const },
        { weight: 15, value: 'SCHEDULED' as const },
        { weight: 25, value: 'CONFIRMED' as const },
        { weight: 10, value: 'CANCELLED' as const },
      ]);
  // Booked between one and fourteen days ahead, but never after "now".
  const leadDays = faker.number.int({ min: 1, max: 14 });
  const bookedAt = new Date(
    Math.min(
      start.getTime() - leadDays * DAY,
      now.getTime() - faker.number.int({ min: 1, max: 72 }) * 60 * MINUTE,
    ),
  );
  const rescheduled = faker.number.float() < 0.1;
  return {
    start,
    duration,
    status,
    bookedAt,
    notes: faker.number.float() < 0.3 ? faker.helpers.arrayElement(VISIT_NOTES) : null,
    rescheduledFrom: rescheduled
      ? new Date(start.getTime() - faker.number.int({ min: 1, max: 3 }) * DAY)
      : null,
    reassigned: faker.number.float() < 0.05,
  };
}

const CANCEL_REASONS = [
  'Patient requested a different day',
  'Provider unavailable',
  'Patient feeling better',
  'Transport problems',
];

type EventRow = Omit<typeof t.appointmentEvents.$inferInsert, 'appointmentId'>;

/** A history that tells the appointment's story in order, ending in its current status. */
export function historyFor(
  faker: Faker,
  plan: PlannedAppointment,
  now: Date,
  names: { bookerName: string; agentName: string; otherAgentName: string | null },
): EventRow[] {
  const events: EventRow[] = [{ type: 'BOOKED', at: plan.bookedAt, byName: names.bookerName }];
  let at = plan.bookedAt.getTime();
  const later = () => {
    const limit = Math.min(plan.start.getTime(), now.getTime());
    // bookedAt lies before both the start and now, so this never moves backwards.
    at = Math.min(at + faker.number.int({ min: 10, max: 600 }) * MINUTE, limit);
    return new Date(at);
  };
  if (plan.rescheduledFrom) {
    events.push({
      type: 'RESCHEDULE',
      at: later(),
      fromValue: plan.rescheduledFrom.toISOString(),
      toValue: plan.start.toISOString(),
      byName: names.bookerName,
    });
  }
  if (plan.reassigned && names.otherAgentName) {
    events.push({
      type: 'REASSIGN',
      at: later(),
      fromValue: names.otherAgentName,
      toValue: names.agentName,
      byName: names.bookerName,
    });
  }
  const end = new Date(plan.start.getTime() + plan.duration * MINUTE);
  switch (plan.status) {
    case 'SCHEDULED':
    case 'CONFIRMED':
      events.push({ type: plan.status, at: later(), byName: names.bookerName });
      break;
    case 'CANCELLED':
      events.push({
        type: 'CANCELLED',
        at: later(),
        reason: faker.helpers.arrayElement(CANCEL_REASONS),
        byName: names.bookerName,
      });
      break;
    case 'COMPLETED':
    case 'NO_SHOW':
    case 'DISQUALIFIED':
      events.push({ type: plan.status, at: end, byName: names.agentName });
      break;
    case 'BOOKED':
      break;
  }
  return events;
}
