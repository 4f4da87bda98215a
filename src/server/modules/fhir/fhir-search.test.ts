import { beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type {
  Appointment,
  Bundle,
  Location,
  Patient,
  Practitioner,
  PractitionerRole,
  Schedule,
  Slot,
} from '@medplum/fhirtypes';
import * as t from '../../db/schema';
import type { Api } from '../../test/api-client';
import { createAppointment, createPatient } from '../../test/factories';
import { apiAs } from '../../test/api-client';
import { createToken, expectValidFhir, fhirAs, fhirScenario, matches } from '../../test/fhir-kit';
import { useTestApp } from '../../test/test-app';
import type { ClinicScenario } from '../../test/scenario';

const env = useTestApp({ now: '2026-11-23T12:00:00Z' });
let s: ClinicScenario;
let staff: Api;
let fhir: Awaited<ReturnType<typeof fhirScenario>>['fhir'];
let tokenId: string;
beforeEach(async () => {
  ({ s, staff, tokenId, fhir } = await fhirScenario(env, { scopes: ['read'] }));
});

const book = (start: string, overrides: Partial<typeof t.appointments.$inferInsert> = {}) =>
  createAppointment(
    env.db,
    { clinicId: s.clinic.id, patientId: s.patient.id, staffId: s.provider.id },
    { start: new Date(start), ...overrides },
  );

async function search<T>(path: string): Promise<{ bundle: Bundle; resources: T[] }> {
  const res = await fhir.get(path);
  expect(res.statusCode, res.body).toBe(200);
  const bundle = res.json() as Bundle;
  expect(bundle.type).toBe('searchset');
  return { bundle, resources: matches<T & Appointment>(bundle) as T[] };
}

const ids = (resources: Array<{ id?: string }>) => resources.map((r) => r.id);
const link = (bundle: Bundle, relation: string) =>
  bundle.link?.find((l) => l.relation === relation)?.url;

describe('Appointment read', () => {
  it('is the JSON API’s appointment under the same id, with its link, version and participants', async () => {
    const row = await book('2026-11-24T15:00:00Z', { notes: 'Bring the referral' });
    const res = await fhir.get(`/Appointment/${row.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe('W/"1"');
    const appointment = expectValidFhir(res.json() as Appointment);
    expect(appointment).toMatchObject({
      resourceType: 'Appointment',
      id: row.id,
      meta: { versionId: '1' },
      status: 'booked',
      start: '2026-11-24T15:00:00.000Z',
      end: '2026-11-24T15:30:00.000Z',
      minutesDuration: 30,
      comment: 'Bring the referral',
      participant: [
        {
          actor: { reference: `Patient/${s.patient.id}`, display: 'José Núñez' },
          status: 'accepted',
        },
        {
          actor: { reference: `Practitioner/${s.provider.id}`, display: s.provider.name },
          status: 'accepted',
        },
        { actor: { reference: `Location/${s.clinic.id}`, display: s.clinic.name } },
      ],
    });
    // This token was not given visit links (ADR 030): the link's token moves and cancels the visit.
    expect(appointment.extension).toBeUndefined();
    expect(res.body).not.toContain(row.token);
    // The same id opens the JSON API's record.
    const json = await staff.get(`/api/appointments/${appointment.id}`);
    expect(json.json()).toMatchObject({ _id: row.id, token: row.token });
    // The slot it took reads as busy.
    const slot = await fhir.get(`/${appointment.slot![0]!.reference}`);
    expect(expectValidFhir(slot.json() as Slot)).toMatchObject({
      status: 'busy',
      start: '2026-11-24T15:00:00.000Z',
    });
  });

  it('carries the visit link for a token given visit links, and for a signed-in staff member', async () => {
    const row = await book('2026-11-24T15:00:00Z');
    const visitLink = {
      url: 'http://hl7.org/fhir/5.0/StructureDefinition/extension-Appointment.virtualService',
      extension: [
        { url: 'channelType', valueCoding: { display: 'Carebook video visit' } },
        { url: 'address', valueUrl: `http://localhost:3000/session/?token=${row.token}` },
      ],
    };
    const withLinks = await createToken(await apiAs(env.app, s.admin.email), {
      clinicIds: [s.clinic.id],
      scopes: ['read'],
      visitLinks: true,
    });
    for (const caller of [fhirAs(env.app, withLinks), fhirAs(env.app, { cookie: staff.cookie })]) {
      const one = expectValidFhir(
        (await caller.get(`/Appointment/${row.id}`)).json() as Appointment,
      );
      expect(one.extension).toEqual([visitLink]);
      const { resources } = await (async () => {
        const res = await caller.get('/Appointment?date=2026-11-24');
        expect(res.statusCode, res.body).toBe(200);
        return { resources: matches<Appointment>(res.json() as Bundle) };
      })();
      expect(resources.map((r) => r.extension)).toEqual([[visitLink]]);
    }
    // A search by a token without the permission leaves it out too.
    const { resources } = await search<Appointment>('/Appointment?date=2026-11-24');
    expect(resources.map((r) => r.extension)).toEqual([undefined]);
  });

  it('says why a cancelled appointment was cancelled, and reads a disqualified one as cancelled', async () => {
    const cancelled = await book('2026-11-24T15:00:00Z', { status: 'CANCELLED' });
    await env.db.insert(t.appointmentEvents).values({
      appointmentId: cancelled.id,
      type: 'CANCELLED',
      reason: 'Patient is travelling',
      at: new Date('2026-11-23T11:00:00Z'),
    });
    const disqualified = await book('2026-11-20T15:00:00Z', { status: 'DISQUALIFIED' });
    const one = expectValidFhir((await fhir.get(`/Appointment/${cancelled.id}`)).json());
    expect(one).toMatchObject({
      status: 'cancelled',
      cancelationReason: { text: 'Patient is travelling' },
    });
    const two = expectValidFhir((await fhir.get(`/Appointment/${disqualified.id}`)).json());
    expect(two).toMatchObject({ status: 'cancelled', cancelationReason: { text: 'Disqualified' } });
  });

  it('audits each appointment read with the token as who read it', async () => {
    const row = await book('2026-11-24T15:00:00Z');
    await fhir.get(`/Appointment/${row.id}`);
    await fhir.get('/Appointment?date=2026-11-24');
    const reads = await env.db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.action, 'read'), eq(t.auditLog.entityType, 'appointment')));
    expect(reads.map((r) => [r.userId, r.entityId, r.patientId])).toEqual([
      [tokenId, row.id, s.patient.id],
      [tokenId, row.id, s.patient.id],
    ]);
  });
});

