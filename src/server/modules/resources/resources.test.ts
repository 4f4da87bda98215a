import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { resourcesResponse, resourceView, type ResourceView } from '@contracts/resources';
import { serviceView } from '@contracts/services';
import * as t from '../../db/schema';
import { apiAs, type Api } from '../../test/api-client';
import { auditOfRecord } from '../../test/audited-records';
import { createSignInUser } from '../../test/auth-helpers';
import { clinicDataVersion } from '../../test/data-version';
import { useScenario, useTestApp } from '../../test/test-app';

const env = useTestApp({ now: '2026-11-23T12:00:00Z' });
const { s, staff, admin, provider } = useScenario(env, 'admin', 'provider');

const base = () => `/api/clinics/${s.clinic.id}/resources`;

const treatmentRoom = () => ({
  name: 'Treatment room 1',
  kind: 'room',
  category: 'Treatment room',
  weekly: [
    { weekday: 2, start: '08:00', end: '12:00' },
    { weekday: 1, start: '08:00', end: '18:00' },
  ],
});

const ultrasound = () => ({ name: 'Ultrasound', kind: 'equipment', category: 'Ultrasound' });

async function create(as: Api, body: object = treatmentRoom()): Promise<ResourceView> {
  const res = await as.post(base(), body);
  expect(res.statusCode, res.body).toBe(201);
  return resourceView.parse(res.json());
}

