import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { servicesResponse, serviceView, type ServiceView } from '@contracts/services';
import * as t from '../../db/schema';
import { apiAs, type Api } from '../../test/api-client';
import { auditOfRecord } from '../../test/audited-records';
import { createSignInUser } from '../../test/auth-helpers';
import { clinicDataVersion } from '../../test/data-version';
import { useScenario, useTestApp } from '../../test/test-app';

const env = useTestApp({ now: '2026-11-23T12:00:00Z' });
const { s, staff, admin, provider } = useScenario(env, 'admin', 'provider');

const base = () => `/api/clinics/${s.clinic.id}/services`;

const physiotherapy = () => ({
  name: 'Physiotherapy',
  durations: [45],
  bufferAfterMinutes: 15,
  kind: 'in_person',
  location: 'Treatment room 2',
  colour: '#16A34A',
  offeredByAll: false,
  agents: [{ id: s.provider.id, durationMinutes: 60 }, { id: s.nurse.id }],
  instructions: 'Wear loose clothing.',
});

async function create(as: Api, body: object = physiotherapy()): Promise<ServiceView> {
  const res = await as.post(base(), body);
  expect(res.statusCode, res.body).toBe(201);
  return serviceView.parse(res.json());
}

async function list(as: Api, query = ''): Promise<ServiceView[]> {
  const res = await as.get(`${base()}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return servicesResponse.parse(res.json()).data;
}

const auditOf = (serviceId: string) => auditOfRecord(env.db, 'service', serviceId);

const dataVersion = (clinicId: string) => clinicDataVersion(env.db, clinicId);

describe('a clinic’s services', () => {
  it('start with the default video visit, which every member of the clinic may list', async () => {
    for (const as of [staff, provider, admin]) {
      const services = await list(as);
      expect(services).toEqual([
        expect.objectContaining({
          clinicId: s.clinic.id,
          name: 'Video visit',
          durations: [30, 15, 45, 60],
          kind: 'video',
          offeredByAll: true,
          agents: [],
          isDefault: true,
          archived: false,
          version: 1,
        }),
      ]);
    }
  });

  it('are created by an admin, with who offers them by name, audited and versioned', async () => {
    const before = await dataVersion(s.clinic.id);
    const made = await create(admin);
    expect(made).toEqual({
      id: expect.any(String),
      clinicId: s.clinic.id,
      name: 'Physiotherapy',
      durations: [45],
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 15,
      kind: 'in_person',
      location: 'Treatment room 2',
      colour: '#16a34a',
      offeredByAll: false,
      agents: [
        { id: s.provider.id, name: 'Dr. Priya Raman', durationMinutes: 60 },
        { id: s.nurse.id, name: 'Nora Kelly', durationMinutes: null },
      ],
      bookableOnline: false,
      patientsAllowed: 'all',
      instructions: 'Wear loose clothing.',
      resourceCategory: null,
      resourceId: null,
      isDefault: false,
      archived: false,
      version: 1,
    });
    expect((await list(staff)).map((x) => x.name)).toEqual(['Video visit', 'Physiotherapy']);
    expect(await auditOf(made.id)).toEqual([
      {
        action: 'create',
        userId: s.admin.id,
        details: { name: 'Physiotherapy', clinicId: s.clinic.id },
      },
    ]);
    expect(await dataVersion(s.clinic.id)).toBeGreaterThan(before);
  });

  it('are changed whole at the version read, and a stale version is a 409 that saves nothing', async () => {
    const made = await create(admin);
    const change = {
      ...physiotherapy(),
      durations: [30, 45],
      bufferBeforeMinutes: 5,
      offeredByAll: true,
      agents: [],
      bookableOnline: true,
      patientsAllowed: 'existing',
      location: '  ',
      version: 1,
    };
    const res = await admin.put(`${base()}/${made.id}`, change);
    expect(res.statusCode, res.body).toBe(200);
    expect(serviceView.parse(res.json())).toMatchObject({
      durations: [30, 45],
      bufferBeforeMinutes: 5,
      offeredByAll: true,
      agents: [],
      bookableOnline: true,
      patientsAllowed: 'existing',
      location: null,
      version: 2,
    });
    const stale = await admin.put(`${base()}/${made.id}`, { ...change, name: 'Physio' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      'Someone else changed this service since you opened it. Reload to see their changes, then make yours again.',
    );
    expect((await list(admin)).find((x) => x.id === made.id)?.name).toBe('Physiotherapy');
    const audit = await auditOf(made.id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    expect(audit[1]!.details).toEqual({
      name: 'Physiotherapy',
      changed: [
        'durations',
        'bufferBeforeMinutes',
        'location',
        'offeredByAll',
        'bookableOnline',
        'patientsAllowed',
        'agents',
      ],
    });
  });

  it('refuse a name another active service of the clinic has, in a sentence', async () => {
    await create(admin);
    const res = await admin.post(base(), { ...physiotherapy(), name: 'physiotherapy' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: 'conflict',
      message: 'This clinic already has a service called “physiotherapy”.',
      details: 'Choose another name, or change the service that has it.',
    });
    // Another clinic may have the name.
    const other = await createSignInUser(env.db, { role: 'admin', clinicIds: [s.foreign.id] });
    const otherAdmin = await apiAs(env.app, other.email);
    const elsewhere = await otherAdmin.post(`/api/clinics/${s.foreign.id}/services`, {
      ...physiotherapy(),
      agents: [],
      offeredByAll: true,
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
  });

  it('are archived and restored, the default never, and a name taken meanwhile blocks a restore', async () => {
    const made = await create(admin);
    const archived = await admin.post(`${base()}/${made.id}/archive`);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(serviceView.parse(archived.json())).toMatchObject({ archived: true, version: 2 });
    expect((await list(staff)).map((x) => x.name)).toEqual(['Video visit']);
    expect((await list(staff, '?archived=only')).map((x) => x.name)).toEqual(['Physiotherapy']);
    expect((await list(staff, '?archived=include')).map((x) => x.name)).toEqual([
      'Video visit',
      'Physiotherapy',
    ]);

    // Its name is free again while it is archived; restoring it then would give two.
    const second = await create(admin);
    const blocked = await admin.post(`${base()}/${made.id}/restore`);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe(
      'This clinic already has a service called “Physiotherapy”.',
    );
    await admin.post(`${base()}/${second.id}/archive`);
    const restored = await admin.post(`${base()}/${made.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(serviceView.parse(restored.json())).toMatchObject({ archived: false, version: 3 });
    expect((await auditOf(made.id)).map((a) => a.action)).toEqual(['create', 'archive', 'restore']);

    const [standard] = await list(admin);
    const refused = await admin.post(`${base()}/${standard!.id}/archive`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      'The default service cannot be archived: it is what every booking made without a service is. Rename or change it instead.',
    );
  });

  it('let the default service be changed but keep it offered by everyone', async () => {
    const [standard] = await list(admin);
    const body = {
      name: 'Consultation',
      durations: [20],
      kind: 'phone',
      offeredByAll: true,
      version: standard!.version,
    };
    const res = await admin.put(`${base()}/${standard!.id}`, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Consultation', isDefault: true, kind: 'phone' });
    const narrowed = await admin.put(`${base()}/${standard!.id}`, {
      ...body,
      version: 2,
      offeredByAll: false,
      agents: [{ id: s.provider.id }],
    });
    expect(narrowed.statusCode).toBe(422);
    expect(narrowed.json().message).toMatch(/^The default service is offered by everyone/);
  });

  it('are offered only by the clinic’s own providers and nurses, named when refused', async () => {
    const res = await admin.post(base(), {
      ...physiotherapy(),
      agents: [{ id: s.staff.id }, { id: s.foreignAgent.id }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      error: 'unprocessable',
      message: 'Some chosen people cannot offer this service.',
      details:
        'Sam Ortiz does not see patients: only providers and nurses offer services. ' +
        `The user with id ${s.foreignAgent.id} is not a provider or nurse of this clinic.`,
    });
    expect(await list(admin)).toHaveLength(1);
  });

  it.each(
    (
      [
        [{ name: 'X' }, 'Name must be at least 2 characters long.'],
        [{ name: 'x'.repeat(81) }, 'Name must be at most 80 characters long.'],
        [{ durations: [] }, 'Durations choose at least one length.'],
        [{ durations: [30, 30] }, 'Durations choose each length once.'],
        [
          { durations: [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => n * 10) },
          'Durations choose at most 8',
        ],
        [{ durations: [4] }, 'must be at least 5 minutes'],
        [{ durations: [481] }, 'must be at most 8 hours'],
        [{ bufferAfterMinutes: 241 }, 'Buffer after minutes must be at most 240 minutes.'],
        [{ bufferBeforeMinutes: -5 }, 'Buffer before minutes must not be negative.'],
        [{ colour: 'green' }, 'Colour must be a colour such as #2563eb.'],
        [{ instructions: 'x'.repeat(2001) }, 'Instructions must be at most 2000 characters long.'],
        [{ location: 'x'.repeat(301) }, 'Location must be at most 300 characters long.'],
        [{ kind: 'house_call' }, 'Kind must be in person, video or phone.'],
        [
          { offeredByAll: false, agents: [] },
          'choose at least one provider or nurse, or offer it to everyone who sees patients',
        ],
      ] as Array<[object, string]>
    ).map(([change, words]) => [words, change] as const),
  )('refuse a wrong value in words: %s', async (words, change) => {
    const res = await admin.post(base(), { ...physiotherapy(), ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().details).toContain(words);
  });
});

describe('two admins at once', () => {
  it('save one of two changes made at the same version; the other is told to reload', async () => {
    const made = await create(admin);
    const second = await apiAs(env.app, s.admin.email);
    const change = (name: string) => ({ ...physiotherapy(), name, version: 1 });
    const answers = await Promise.all([
      admin.put(`${base()}/${made.id}`, change('Physiotherapy, long')),
      second.put(`${base()}/${made.id}`, change('Physiotherapy, short')),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const saved = (await list(admin)).find((x) => x.id === made.id)!;
    expect(saved.version).toBe(2);
    expect(saved.name).toBe(
      serviceView.parse(answers.find((r) => r.statusCode === 200)!.json()).name,
    );
    expect((await auditOf(made.id)).map((a) => a.action)).toEqual(['create', 'update']);
  });

  it('add one of two services given the same name at the same moment', async () => {
    const second = await apiAs(env.app, s.admin.email);
    const answers = await Promise.all([
      admin.post(base(), physiotherapy()),
      second.post(base(), physiotherapy()),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await list(admin)).filter((x) => x.name === 'Physiotherapy')).toHaveLength(1);
  });
});

describe('who may manage a clinic’s services', () => {
  it('lets front-desk staff and providers list them but not change them', async () => {
    const made = await create(admin);
    const [standard] = await list(staff);
    for (const as of [staff, provider]) {
      const attempts = [
        await as.post(base(), { ...physiotherapy(), name: 'Massage' }),
        await as.put(`${base()}/${made.id}`, { ...physiotherapy(), version: 1 }),
        await as.post(`${base()}/${made.id}/archive`),
        await as.post(`${base()}/${standard!.id}/restore`),
      ];
      expect(attempts.map((r) => r.statusCode)).toEqual([403, 403, 403, 403]);
    }
    expect((await list(admin)).map((x) => [x.name, x.version])).toEqual([
      ['Video visit', 1],
      ['Physiotherapy', 1],
    ]);
  });

  it('answers 404 for another clinic, to its admins and to everyone else', async () => {
    const other = await createSignInUser(env.db, { role: 'admin', clinicIds: [s.foreign.id] });
    const otherAdmin = await apiAs(env.app, other.email);
    const foreignBase = `/api/clinics/${s.foreign.id}/services`;
    const made = await otherAdmin.post(foreignBase, {
      name: 'Ultrasound',
      durations: [30],
      kind: 'in_person',
    });
    expect(made.statusCode, made.body).toBe(201);
    const foreignId = serviceView.parse(made.json()).id;

    // The admin of clinic A, at clinic B's path, and at their own path with B's service.
    const mine = await create(admin);
    const tries = [
      await staff.get(foreignBase),
      await admin.get(foreignBase),
      await admin.post(foreignBase, physiotherapy()),
      await admin.put(`${foreignBase}/${foreignId}`, { ...physiotherapy(), version: 1 }),
      await admin.post(`${foreignBase}/${foreignId}/archive`),
      await admin.put(`${base()}/${foreignId}`, { ...physiotherapy(), version: 1 }),
      await admin.post(`${base()}/${foreignId}/archive`),
      await otherAdmin.post(`${base()}/${mine.id}/archive`),
      await otherAdmin.put(`${foreignBase}/${mine.id}`, { ...physiotherapy(), version: 1 }),
    ];
    expect(tries.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404, 404, 404, 404, 404]);
    expect(tries.map((r) => r.json().message)).toContain('Clinic not found.');
    expect(tries.map((r) => r.json().message)).toContain('Service not found.');
    const [theirsNow] = await env.db
      .select({ version: t.services.version, archivedAt: t.services.archivedAt })
      .from(t.services)
      .where(eq(t.services.id, foreignId));
    expect(theirsNow).toEqual({ version: 1, archivedAt: null });
    expect((await list(admin)).find((x) => x.id === mine.id)?.archived).toBe(false);
  });
});