describe('Appointment search', () => {
  it('finds one practitioner’s local day by date with prefixes, in start order', async () => {
    const early = await book('2026-11-24T13:00:00Z'); // 08:00 in New York
    const late = await book('2026-11-25T03:30:00Z'); // 22:30 in New York, the 24th
    await book('2026-11-25T14:00:00Z'); // the next day
    await createAppointment(
      env.db,
      { clinicId: s.clinic.id, patientId: s.otherPatient.id, staffId: s.nurse.id },
      { start: new Date('2026-11-24T16:00:00Z') },
    );
    const { resources } = await search<Appointment>(
      `/Appointment?practitioner=Practitioner/${s.provider.id}` +
        '&date=ge2026-11-24T00:00:00-05:00&date=lt2026-11-25T00:00:00-05:00',
    );
    expect(ids(resources)).toEqual([early.id, late.id]);
    // A date without a time is a UTC day.
    const utc = await search<Appointment>(
      `/Appointment?practitioner=${s.provider.id}&date=2026-11-24`,
    );
    expect(ids(utc.resources)).toEqual([early.id]);
    // gt a day is after the whole day; le a minute includes that minute.
    const after = await search<Appointment>('/Appointment?date=gt2026-11-24');
    expect(after.resources.every((a) => a.start! >= '2026-11-25T00:00:00.000Z')).toBe(true);
    const upTo = await search<Appointment>('/Appointment?date=le2026-11-24T13:00Z');
    expect(ids(upTo.resources)).toEqual([early.id]);
    const exact = await search<Appointment>('/Appointment?date=2026-11-24T13:00:00Z');
    expect(ids(exact.resources)).toEqual([early.id]);
  });

  it('filters by patient and by status, and sorts latest first with _sort=-date', async () => {
    const first = await book('2026-11-24T13:00:00Z');
    const second = await book('2026-11-24T14:00:00Z', { status: 'CONFIRMED' });
    const cancelled = await book('2026-11-24T15:00:00Z', { status: 'CANCELLED' });
    const done = await book('2026-11-20T15:00:00Z', { status: 'COMPLETED' });
    await createAppointment(
      env.db,
      { clinicId: s.clinic.id, patientId: s.otherPatient.id, staffId: s.provider.id },
      { start: new Date('2026-11-24T16:00:00Z') },
    );
    const mine = await search<Appointment>(
      `/Appointment?patient=Patient/${s.patient.id}&_sort=-date`,
    );
    expect(ids(mine.resources)).toEqual([cancelled.id, second.id, first.id, done.id]);
    const booked = await search<Appointment>(`/Appointment?patient=${s.patient.id}&status=booked`);
    expect(ids(booked.resources)).toEqual([first.id, second.id]);
    const either = await search<Appointment>(
      `/Appointment?patient=${s.patient.id}&status=cancelled,fulfilled`,
    );
    expect(ids(either.resources)).toEqual([done.id, cancelled.id]);
  });

  it('pages with _count through next links until the last page, each once, in order', async () => {
    const booked = [];
    for (let i = 0; i < 7; i++) {
      booked.push(await book(`2026-11-24T${String(13 + i).padStart(2, '0')}:00:00Z`));
    }
    const seen: string[] = [];
    let path: string | undefined = `/Appointment?practitioner=${s.provider.id}&_count=3`;
    let pages = 0;
    while (path) {
      const { bundle, resources }: { bundle: Bundle; resources: Appointment[] } =
        await search<Appointment>(path);
      pages += 1;
      seen.push(...(ids(resources) as string[]));
      expect(link(bundle, 'self')).toMatch(/^http:\/\/localhost:3000\/fhir\/R4\/Appointment\?/);
      const next = link(bundle, 'next');
      path = next?.replace('http://localhost:3000/fhir/R4', '');
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(booked.map((b) => b.id));
  });

  it('ignores an unknown parameter and says so, or refuses it when asked to be strict', async () => {
    await book('2026-11-24T13:00:00Z');
    const { bundle, resources } = await search<Appointment>(
      '/Appointment?_include:iterate=Appointment:patient&color=red',
    );
    expect(resources).toHaveLength(1);
    expect(link(bundle, 'self')).toBe('http://localhost:3000/fhir/R4/Appointment');
    const outcome = bundle.entry!.find((e) => e.search?.mode === 'outcome')!.resource!;
    expect(JSON.stringify(outcome)).toContain('_include:iterate, color');
    const strict = await fhir.get('/Appointment?color=red', { prefer: 'handling=strict' });
    expect(strict.statusCode).toBe(400);
    expect(strict.json().issue[0]).toMatchObject({ code: 'not-supported' });
    // A parameter another resource has is unknown here too (Patient's family, a modifier
    // Appointment's date does not take, _lastUpdated where nothing says when it changed).
    for (const query of [
      'family=smith',
      'date:exact=2026-11-24',
      'patient:contains=x',
      '_revinclude=Appointment:patient',
    ]) {
      const refused = await fhir.get(`/Appointment?${query}`, { prefer: 'handling=strict' });
      expect(refused.statusCode, query).toBe(400);
      expect(JSON.stringify(refused.json()), query).toContain(query.split('=')[0]);
    }
    const noLastUpdated = await fhir.get('/Practitioner?_lastUpdated=ge2026-01-01', {
      prefer: 'handling=strict',
    });
    expect(noLastUpdated.statusCode).toBe(400);
  });

  it.each([
    ['date=yesterday', 'date'],
    ['date=2026-02-30', 'date'],
    ['date=2026-11-24T10:00', 'date'],
    ['date=xx2026-11-24', 'date'],
    ['date=ge', 'date'],
    ['date=ne2026-13-01', 'date'],
    ['date=ap2026-11-24T25:00:00Z', 'date'],
    ['date=eb2026-11-24,2026-11-25', 'date'],
    ['_lastUpdated=sa2026-11-31', '_lastUpdated'],
    ['_lastUpdated=yesterday', '_lastUpdated'],
    ['actor=Schedule/abc', 'actor'],
    ['actor=Patient/a%20b', 'actor'],
    ['_summary=true', '_summary'],
    ['_total=maybe', '_total'],
    ['_elements=start;drop', '_elements'],
    ['_include=Appointment:service-type', '_include'],
    ['_include=*', '_include'],
    ['_include=Patient:general-practitioner', '_include'],
    ['status=sleeping', 'status'],
    ['_count=-1', '_count'],
    ['_count=ten', '_count'],
    ['_sort=status', '_sort'],
    ['patient=Practitioner/x', 'patient'],
    ['_cursor=bogus', '_cursor'],
  ])('answers %s with a 400 OperationOutcome naming %s', async (query, parameter) => {
    const res = await fhir.get(`/Appointment?${query}`);
    expect(res.statusCode, res.body).toBe(400);
    const outcome = expectValidFhir(res.json());
    expect(JSON.stringify(outcome)).toContain(parameter);
  });

  it('matches nothing for ids that cannot be ours, without an error', async () => {
    await book('2026-11-24T13:00:00Z');
    const { resources } = await search<Appointment>('/Appointment?patient=12345&_id=abc');
    expect(resources).toEqual([]);
  });
});

describe('Slot', () => {
  const scheduleId = async () => {
    const { resources } = await search<Schedule>(`/Schedule?actor=Practitioner/${s.provider.id}`);
    expect(resources).toHaveLength(1);
    return resources[0]!.id!;
  };

  it('offers a schedule’s free 30-minute slots of a day from the slot engine, with stable ids', async () => {
    const schedule = await scheduleId();
    await book('2026-11-24T15:00:00Z'); // 10:00 in New York
    const path =
      `/Slot?schedule=Schedule/${schedule}&status=free` +
      '&start=ge2026-11-24T00:00:00-05:00&start=lt2026-11-25T00:00:00-05:00&_count=100';
    const { resources } = await search<Slot>(path);
    // 08:00–18:00 is 20 slots; the booking takes one.
    expect(resources).toHaveLength(19);
    expect(resources[0]).toMatchObject({
      schedule: { reference: `Schedule/${schedule}` },
      status: 'free',
      start: '2026-11-24T13:00:00.000Z',
      end: '2026-11-24T13:30:00.000Z',
    });
    expect(resources.map((r) => r.start)).not.toContain('2026-11-24T15:00:00.000Z');
    const again = await search<Slot>(path);
    expect(ids(again.resources)).toEqual(ids(resources));
    for (const slot of resources) expect(slot.id!.length).toBeLessThanOrEqual(64);

    const read = await fhir.get(`/Slot/${resources[0]!.id}`);
    expect(expectValidFhir(read.json())).toEqual(resources[0]);
    // The JSON API offers the same times.
    const json = await staff.get(
      `/api/clinics/${s.clinic.slug}/slots?from=2026-11-24&to=2026-11-24&agentId=${s.provider.id}`,
    );
    expect(json.json().slots.map((x: { startTime: string }) => x.startTime)).toEqual(
      resources.map((r) => r.start),
    );
  });

  it('pages through a week, and refuses more than a month at once', async () => {
    const schedule = await scheduleId();
    const seen: string[] = [];
    let path: string | undefined =
      `/Slot?schedule=${schedule}&start=ge2026-11-24T13:00:00Z&start=lt2026-11-26T13:00:00Z&_count=15`;
    while (path) {
      const { bundle, resources }: { bundle: Bundle; resources: Slot[] } = await search<Slot>(path);
      seen.push(...(ids(resources) as string[]));
      path = link(bundle, 'next')?.replace('http://localhost:3000/fhir/R4', '');
    }
    expect(seen).toHaveLength(40);
    expect(new Set(seen).size).toBe(40);
    const tooLong = await fhir.get(
      `/Slot?schedule=${schedule}&start=ge2026-11-24&start=lt2027-01-24`,
    );
    expect(tooLong.statusCode).toBe(400);
  });

  it('publishes free slots only, for the token’s clinics only', async () => {
    const schedule = await scheduleId();
    expect((await search<Slot>(`/Slot?schedule=${schedule}&status=busy`)).resources).toEqual([]);
    const foreign = (await search<Slot>('/Slot?start=ge2026-11-24&start=lt2026-11-25')).resources;
    const schedules = new Set(foreign.map((slot) => slot.schedule.reference));
    expect(schedules.size).toBe(2); // the provider's and the nurse's, not the other clinic's agent
  });

  it('answers a slot id that is not one with 404', async () => {
    const schedule = await scheduleId();
    for (const id of ['nope', `${schedule}-20261124T0300-30`, `${schedule}-20261124T1300-45`]) {
      expect((await fhir.get(`/Slot/${id}`)).statusCode, id).toBe(404);
    }
  });
});

describe('Schedule, Practitioner, PractitionerRole, Organization and Location', () => {
  it('lists the clinic’s providers and nurses as practitioners, with a role and schedule each', async () => {
    const practitioners = await search<Practitioner>('/Practitioner');
    expect(ids(practitioners.resources).sort()).toEqual([s.provider.id, s.nurse.id].sort());
    const named = await search<Practitioner>('/Practitioner?name=nora');
    expect(ids(named.resources)).toEqual([s.nurse.id]);

    const roles = await search<PractitionerRole>(`/PractitionerRole?practitioner=${s.nurse.id}`);
    expect(roles.resources).toHaveLength(1);
    expect(roles.resources[0]).toMatchObject({
      practitioner: { reference: `Practitioner/${s.nurse.id}` },
      organization: { reference: `Organization/${s.clinic.id}` },
      code: [{ coding: [{ code: 'nurse' }] }],
    });
    const role = await fhir.get(`/PractitionerRole/${roles.resources[0]!.id}`);
    expect(role.json()).toEqual(roles.resources[0]);

    const schedules = await search<Schedule>(`/Schedule?actor=Location/${s.clinic.id}`);
    expect(schedules.resources).toHaveLength(2);
    const schedule = await fhir.get(`/Schedule/${schedules.resources[0]!.id}`);
    expect(expectValidFhir(schedule.json())).toEqual(schedules.resources[0]);
    expect((await fhir.get(`/Practitioner/${s.staff.id}`)).statusCode).toBe(404);
  });

  it('is one Organization and one Location per clinic, with the clinic’s id and time zone', async () => {
    const organizations = await search('/Organization');
    expect(organizations.resources).toEqual([
      {
        resourceType: 'Organization',
        id: s.clinic.id,
        active: true,
        name: s.clinic.name,
        alias: [s.clinic.slug],
      },
    ]);
    const location = expectValidFhir(
      (await fhir.get(`/Location/${s.clinic.id}`)).json() as Location,
    );
    expect(location.extension).toEqual([
      { url: 'http://hl7.org/fhir/StructureDefinition/timezone', valueCode: 'America/New_York' },
    ]);
    expect((await search('/Location?name=riverside')).resources).toHaveLength(1);
    expect((await search('/Location?name=elsewhere')).resources).toHaveLength(0);
  });
});

describe('Patient', () => {
  it('reads a patient with their id as identifier, email and clinic', async () => {
    const patient = expectValidFhir((await fhir.get(`/Patient/${s.patient.id}`)).json() as Patient);
    expect(patient).toMatchObject({
      id: s.patient.id,
      identifier: [{ system: 'urn:ietf:rfc:3986', value: `urn:uuid:${s.patient.id}` }],
      name: [{ family: 'Núñez', given: ['José'] }],
      telecom: [{ system: 'email', value: 'jose.nunez@example.com' }, { system: 'phone' }],
      managingOrganization: { reference: `Organization/${s.clinic.id}` },
    });
  });

  it('searches by name, email and identifier', async () => {
    const byName = async (name: string) =>
      ids((await search<Patient>(`/Patient?name=${encodeURIComponent(name)}`)).resources);
    expect(await byName('jose')).toEqual([s.patient.id]);
    expect(await byName('NUÑ')).toEqual([s.patient.id]);
    expect(await byName('jose nun')).toEqual([s.patient.id]);
    expect(await byName('anna.smith')).toEqual([s.otherPatient.id]);
    expect(await byName('smith jose')).toEqual([]);
    const byEmail = await search<Patient>('/Patient?email=ANNA.SMITH@example.com');
    expect(ids(byEmail.resources)).toEqual([s.otherPatient.id]);
    const byIdentifier = await search<Patient>(
      `/Patient?identifier=urn:ietf:rfc:3986|urn:uuid:${s.patient.id}`,
    );
    expect(ids(byIdentifier.resources)).toEqual([s.patient.id]);
    const otherSystem = await search<Patient>(
      `/Patient?identifier=http://mrn.example|${s.patient.id}`,
    );
    expect(otherSystem.resources).toEqual([]);
  });

  it('pages through patients in name order', async () => {
    for (const lastName of ['Adams', 'Baker', 'Young']) {
      await createPatient(env.db, s.clinic.id, { lastName, firstName: 'Kim' });
    }
    await createPatient(env.db, s.foreign.id, { lastName: 'Aaron', firstName: 'Kim' });
    const seen: string[] = [];
    let path: string | undefined = '/Patient?_count=2';
    while (path) {
      const { bundle, resources }: { bundle: Bundle; resources: Patient[] } =
        await search<Patient>(path);
      seen.push(...resources.map((p) => p.name![0]!.family!));
      path = link(bundle, 'next')?.replace('http://localhost:3000/fhir/R4', '');
    }
    expect(seen).toEqual(['Adams', 'Baker', 'Núñez', 'Smith', 'Young']);
  });
});

describe('EHR searches (issue 47)', () => {
  const entriesOf = (bundle: Bundle, mode: 'match' | 'include') =>
    (bundle.entry ?? []).filter((e) => e.search?.mode === mode).map((e) => e.resource!);
  const keys = (resources: Array<{ resourceType: string; id?: string }>) =>
    resources.map((r) => `${r.resourceType}/${r.id}`).sort();

  it('reads every date prefix on date: ne, sa, eb and ap besides eq, lt, gt, le and ge', async () => {
    const before = await book('2026-11-20T15:00:00Z');
    const on = await book('2026-11-24T13:00:00Z');
    const after = await book('2026-11-25T14:00:00Z');
    const far = await book('2026-12-20T14:00:00Z');
    const at = async (query: string) =>
      ids((await search<Appointment>(`/Appointment?${query}`)).resources);
    expect(await at('date=ne2026-11-24')).toEqual([before.id, after.id, far.id]);
    expect(await at('date=sa2026-11-24')).toEqual([after.id, far.id]);
    expect(await at('date=eb2026-11-24')).toEqual([before.id]);
    // ne a minute leaves the rest of the day; two repetitions of ne exclude both.
    expect(await at('date=ne2026-11-24T13:00Z&date=lt2026-11-26')).toEqual([before.id, after.id]);
    expect(await at('date=ne2026-11-24&date=ne2026-11-25')).toEqual([before.id, far.id]);
    // ap: within a tenth of the time from now (2026-11-23 12:00), at least a day, either side.
    expect(await at('date=ap2026-11-25')).toEqual([on.id, after.id]);
    expect(await at('date=ap2026-12-20')).toEqual([far.id]);
    expect(await at('date=ap2026-11')).toEqual([before.id, on.id, after.id]);
    // Slot start takes them too: the provider's free slots of 13:00–15:00 but the 14:00 one.
    const schedule = (await search<Schedule>(`/Schedule?actor=Practitioner/${s.provider.id}`))
      .resources[0]!.id;
    const slots = await search<Slot>(
      `/Slot?schedule=${schedule}&start=sa2026-11-24T12:59:00Z&start=eb2026-11-24T15:00:00Z&start=ne2026-11-24T14:00Z`,
    );
    expect(slots.resources.map((slot) => slot.start)).toEqual([
      '2026-11-24T13:30:00.000Z',
      '2026-11-24T14:30:00.000Z',
    ]);
  });

  it('filters by _lastUpdated with prefixes, on Appointment and Patient', async () => {
    const old = await book('2026-11-24T13:00:00Z', { updatedAt: new Date('2026-10-01T09:00:00Z') });
    const recent = await book('2026-11-24T14:00:00Z', {
      updatedAt: new Date('2026-11-22T09:00:00Z'),
    });
    const at = async (query: string) =>
      ids((await search<Appointment>(`/Appointment?date=2026-11-24&${query}`)).resources);
    expect(await at('_lastUpdated=ge2026-11-01')).toEqual([recent.id]);
    expect(await at('_lastUpdated=lt2026-11-01')).toEqual([old.id]);
    expect(await at('_lastUpdated=2026-10-01')).toEqual([old.id]);
    expect(await at('_lastUpdated=ne2026-10')).toEqual([recent.id]);
    expect(await at('_lastUpdated=gt2026-11-22T09:00:00Z')).toEqual([]);
    const read = expectValidFhir((await fhir.get(`/Appointment/${recent.id}`)).json());
    expect(read.meta.lastUpdated).toBe('2026-11-22T09:00:00.000Z');

    await env.db
      .update(t.patients)
      .set({ updatedAt: new Date('2026-11-22T10:00:00Z') })
      .where(eq(t.patients.id, s.otherPatient.id));
    await env.db
      .update(t.patients)
      .set({ updatedAt: new Date('2026-01-05T10:00:00Z') })
      .where(eq(t.patients.id, s.patient.id));
    const patients = await search<Patient>('/Patient?_lastUpdated=ge2026-11-22');
    expect(ids(patients.resources)).toEqual([s.otherPatient.id]);
    const older = await search<Patient>('/Patient?_lastUpdated=eb2026-02');
    expect(ids(older.resources)).toEqual([s.patient.id]);
  });

  it('finds appointments by actor: a patient, a practitioner, a location, or an id alone', async () => {
    const jose = await book('2026-11-24T13:00:00Z');
    const anna = await createAppointment(
      env.db,
      { clinicId: s.clinic.id, patientId: s.otherPatient.id, staffId: s.nurse.id },
      { start: new Date('2026-11-24T16:00:00Z') },
    );
    const at = async (query: string) =>
      ids((await search<Appointment>(`/Appointment?${query}`)).resources);
    expect(await at(`actor=Patient/${s.patient.id}`)).toEqual([jose.id]);
    expect(await at(`actor=Practitioner/${s.nurse.id}`)).toEqual([anna.id]);
    expect(await at(`actor=${s.nurse.id}`)).toEqual([anna.id]);
    expect(await at(`actor=Location/${s.clinic.id}`)).toEqual([jose.id, anna.id]);
    expect(await at(`actor=Patient/${s.patient.id},Practitioner/${s.nurse.id}`)).toEqual([
      jose.id,
      anna.id,
    ]);
    // Each repetition narrows: José's appointments with the nurse are none.
    expect(await at(`actor=Patient/${s.patient.id}&actor=Practitioner/${s.nurse.id}`)).toEqual([]);
    expect(
      await at(
        `actor=Patient/${s.otherPatient.id}&actor=http://x.example/fhir/Practitioner/${s.nurse.id}`,
      ),
    ).toEqual([anna.id]);
    // Another clinic's patient, practitioner or clinic finds nothing, without saying it exists.
    for (const foreign of [
      `Patient/${s.foreignPatient.id}`,
      `Practitioner/${s.foreignAgent.id}`,
      `Location/${s.foreign.id}`,
      s.foreignAgent.id,
    ]) {
      expect(await at(`actor=${foreign}`), foreign).toEqual([]);
    }
  });

  it('counts with _summary=count, _total=accurate and _count=0, at the caller’s clinics only', async () => {
    for (let hour = 13; hour < 18; hour++) await book(`2026-11-24T${hour}:00:00Z`);
    await book('2026-11-25T13:00:00Z', { status: 'CANCELLED' });
    // The other clinic has an appointment on the 24th too (the scenario's): not counted.
    const count = (await search<Appointment>('/Appointment?date=2026-11-24&_summary=count')).bundle;
    expect(count.total).toBe(5);
    expect(count.entry).toBeUndefined();
    const zero = (await search<Appointment>('/Appointment?date=2026-11-24&_count=0')).bundle;
    expect(zero.total).toBe(5);
    expect(zero.entry).toBeUndefined();
    const paged = await search<Appointment>('/Appointment?_total=accurate&_count=2&status=booked');
    expect(paged.bundle.total).toBe(5);
    expect(paged.resources).toHaveLength(2);
    const next = link(paged.bundle, 'next')!.replace('http://localhost:3000/fhir/R4', '');
    expect((await search<Appointment>(next)).bundle.total).toBe(5);
    // Without asking, no total (counting costs a query).
    expect((await search<Appointment>('/Appointment?date=2026-11-24')).bundle.total).toBe(
      undefined,
    );
    const impossible = await search(
      '/Appointment?date=ge2026-11-25&date=lt2026-11-24&_total=accurate',
    );
    expect(impossible.bundle.total).toBe(0);
    // The same on the other resources.
    const patients = await search<Patient>('/Patient?_summary=count');
    expect(patients.bundle.total).toBe(2);
    expect((await search<Patient>('/Patient?_total=accurate&family=smi')).bundle.total).toBe(1);
    expect((await search('/Practitioner?_summary=count')).bundle.total).toBe(2);
    expect((await search('/Organization?_total=accurate')).bundle.total).toBe(1);
    const schedule = (await search<Schedule>(`/Schedule?actor=Practitioner/${s.provider.id}`))
      .resources[0]!.id;
    const slots = await search<Slot>(
      `/Slot?schedule=${schedule}&start=ge2026-11-24T13:00:00Z&start=lt2026-11-24T23:00:00Z&_total=accurate&_count=3`,
    );
    // 08:00–18:00 New York is 20 slots, five of them booked above.
    expect(slots.bundle.total).toBe(15);
    expect(slots.resources).toHaveLength(3);
    // A count shows no patient: nothing is audited as read.
    const reads = await env.db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.action, 'read'), eq(t.auditLog.userId, tokenId)));
    expect(reads.filter((r) => r.entityType === 'patient')).toHaveLength(1); // the family search
  });

  it('answers _elements with the elements asked for, the mandatory ones, and the SUBSETTED tag', async () => {
    const row = await book('2026-11-24T13:00:00Z', { notes: 'Bring the referral' });
    const { bundle, resources } = await search<Appointment>(
      '/Appointment?date=2026-11-24&_elements=start,end',
    );
    expect(link(bundle, 'self')).toContain('_elements=start%2Cend');
    const [appointment] = resources;
    expect(Object.keys(appointment!).sort()).toEqual(
      ['resourceType', 'id', 'meta', 'status', 'participant', 'start', 'end'].sort(),
    );
    expect(appointment).toMatchObject({ id: row.id, start: '2026-11-24T13:00:00.000Z' });
    expect(appointment!.comment).toBeUndefined();
    expect(appointment!.meta!.tag).toEqual([
      {
        system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationValue',
        code: 'SUBSETTED',
        display: 'subsetted',
      },
    ]);
    const patients = await search<Patient>(`/Patient?_id=${s.patient.id}&_elements=gender`);
    expect(Object.keys(patients.resources[0]!).sort()).toEqual(
      ['resourceType', 'id', 'meta', 'active'].sort(),
    );
    const named = await search<Patient>(`/Patient?_id=${s.patient.id}&_elements=name,gender`);
    expect(named.resources[0]!.name![0]!.family).toBe('Núñez');
    expect(named.resources[0]!.telecom).toBeUndefined();
    // Without it, resources are whole and untagged.
    const whole = await search<Appointment>('/Appointment?date=2026-11-24');
    expect(whole.resources[0]!.comment).toBe('Bring the referral');
    expect(whole.resources[0]!.meta!.tag).toBeUndefined();
  });

  it('includes what appointments refer to, each once, marked include', async () => {
    const first = await book('2026-11-24T13:00:00Z');
    const second = await book('2026-11-24T14:00:00Z');
    const withNurse = await createAppointment(
      env.db,
      { clinicId: s.clinic.id, patientId: s.otherPatient.id, staffId: s.nurse.id },
      { start: new Date('2026-11-24T16:00:00Z') },
    );
    const day = '/Appointment?date=2026-11-24';
    const patients = (await search(`${day}&_include=Appointment:patient`)).bundle;
    expectValidFhir(patients);
    expect(keys(entriesOf(patients, 'match'))).toEqual(
      keys([first, second, withNurse].map((a) => ({ resourceType: 'Appointment', id: a.id }))),
    );
    const included = entriesOf(patients, 'include');
    expect(keys(included)).toEqual(
      [`Patient/${s.otherPatient.id}`, `Patient/${s.patient.id}`].sort(),
    );
    for (const resource of included) expectValidFhir(resource);
    expect(patients.entry!.find((e) => e.resource!.id === s.patient.id)!.fullUrl).toBe(
      `http://localhost:3000/fhir/R4/Patient/${s.patient.id}`,
    );
    const practitioners = (await search(`${day}&_include=Appointment:practitioner`)).bundle;
    expect(keys(entriesOf(practitioners, 'include'))).toEqual(
      [`Practitioner/${s.provider.id}`, `Practitioner/${s.nurse.id}`].sort(),
    );
    const locations = (await search(`${day}&_include=Appointment:location`)).bundle;
    expect(keys(entriesOf(locations, 'include'))).toEqual([`Location/${s.clinic.id}`]);
    const actors = (await search(`${day}&_include=Appointment:actor`)).bundle;
    expect(keys(entriesOf(actors, 'include'))).toEqual(
      [
        `Patient/${s.patient.id}`,
        `Patient/${s.otherPatient.id}`,
        `Practitioner/${s.provider.id}`,
        `Practitioner/${s.nurse.id}`,
        `Location/${s.clinic.id}`,
      ].sort(),
    );
    const onlyPatients = (await search(`${day}&_include=Appointment:actor:Patient`)).bundle;
    expect(entriesOf(onlyPatients, 'include').map((r) => r.resourceType)).toEqual([
      'Patient',
      'Patient',
    ]);
    // Two _include values together, and the slots each appointment took (busy now).
    const both = (
      await search(
        `/Appointment?_id=${first.id}&_include=Appointment:slot&_include=Appointment:patient`,
      )
    ).bundle;
    const slots = entriesOf(both, 'include').filter((r) => r.resourceType === 'Slot') as Slot[];
    expect(slots.map((slot) => [slot.status, slot.start])).toEqual([
      ['busy', '2026-11-24T13:00:00.000Z'],
    ]);
    expect(
      entriesOf(both, 'include')
        .map((r) => r.resourceType)
        .sort(),
    ).toEqual(['Patient', 'Slot']);
    for (const resource of entriesOf(both, 'include')) expectValidFhir(resource);
    // Paging keeps the include: each page includes what its own matches refer to.
    const page = await search(`${day}&_include=Appointment:patient&_count=2`);
    expect(link(page.bundle, 'next')).toContain('_include=Appointment%3Apatient');
  });

  it('includes a slot’s schedule, and revincludes a patient’s appointments', async () => {
    const schedule = (await search<Schedule>(`/Schedule?actor=Practitioner/${s.provider.id}`))
      .resources[0]!;
    const slots = (
      await search(
        `/Slot?schedule=${schedule.id}&start=ge2026-11-24T13:00:00Z&start=lt2026-11-24T15:00:00Z&_include=Slot:schedule`,
      )
    ).bundle;
    expect(entriesOf(slots, 'match')).toHaveLength(4);
    expect(entriesOf(slots, 'include')).toEqual([expectValidFhir(schedule)]);

    const visits = [await book('2026-11-24T13:00:00Z'), await book('2026-11-10T13:00:00Z')];
    await createAppointment(
      env.db,
      { clinicId: s.clinic.id, patientId: s.otherPatient.id, staffId: s.nurse.id },
      { start: new Date('2026-11-24T16:00:00Z') },
    );
    const withVisits = (
      await search(`/Patient?_id=${s.patient.id}&_revinclude=Appointment:patient`)
    ).bundle;
    expectValidFhir(withVisits);
    expect(keys(entriesOf(withVisits, 'match'))).toEqual([`Patient/${s.patient.id}`]);
    const appointments = entriesOf(withVisits, 'include') as Appointment[];
    expect(ids(appointments)).toEqual([visits[1]!.id, visits[0]!.id]);
    for (const a of appointments) expectValidFhir(a);
  });

  it('never includes another clinic’s record, even one an appointment of ours names', async () => {
    // A row of ours naming another clinic's patient and provider (as a bad import might):
    // includes read as the caller reads, so neither comes back.
    const odd = await createAppointment(
      env.db,
      { clinicId: s.clinic.id, patientId: s.foreignPatient.id, staffId: s.foreignAgent.id },
      { start: new Date('2026-11-24T13:00:00Z') },
    );
    const bundle = (
      await search(
        `/Appointment?_id=${odd.id}&_include=Appointment:actor&_include=Appointment:slot`,
      )
    ).bundle;
    expect(keys(entriesOf(bundle, 'match'))).toEqual([`Appointment/${odd.id}`]);
    expect(keys(entriesOf(bundle, 'include'))).toEqual([`Location/${s.clinic.id}`]);
    expect(JSON.stringify(entriesOf(bundle, 'include'))).not.toContain(s.foreignPatient.id);
    // Another clinic's appointment for one of our patients is not revincluded…
    await createAppointment(
      env.db,
      { clinicId: s.foreign.id, patientId: s.patient.id, staffId: s.foreignAgent.id },
      { start: new Date('2026-11-25T13:00:00Z') },
    );
    const mine = (await search(`/Patient?_id=${s.patient.id}&_revinclude=Appointment:patient`))
      .bundle;
    expect(entriesOf(mine, 'include')).toEqual([]);
    // …and another clinic's appointment is not found to include from.
    const foreign = await search(
      `/Appointment?_id=${s.foreignAppointment.id}&_include=Appointment:patient`,
    );
    expect(foreign.bundle.entry).toBeUndefined();
    // Nor is a patient of another clinic reached through actor, with or without include.
    const byActor = await search<Appointment>(
      `/Appointment?actor=Patient/${s.foreignPatient.id}&_include=Appointment:patient`,
    );
    expect(keys(entriesOf(byActor.bundle, 'include'))).toEqual([]);
    expect(ids(byActor.resources)).toEqual([odd.id]);
  });
});