async function list(as: Api, query = ''): Promise<ResourceView[]> {
  const res = await as.get(`${base()}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return resourcesResponse.parse(res.json()).data;
}

const auditOf = (resourceId: string) => auditOfRecord(env.db, 'resource', resourceId);

/** Everything stored of the clinic's resources: what a refusal must leave as it was. */
const stored = () =>
  Promise.all([
    env.db.select().from(t.resources).orderBy(t.resources.id),
    env.db.select().from(t.resourceTimeOff).orderBy(t.resourceTimeOff.id),
    env.db.select().from(t.auditLog).where(eq(t.auditLog.entityType, 'resource')),
  ]);

const dataVersion = (clinicId: string) => clinicDataVersion(env.db, clinicId);

const service = (need: object) => ({
  name: 'Physiotherapy',
  durations: [45],
  kind: 'in_person',
  ...need,
});

describe('a clinic’s rooms and equipment', () => {
  it('are added by an admin with their own hours or none, listed by name to all staff, audited', async () => {
    const before = await dataVersion(s.clinic.id);
    const room = await create(admin);
    expect(room).toEqual({
      id: expect.any(String),
      clinicId: s.clinic.id,
      name: 'Treatment room 1',
      kind: 'room',
      category: 'Treatment room',
      // Kept in weekday order.
      weekly: [
        { weekday: 1, start: '08:00', end: '18:00' },
        { weekday: 2, start: '08:00', end: '12:00' },
      ],
      timeOff: [],
      archived: false,
      version: 1,
    });
    const machine = await create(admin, { ...ultrasound(), name: '  Ultrasound  ' });
    expect(machine).toMatchObject({ name: 'Ultrasound', kind: 'equipment', weekly: null });
    for (const as of [staff, provider, admin]) {
      expect((await list(as)).map((r) => r.name)).toEqual(['Treatment room 1', 'Ultrasound']);
    }
    expect(await auditOf(room.id)).toEqual([
      {
        action: 'create',
        userId: s.admin.id,
        details: { name: 'Treatment room 1', kind: 'room', clinicId: s.clinic.id },
      },
    ]);
    expect(await dataVersion(s.clinic.id)).toBeGreaterThan(before);
  });

  it('are changed whole at the version read; a stale version is a 409 that saves nothing', async () => {
    const room = await create(admin);
    const change = { ...treatmentRoom(), category: 'Gym', weekly: null, version: 1 };
    const res = await admin.put(`${base()}/${room.id}`, change);
    expect(res.statusCode, res.body).toBe(200);
    expect(resourceView.parse(res.json())).toMatchObject({
      category: 'Gym',
      weekly: null,
      version: 2,
    });
    const before = await stored();
    const stale = await admin.put(`${base()}/${room.id}`, { ...change, name: 'Room one' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      error: 'conflict',
      message:
        'Someone else changed this room or equipment since you opened it. Reload to see their changes, then make yours again.',
    });
    expect(await stored()).toEqual(before);
    const audit = await auditOf(room.id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    expect(audit[1]!.details).toEqual({
      name: 'Treatment room 1',
      changed: ['category', 'weekly'],
    });
    // The same again changes nothing and writes nothing, hours included.
    const same = await admin.put(`${base()}/${room.id}`, { ...change, version: 2 });
    expect(same.statusCode).toBe(200);
    expect(resourceView.parse(same.json()).version).toBe(2);
    const hours = { ...change, weekly: treatmentRoom().weekly, version: 2 };
    expect(
      resourceView.parse((await admin.put(`${base()}/${room.id}`, hours)).json()).version,
    ).toBe(3);
    const again = await admin.put(`${base()}/${room.id}`, { ...hours, version: 3 });
    expect(resourceView.parse(again.json()).version).toBe(3);
    expect((await auditOf(room.id)).map((a) => a.action)).toEqual(['create', 'update', 'update']);
  });

  it('refuse a name another active resource of the clinic has, whatever its case', async () => {
    await create(admin);
    const before = await stored();
    const res = await admin.post(base(), { ...ultrasound(), name: 'TREATMENT ROOM 1' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: 'conflict',
      message: 'This clinic already has a room or equipment called “TREATMENT ROOM 1”.',
      details: 'Choose another name, or change the one that has it.',
    });
    expect(await stored()).toEqual(before);
  });

  it('are archived and restored; a name taken meanwhile blocks a restore', async () => {
    const room = await create(admin);
    const archived = await admin.post(`${base()}/${room.id}/archive`);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(resourceView.parse(archived.json())).toMatchObject({ archived: true, version: 2 });
    expect(await list(staff)).toEqual([]);
    expect((await list(staff, '?archived=only')).map((r) => r.id)).toEqual([room.id]);
    expect((await list(staff, '?archived=include')).map((r) => r.id)).toEqual([room.id]);

    const second = await create(admin);
    const blocked = await admin.post(`${base()}/${room.id}/restore`);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe(
      'This clinic already has a room or equipment called “Treatment room 1”.',
    );
    await admin.post(`${base()}/${second.id}/archive`);
    const restored = await admin.post(`${base()}/${room.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(resourceView.parse(restored.json())).toMatchObject({ archived: false, version: 3 });
    expect((await auditOf(room.id)).map((a) => a.action)).toEqual(['create', 'archive', 'restore']);
  });

  it('are not archived while an active service names them, said in words', async () => {
    const machine = await create(admin, ultrasound());
    const made = await admin.post(`/api/clinics/${s.clinic.id}/services`, {
      ...service({ resourceId: machine.id }),
      name: 'Abdominal scan',
    });
    expect(made.statusCode, made.body).toBe(201);
    const before = await stored();
    const res = await admin.post(`${base()}/${machine.id}/archive`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      error: 'unprocessable',
      message: 'Ultrasound cannot be archived: Abdominal scan needs it.',
      details: 'Change what that service needs under Services first, then archive it.',
    });
    expect(await stored()).toEqual(before);
    // Once the service is archived, the machine may go.
    await admin.post(
      `/api/clinics/${s.clinic.id}/services/${serviceView.parse(made.json()).id}/archive`,
    );
    expect((await admin.post(`${base()}/${machine.id}/archive`)).statusCode).toBe(200);
  });
});

