// Rooms raced for across two app instances on one PostgreSQL (issue 42, ADR 045): providers
// booking the same moment through either instance get distinct rooms while rooms are left, and
// a 409 in words after; the resource's exclusion constraint decides, not either instance.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTwoInstances } from '../../test/test-app';
import { createSignInUser, signIn } from '../../test/auth-helpers';
import {
  bodyAgent,
  bodyPatient,
  clinicScenario,
  createBody,
  type ClinicScenario,
} from '../../test/scenario';
import { createPatient, createService } from '../../test/factories';
import * as t from '../../db/schema';
import type { App } from '../../app';

const instances = useTwoInstances({ now: new Date('2026-11-23T12:00:00Z') });
let s: ClinicScenario;
let agents: Array<ClinicScenario['provider']>;
let patients: Array<ClinicScenario['patient']>;
let cookie: string;
let physioId: string;

const everyDay = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
  weekday,
  start: '08:00',
  end: '18:00',
}));

beforeAll(async () => {
  const db = instances.testDb.handle.db;
  s = await clinicScenario(db);
  agents = [s.provider, s.nurse];
  for (let i = 0; i < 4; i++) {
    agents.push(
      await createSignInUser(db, {
        role: 'provider',
        name: `Dr. Race ${i}`,
        clinicIds: [s.clinic.id],
      }),
    );
  }
  await db
    .insert(t.schedules)
    .values(
      agents
        .slice(2)
        .map((a) => ({ agentId: a.id, timezone: 'America/New_York', weekly: everyDay })),
    );
  patients = [];
  for (let i = 0; i < agents.length; i++) patients.push(await createPatient(db, s.clinic.id));
  const physio = await createService(db, s.clinic.id, {
    durations: [45],
    bufferAfterMinutes: 15,
    kind: 'in_person',
    resourceCategory: 'Treatment room',
  });
  physioId = physio.id;
  cookie = await signIn(instances.a, s.staff.email);
});

async function addRooms(names: string[]) {
  return instances.testDb.handle.db
    .insert(t.resources)
    .values(names.map((name) => ({ clinicId: s.clinic.id, name, category: 'Treatment room' })))
    .returning();
}

/** Every agent books Physiotherapy at `start` at once, alternately through either instance. */
function raceAt(start: string) {
  return Promise.all(
    agents.map((agent, i) =>
      ((i % 2 ? instances.a : instances.b) as App).inject({
        method: 'POST',
        url: '/api/appointments',
        headers: { cookie },
        payload: createBody(s, start, {
          serviceId: physioId,
          duration: undefined,
          staff: bodyAgent(agent),
          patient: bodyPatient(s, patients[i]!),
        }),
      }),
    ),
  );
}

describe('a race for rooms across two instances', () => {
  it('gives one room to one provider, three rooms to three, and the others a 409 in words', async () => {
    const [only] = await addRooms(['Room 1']);
    const first = await raceAt('2026-11-24T15:00:00.000Z');
    expect(first.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const refused of first.filter((r) => r.statusCode === 409)) {
      expect(refused.json().message).toBe(
        'No treatment room is free at that time. Choose another time.',
      );
    }
    expect(first.find((r) => r.statusCode === 201)!.json().resourceId).toBe(only!.id);

    const more = await addRooms(['Room 2', 'Room 3']);
    const second = await raceAt('2026-11-24T18:00:00.000Z');
    const won = second.filter((r) => r.statusCode === 201);
    expect(won).toHaveLength(3);
    expect(new Set(won.map((r) => r.json().resourceId))).toEqual(
      new Set([only!.id, ...more.map((r) => r.id)]),
    );
    expect(second.filter((r) => r.statusCode === 409)).toHaveLength(3);
    const rows = await instances.testDb.handle.db
      .select({ id: t.appointments.id })
      .from(t.appointments)
      .where(eq(t.appointments.clinicId, s.clinic.id));
    expect(rows).toHaveLength(4);
  });
});