describe('the last of a category a service needs', () => {
  it('is not archived, said in words; another of its category lets it go', async () => {
    const room1 = await create(admin);
    const made = await admin.post(
      `/api/clinics/${s.clinic.id}/services`,
      service({ resourceCategory: 'treatment room' }),
    );
    expect(made.statusCode, made.body).toBe(201);
    const before = await stored();
    const res = await admin.post(`${base()}/${room1.id}/archive`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      error: 'unprocessable',
      message:
        'Treatment room 1 cannot be archived: it is the clinic’s last “Treatment room”, and Physiotherapy needs one.',
      details:
        'Add another “Treatment room”, or change what that service needs under Services, then archive it.',
    });
    expect(await stored()).toEqual(before);
    const room2 = await create(admin, { ...treatmentRoom(), name: 'Treatment room 2' });
    expect((await admin.post(`${base()}/${room1.id}/archive`)).statusCode).toBe(200);
    expect((await admin.post(`${base()}/${room2.id}/archive`)).statusCode).toBe(422);
  });

  it('is kept by one of two archivings made at once, four times over', async () => {
    for (let round = 0; round < 4; round++) {
      const [a, b] = [
        await create(admin, { ...treatmentRoom(), name: `Room ${round}a` }),
        await create(admin, { ...treatmentRoom(), name: `Room ${round}b` }),
      ];
      if (round === 0) {
        const made = await admin.post(
          `/api/clinics/${s.clinic.id}/services`,
          service({ resourceCategory: 'Treatment room' }),
        );
        expect(made.statusCode, made.body).toBe(201);
      }
      const active = async () =>
        (await list(staff)).filter((r) => r.category === 'Treatment room').map((r) => r.id);
      // Only a and b of the category are active: archive the others first.
      for (const id of await active()) {
        if (id !== a!.id && id !== b!.id) await admin.post(`${base()}/${id}/archive`);
      }
      const answers = await Promise.all([
        admin.post(`${base()}/${a!.id}/archive`),
        admin.post(`${base()}/${b!.id}/archive`),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
      expect(await active()).toHaveLength(1);
    }
  });
});

describe('time off', () => {
  it('is added and removed by an admin; the view lists what has not ended, soonest first', async () => {
    const room = await create(admin);
    const later = await admin.post(`${base()}/${room.id}/time-off`, {
      start: '2026-12-10T09:00:00Z',
      end: '2026-12-10T17:00:00Z',
      reason: '  Painting  ',
    });
    expect(later.statusCode, later.body).toBe(201);
    const sooner = await admin.post(`${base()}/${room.id}/time-off`, {
      start: '2026-11-23T08:00:00-05:00',
      end: '2026-11-24T08:00:00-05:00',
    });
    expect(sooner.statusCode, sooner.body).toBe(201);
    const view = resourceView.parse(sooner.json());
    expect(view.timeOff).toEqual([
      {
        id: expect.any(String),
        start: '2026-11-23T13:00:00.000Z',
        end: '2026-11-24T13:00:00.000Z',
        reason: null,
      },
      {
        id: expect.any(String),
        start: '2026-12-10T09:00:00.000Z',
        end: '2026-12-10T17:00:00.000Z',
        reason: 'Painting',
      },
    ]);
    // Time off already over is kept but not shown.
    await env.db.insert(t.resourceTimeOff).values({
      resourceId: room.id,
      clinicId: s.clinic.id,
      startAt: new Date('2026-11-01T09:00:00Z'),
      endAt: new Date('2026-11-02T09:00:00Z'),
    });
    expect((await list(staff))[0]!.timeOff).toHaveLength(2);
    // It does not stand in the way of new time off that began meanwhile.
    const running = await admin.post(`${base()}/${room.id}/time-off`, {
      start: '2026-11-02T08:00:00Z',
      end: '2026-11-23T12:30:00Z',
    });
    expect(running.statusCode, running.body).toBe(201);
    expect(resourceView.parse(running.json()).timeOff.map((o) => o.start)).toEqual([
      '2026-11-02T08:00:00.000Z',
      '2026-11-23T13:00:00.000Z',
      '2026-12-10T09:00:00.000Z',
    ]);

    const removed = await admin.call(
      'DELETE',
      `${base()}/${room.id}/time-off/${view.timeOff[1]!.id}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(resourceView.parse(removed.json()).timeOff.map((o) => o.start)).toEqual([
      '2026-11-02T08:00:00.000Z',
      '2026-11-23T13:00:00.000Z',
    ]);
    const again = await admin.call(
      'DELETE',
      `${base()}/${room.id}/time-off/${view.timeOff[1]!.id}`,
    );
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Time off not found.');
    expect((await auditOf(room.id)).map((a) => a.action)).toEqual([
      'create',
      'create',
      'create',
      'create',
      'remove',
    ]);
  });

  it('refuses an end before its start, time already over and an overlap, saving nothing', async () => {
    const room = await create(admin);
    await admin.post(`${base()}/${room.id}/time-off`, {
      start: '2026-12-10T09:00:00Z',
      end: '2026-12-10T17:00:00Z',
    });
    const before = await stored();
    const backwards = await admin.post(`${base()}/${room.id}/time-off`, {
      start: '2026-12-11T17:00:00Z',
      end: '2026-12-11T09:00:00Z',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().details).toContain('must be after the start');

    const past = await admin.post(`${base()}/${room.id}/time-off`, {
      start: '2026-11-20T09:00:00Z',
      end: '2026-11-21T09:00:00Z',
    });
    expect(past.statusCode).toBe(422);
    expect(past.json().message).toBe(
      'This time off has already ended: only time to come can be taken off.',
    );

    const overlap = await admin.post(`${base()}/${room.id}/time-off`, {
      start: '2026-12-10T16:00:00Z',
      end: '2026-12-10T18:00:00Z',
    });
    expect(overlap.statusCode).toBe(422);
    expect(overlap.json()).toMatchObject({
      message: 'This time off overlaps time off already set.',
      details: expect.stringMatching(
        /^It is already out of use from Thursday, December 10, 2026 at 4:00 AM/,
      ),
    });

    for (const body of [
      { start: 'tomorrow', end: '2026-12-11T09:00:00Z' },
      { start: '2026-12-11T09:00:00Z', end: '2026-12-12T09:00:00Z', reason: 'x'.repeat(301) },
    ]) {
      expect((await admin.post(`${base()}/${room.id}/time-off`, body)).statusCode).toBe(400);
    }
    expect(await stored()).toEqual(before);
  });
});

describe('hostile or mistaken input', () => {
  it.each(
    (
      [
        [{ name: '' }, 'Name must not be empty.'],
        [{ name: '    ' }, 'Name must not be empty.'],
        [{ name: 'x'.repeat(81) }, 'Name must be at most 80 characters long.'],
        [{ name: 'Room\u202e1' }, 'Name'],
        [{ name: 'Room\n1' }, 'Name'],
        [{ category: ' ' }, 'Category must not be empty.'],
        [{ category: 'x'.repeat(81) }, 'Category must be at most 80 characters long.'],
        [{ kind: 'closet' }, 'Kind must be room or equipment.'],
        [{ weekly: [{ weekday: 7, start: '09:00', end: '17:00' }] }, 'weekday from 0 (Sunday)'],
        [{ weekly: [{ weekday: 1, start: '9am', end: '17:00' }] }, 'must be a time such as 09:00'],
        [
          { weekly: [{ weekday: 1, start: '09:00', end: '09:00' }] },
          'End time must differ from start time.',
        ],
        [
          {
            weekly: [
              { weekday: 1, start: '09:00', end: '13:00' },
              { weekday: 1, start: '12:00', end: '17:00' },
            ],
          },
          'Monday',
        ],
        [
          {
            weekly: Array.from({ length: 51 }, () => ({
              weekday: 1,
              start: '09:00',
              end: '10:00',
            })),
          },
          'Weekly',
        ],
      ] as Array<[object, string]>
    ).map(([change, words]) => [words, change] as const),
  )('is refused in words, nothing saved: %s', async (words, change) => {
    const before = await stored();
    const res = await admin.post(base(), { ...treatmentRoom(), ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().details).toContain(words);
    expect(await stored()).toEqual(before);
  });

  it('keeps a refused change from touching the resource', async () => {
    const room = await create(admin);
    const before = await stored();
    const res = await admin.put(`${base()}/${room.id}`, {
      ...treatmentRoom(),
      weekly: [
        { weekday: 6, start: '22:00', end: '06:00' },
        { weekday: 0, start: '05:00', end: '07:00' },
      ],
      version: 1,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The hours cannot be saved; fix the problems listed.');
    expect(await stored()).toEqual(before);
  });
});

describe('who may manage a clinic’s rooms and equipment', () => {
  it('lets front-desk staff and providers list them but not change them', async () => {
    const room = await create(admin);
    const before = await stored();
    for (const as of [staff, provider]) {
      const attempts = [
        await as.post(base(), ultrasound()),
        await as.put(`${base()}/${room.id}`, { ...treatmentRoom(), version: 1 }),
        await as.post(`${base()}/${room.id}/archive`),
        await as.post(`${base()}/${room.id}/restore`),
        await as.post(`${base()}/${room.id}/time-off`, {
          start: '2026-12-10T09:00:00Z',
          end: '2026-12-10T17:00:00Z',
        }),
      ];
      expect(attempts.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403]);
    }
    expect(await stored()).toEqual(before);
  });

  it('answers 404 for another clinic’s, to its admins and to everyone else, changing nothing', async () => {
    const other = await createSignInUser(env.db, { role: 'admin', clinicIds: [s.foreign.id] });
    const otherAdmin = await apiAs(env.app, other.email);
    const foreignBase = `/api/clinics/${s.foreign.id}/resources`;
    const made = await otherAdmin.post(foreignBase, ultrasound());
    expect(made.statusCode, made.body).toBe(201);
    const theirs = resourceView.parse(made.json());
    const theirOff = await otherAdmin.post(`${foreignBase}/${theirs.id}/time-off`, {
      start: '2026-12-10T09:00:00Z',
      end: '2026-12-10T17:00:00Z',
    });
    const theirOffId = resourceView.parse(theirOff.json()).timeOff[0]!.id;
    const mine = await create(admin);
    const before = await stored();

    const offBody = { start: '2026-12-11T09:00:00Z', end: '2026-12-11T17:00:00Z' };
    const tries = [
      // The admin of clinic A at clinic B's path…
      await staff.get(foreignBase),
      await admin.get(foreignBase),
      await admin.post(foreignBase, treatmentRoom()),
      await admin.put(`${foreignBase}/${theirs.id}`, { ...ultrasound(), version: 1 }),
      await admin.post(`${foreignBase}/${theirs.id}/archive`),
      await admin.post(`${foreignBase}/${theirs.id}/time-off`, offBody),
      await admin.call('DELETE', `${foreignBase}/${theirs.id}/time-off/${theirOffId}`),
      // …and at their own path with B's resource or time off.
      await admin.put(`${base()}/${theirs.id}`, { ...ultrasound(), version: 1 }),
      await admin.post(`${base()}/${theirs.id}/archive`),
      await admin.post(`${base()}/${theirs.id}/restore`),
      await admin.post(`${base()}/${theirs.id}/time-off`, offBody),
      await admin.call('DELETE', `${base()}/${theirs.id}/time-off/${theirOffId}`),
      await admin.call('DELETE', `${base()}/${mine.id}/time-off/${theirOffId}`),
      await otherAdmin.post(`${base()}/${mine.id}/archive`),
      await otherAdmin.put(`${foreignBase}/${mine.id}`, { ...treatmentRoom(), version: 1 }),
    ];
    expect(tries.map((r) => r.statusCode)).toEqual(tries.map(() => 404));
    const messages = tries.map((r) => r.json().message);
    expect(messages).toContain('Clinic not found.');
    expect(messages).toContain('Room or equipment not found.');
    expect(messages).toContain('Time off not found.');
    expect(await stored()).toEqual(before);
  });
});

describe('two admins at once', () => {
  it('save one of two changes made at the same version; the other is told to reload', async () => {
    const room = await create(admin);
    const second = await apiAs(env.app, s.admin.email);
    const change = (name: string) => ({ ...treatmentRoom(), name, version: 1 });
    const answers = await Promise.all([
      admin.put(`${base()}/${room.id}`, change('Room A')),
      second.put(`${base()}/${room.id}`, change('Room B')),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await list(admin))[0]!.version).toBe(2);
    expect((await auditOf(room.id)).map((a) => a.action)).toEqual(['create', 'update']);
  });

  it('add one of two resources given the same name at the same moment', async () => {
    const second = await apiAs(env.app, s.admin.email);
    const answers = await Promise.all([
      admin.post(base(), treatmentRoom()),
      second.post(base(), treatmentRoom()),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await list(admin)).toHaveLength(1);
  });

  it('never leave a service needing an archived resource, whichever commits first', async () => {
    const machine = await create(admin, ultrasound());
    const second = await apiAs(env.app, s.admin.email);
    const [archived, needed] = await Promise.all([
      admin.post(`${base()}/${machine.id}/archive`),
      second.post(`/api/clinics/${s.clinic.id}/services`, service({ resourceId: machine.id })),
    ]);
    const outcome = [archived.statusCode, needed.statusCode];
    expect([
      [200, 422],
      [422, 201],
    ]).toContainEqual(outcome);
    const [row] = await env.db
      .select({ archivedAt: t.resources.archivedAt })
      .from(t.resources)
      .where(eq(t.resources.id, machine.id));
    const naming = await env.db
      .select({ id: t.services.id })
      .from(t.services)
      .where(eq(t.services.resourceId, machine.id));
    expect(row!.archivedAt === null).toBe(naming.length === 1);
  });
});

describe('what a service needs', () => {
  const services = () => `/api/clinics/${s.clinic.id}/services`;
  const servicesStored = () => env.db.select().from(t.services).orderBy(t.services.id);

  it('is a category the clinic has (as it writes it), one of its resources, or nothing', async () => {
    await create(admin);
    const machine = await create(admin, ultrasound());
    const byCategory = await admin.post(
      services(),
      service({ resourceCategory: ' treatment ROOM ' }),
    );
    expect(byCategory.statusCode, byCategory.body).toBe(201);
    expect(serviceView.parse(byCategory.json())).toMatchObject({
      resourceCategory: 'Treatment room',
      resourceId: null,
    });
    const byOne = await admin.post(services(), {
      ...service({ resourceId: machine.id.toUpperCase() }),
      name: 'Abdominal scan',
    });
    expect(byOne.statusCode, byOne.body).toBe(201);
    expect(serviceView.parse(byOne.json())).toMatchObject({
      resourceCategory: null,
      resourceId: machine.id,
    });
    const nothing = await admin.post(services(), {
      ...service({ resourceCategory: '   ', resourceId: null }),
      name: 'Video follow-up',
    });
    expect(nothing.statusCode, nothing.body).toBe(201);
    expect(serviceView.parse(nothing.json())).toMatchObject({
      resourceCategory: null,
      resourceId: null,
    });

    // Changed from a category to the machine, then to nothing.
    const made = serviceView.parse(byCategory.json());
    const changed = await admin.put(`${services()}/${made.id}`, {
      ...service({ resourceId: machine.id, resourceCategory: null }),
      version: 1,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(serviceView.parse(changed.json())).toMatchObject({ resourceId: machine.id, version: 2 });
    const cleared = await admin.put(`${services()}/${made.id}`, { ...service({}), version: 2 });
    expect(serviceView.parse(cleared.json())).toMatchObject({
      resourceCategory: null,
      resourceId: null,
      version: 3,
    });
  });

  it('refuses, in words and saving nothing, what no active resource of the clinic answers', async () => {
    const room = await create(admin);
    const archivedRoom = await create(admin, {
      ...treatmentRoom(),
      name: 'Old room',
      category: 'Sauna',
    });
    await admin.post(`${base()}/${archivedRoom.id}/archive`);
    const other = await createSignInUser(env.db, { role: 'admin', clinicIds: [s.foreign.id] });
    const otherAdmin = await apiAs(env.app, other.email);
    const theirs = resourceView.parse(
      (await otherAdmin.post(`/api/clinics/${s.foreign.id}/resources`, ultrasound())).json(),
    );
    const before = await servicesStored();

    const cases: Array<[object, number, string]> = [
      [{ resourceId: theirs.id }, 422, 'The chosen room or equipment is not one of this clinic’s.'],
      [
        { resourceId: archivedRoom.id },
        422,
        'The chosen room or equipment is not one of this clinic’s.',
      ],
      [
        { resourceId: crypto.randomUUID() },
        422,
        'The chosen room or equipment is not one of this clinic’s.',
      ],
      [
        { resourceCategory: 'Ultrasound' },
        422,
        'No room or equipment of this clinic is a “Ultrasound”.',
      ],
      [{ resourceCategory: 'Sauna' }, 422, 'No room or equipment of this clinic is a “Sauna”.'],
      [
        { resourceCategory: 'Treatment room', resourceId: room.id },
        400,
        'choose either a category of rooms or equipment or one of them, not both',
      ],
      [{ resourceId: 'room-1' }, 400, 'must be a valid id'],
      [{ resourceCategory: 'x'.repeat(81) }, 400, 'at most 80 characters'],
    ];
    for (const [need, status, words] of cases) {
      const res = await admin.post(services(), service(need));
      expect(res.statusCode, res.body).toBe(status);
      expect(`${res.json().message} ${res.json().details ?? ''}`).toContain(words);
    }
    expect(await servicesStored()).toEqual(before);
  });

  it('keeps a need already saved when other fields change, even once its resource is gone', async () => {
    const machine = await create(admin, ultrasound());
    const made = serviceView.parse(
      (await admin.post(services(), service({ resourceId: machine.id }))).json(),
    );
    await admin.post(`${services()}/${made.id}/archive`);
    expect((await admin.post(`${base()}/${machine.id}/archive`)).statusCode).toBe(200);
    const renamed = await admin.put(`${services()}/${made.id}`, {
      ...service({ resourceId: machine.id }),
      name: 'Physio',
      version: 2,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(serviceView.parse(renamed.json())).toMatchObject({
      name: 'Physio',
      resourceId: machine.id,
    });
  });
});
