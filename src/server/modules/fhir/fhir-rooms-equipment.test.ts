// Rooms and equipment in the FHIR API (issue 42, ADR 045): a room is a Location, equipment a
// Device, each at the caller's clinics only, and an appointment names the one it uses as a
// participant. Every answer is checked against the R4 definitions.
import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type {
  Appointment,
  Bundle,
  CapabilityStatement,
  Device,
  Location,
  OperationOutcome,
} from '@medplum/fhirtypes';
import * as t from '../../db/schema';
import { createAppointment, createResource, createService } from '../../test/factories';
import { expectValidFhir, fhirScenario, matches } from '../../test/fhir-kit';
import { useTestApp } from '../../test/test-app';
import type { ClinicScenario } from '../../test/scenario';

const env = useTestApp({ now: '2026-11-23T12:00:00Z' }); // Monday 07:00 in New York
let s: ClinicScenario;
let fhir: Awaited<ReturnType<typeof fhirScenario>>['fhir'];
type ResourceRow = typeof t.resources.$inferSelect;
let room1: ResourceRow;
let room2: ResourceRow;
let ultrasound: ResourceRow;

beforeEach(async () => {
  ({ s, fhir } = await fhirScenario(env));
  room1 = await createResource(env.db, s.clinic.id, { name: 'Treatment room 1' });
  room2 = await createResource(env.db, s.clinic.id, { name: 'Treatment room 2' });
  ultrasound = await createResource(env.db, s.clinic.id, {
    name: 'Ultrasound machine',
    kind: 'equipment',
    category: 'Ultrasound',
  });
});

async function search<T>(path: string): Promise<T[]> {
  const res = await fhir.get(path);
  expect(res.statusCode, res.body).toBe(200);
  return matches(expectValidFhir(res.json() as Bundle)) as T[];
}

const ids = (resources: Array<{ id?: string }>) => resources.map((r) => r.id).sort();

function refusal(res: { statusCode: number; body: string }) {
  const outcome = expectValidFhir(JSON.parse(res.body) as OperationOutcome);
  return { status: res.statusCode, text: outcome.issue[0]!.details?.text };
}

describe('Location (rooms)', () => {
  it('is each room of the clinic: a room, part of the clinic’s Location, managed by its Organization', async () => {
    const res = await fhir.get(`/Location/${room1.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(expectValidFhir(res.json() as Location)).toEqual({
      resourceType: 'Location',
      id: room1.id,
      extension: [
        { url: 'http://hl7.org/fhir/StructureDefinition/timezone', valueCode: 'America/New_York' },
      ],
      status: 'active',
      name: 'Treatment room 1',
      mode: 'instance',
      type: [{ text: 'Treatment room' }],
      physicalType: {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/location-physical-type',
            code: 'ro',
            display: 'Room',
          },
        ],
        text: 'Room',
      },
      managingOrganization: { reference: `Organization/${s.clinic.id}`, display: s.clinic.name },
      partOf: { reference: `Location/${s.clinic.id}`, display: s.clinic.name },
    });
    // The clinic's own Location is read as before.
    const clinic = await fhir.get(`/Location/${s.clinic.id}`);
    expect(expectValidFhir(clinic.json() as Location).physicalType).toBeUndefined();
  });

  it('shows an archived room as inactive, in reads and searches', async () => {
    const old = await createResource(env.db, s.clinic.id, {
      name: 'Old room',
      archivedAt: new Date(),
    });
    const read = expectValidFhir((await fhir.get(`/Location/${old.id}`)).json() as Location);
    expect(read.status).toBe('inactive');
    const found = await search<Location>('/Location?name=old');
    expect(found.map((l) => [l.id, l.status])).toEqual([[old.id, 'inactive']]);
  });

  it('searches the caller’s clinics and their rooms only, by _id, name and organization', async () => {
    const foreignRoom = await createResource(env.db, s.foreign.id, {
      name: 'Treatment room abroad',
    });
    expect(ids(await search<Location>('/Location'))).toEqual(
      [s.clinic.id, room1.id, room2.id].sort(),
    );
    expect(ids(await search<Location>('/Location?name=treat'))).toEqual(
      [room1.id, room2.id].sort(),
    );
    expect(ids(await search<Location>(`/Location?_id=${room2.id}`))).toEqual([room2.id]);
    expect(
      ids(await search<Location>(`/Location?organization=Organization/${s.clinic.id}&name=2`)),
    ).toEqual([room2.id]);
    expect(await search(`/Location?organization=Organization/${s.foreign.id}`)).toEqual([]);
    // Another clinic's room, or a piece of equipment, is as unknown as one that does not exist.
    expect(await search(`/Location?_id=${foreignRoom.id}`)).toEqual([]);
    expect((await fhir.get(`/Location/${foreignRoom.id}`)).statusCode).toBe(404);
    expect((await fhir.get(`/Location/${ultrasound.id}`)).statusCode).toBe(404);
  });

  it('pages rooms and clinics together by id', async () => {
    const first = await fhir.get('/Location?_count=2');
    const bundle = expectValidFhir(first.json() as Bundle);
    const next = bundle.link?.find((l) => l.relation === 'next')?.url;
    expect(next).toBeDefined();
    const rest = await fhir.get(next!.slice(next!.indexOf('/Location')));
    const all = [
      ...matches(bundle),
      ...matches(expectValidFhir(rest.json() as Bundle)),
    ] as Location[];
    expect(ids(all)).toEqual([s.clinic.id, room1.id, room2.id].sort());
  });
});

describe('Device (equipment)', () => {
  it('is each piece of equipment: its name, category and owner', async () => {
    const res = await fhir.get(`/Device/${ultrasound.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(expectValidFhir(res.json() as Device)).toEqual({
      resourceType: 'Device',
      id: ultrasound.id,
      status: 'active',
      deviceName: [{ name: 'Ultrasound machine', type: 'user-friendly-name' }],
      type: { text: 'Ultrasound' },
      owner: { reference: `Organization/${s.clinic.id}`, display: s.clinic.name },
    });
    expect((await fhir.get(`/Device/${room1.id}`)).statusCode).toBe(404);
  });

  it('searches the caller’s equipment, archived too, by _id, name and organization', async () => {
    const old = await createResource(env.db, s.clinic.id, {
      name: 'Old ECG',
      kind: 'equipment',
      category: 'ECG',
      archivedAt: new Date(),
    });
    const foreign = await createResource(env.db, s.foreign.id, {
      name: 'Ultrasound abroad',
      kind: 'equipment',
      category: 'Ultrasound',
    });
    const all = await search<Device>('/Device');
    expect(all.map((d) => [d.id, d.status]).sort()).toEqual(
      [
        [ultrasound.id, 'active'],
        [old.id, 'inactive'],
      ].sort(),
    );
    expect(ids(await search<Device>('/Device?name=ultra'))).toEqual([ultrasound.id]);
    expect(ids(await search<Device>('/Device?device-name=ecg'))).toEqual([old.id]);
    expect(ids(await search<Device>(`/Device?_id=${old.id},${foreign.id}`))).toEqual([old.id]);
    expect(ids(await search<Device>(`/Device?organization=Organization/${s.clinic.id}`))).toEqual(
      [ultrasound.id, old.id].sort(),
    );
    expect(await search(`/Device?organization=${s.foreign.id}`)).toEqual([]);
    expect((await fhir.get(`/Device/${foreign.id}`)).statusCode).toBe(404);
  });

  it('is listed in the CapabilityStatement with its search parameters', async () => {
    const res = await fhir.get('/metadata');
    const statement = expectValidFhir(res.json() as CapabilityStatement);
    const resources = statement.rest![0]!.resource!;
    const params = (type: string) =>
      resources.find((r) => r.type === type)!.searchParam!.map((p) => p.name);
    expect(params('Device')).toEqual(['_id', 'device-name', 'name', 'organization', '_count']);
    expect(params('Location')).toEqual(['_id', 'name', 'organization', '_count']);
  });
});

describe('Appointment participants', () => {
  const inRoom = async (resourceId: string | null) =>
    createAppointment(
      env.db,
      { clinicId: s.clinic.id, patientId: s.patient.id, staffId: s.provider.id },
      { start: new Date('2026-11-24T15:00:00Z'), resourceId },
    );

  it('names the room as a Location and the equipment as a Device, accepted', async () => {
    const roomBooking = await inRoom(room1.id);
    const read = expectValidFhir(
      (await fhir.get(`/Appointment/${roomBooking.id}`)).json() as Appointment,
    );
    expect(read.participant.at(-2)!.actor).toEqual({
      reference: `Location/${s.clinic.id}`,
      display: s.clinic.name,
    });
    expect(read.participant.at(-1)).toEqual({
      actor: { reference: `Location/${room1.id}`, display: 'Treatment room 1' },
      required: 'required',
      status: 'accepted',
    });
    await env.db
      .update(t.appointments)
      .set({ resourceId: ultrasound.id })
      .where(eq(t.appointments.id, roomBooking.id));
    const found = await search<Appointment>(`/Appointment?_id=${roomBooking.id}`);
    expect(found[0]!.participant.at(-1)).toEqual({
      actor: { reference: `Device/${ultrasound.id}`, display: 'Ultrasound machine' },
      required: 'required',
      status: 'accepted',
    });
  });

  it('are found by location: the clinic (all its appointments) or one of its rooms', async () => {
    const refs = { clinicId: s.clinic.id, patientId: s.patient.id, staffId: s.provider.id };
    const at = (hour: number) => new Date(`2026-11-24T${hour}:00:00Z`);
    const inRoom1 = await createAppointment(env.db, refs, { start: at(15), resourceId: room1.id });
    const inRoom2 = await createAppointment(env.db, refs, { start: at(16), resourceId: room2.id });
    const nowhere = await createAppointment(env.db, refs, { start: at(17) });
    expect(ids(await search<Appointment>(`/Appointment?location=Location/${room1.id}`))).toEqual([
      inRoom1.id,
    ]);
    expect(
      ids(await search<Appointment>(`/Appointment?location=${room1.id},Location/${room2.id}`)),
    ).toEqual(ids([inRoom1, inRoom2]));
    expect(ids(await search<Appointment>(`/Appointment?location=Location/${s.clinic.id}`))).toEqual(
      ids([inRoom1, inRoom2, nowhere]),
    );
    // Equipment is a Device, not a Location; an id of nothing we know finds nothing.
    expect(await search<Appointment>(`/Appointment?location=Location/${ultrasound.id}`)).toEqual(
      [],
    );
    expect(
      await search<Appointment>(
        '/Appointment?location=Location/00000000-0000-4000-8000-000000000000',
      ),
    ).toEqual([]);
    expect(refusal(await fhir.get(`/Appointment?location=Device/${ultrasound.id}`))).toEqual({
      status: 400,
      text: 'location refers to Location, not Device.',
    });
  });

  it('are found by actor, and included with the appointment: the room a Location, the machine a Device', async () => {
    const refs = { clinicId: s.clinic.id, patientId: s.patient.id, staffId: s.provider.id };
    const at = (hour: number) => new Date(`2026-11-24T${hour}:00:00Z`);
    const inRoom = await createAppointment(env.db, refs, { start: at(15), resourceId: room1.id });
    const scanned = await createAppointment(env.db, refs, {
      start: at(16),
      resourceId: ultrasound.id,
    });
    await createAppointment(env.db, refs, { start: at(17) });
    expect(ids(await search<Appointment>(`/Appointment?actor=Device/${ultrasound.id}`))).toEqual([
      scanned.id,
    ]);
    expect(ids(await search<Appointment>(`/Appointment?actor=Location/${room1.id}`))).toEqual([
      inRoom.id,
    ]);
    expect(ids(await search<Appointment>(`/Appointment?actor=${ultrasound.id}`))).toEqual([
      scanned.id,
    ]);
    const res = await fhir.get(
      `/Appointment?_id=${inRoom.id},${scanned.id}&_include=Appointment:location&_include=Appointment:actor:Device`,
    );
    const bundle = expectValidFhir(res.json() as Bundle);
    const included = bundle
      .entry!.filter((e) => e.search?.mode === 'include')
      .map((e) => expectValidFhir(e.resource!));
    expect(included.map((r) => `${r.resourceType}/${r.id}`).sort()).toEqual(
      [`Location/${s.clinic.id}`, `Location/${room1.id}`, `Device/${ultrasound.id}`].sort(),
    );
    expect(included.find((r) => r.id === room1.id)).toMatchObject({ name: 'Treatment room 1' });
  });

  it('has no resource participant for an appointment without one', async () => {
    const plain = await inRoom(null);
    const read = expectValidFhir(
      (await fhir.get(`/Appointment/${plain.id}`)).json() as Appointment,
    );
    expect(read.participant.map((p) => p.actor?.reference)).toEqual([
      `Patient/${s.patient.id}`,
      `Practitioner/${s.provider.id}`,
      `Location/${s.clinic.id}`,
    ]);
  });

  it('takes its room back unchanged in an update, and refuses another room there', async () => {
    const booked = expectValidFhir(
      (await fhir.get(`/Appointment/${(await inRoom(room1.id)).id}`)).json() as Appointment,
    );
    const same = await fhir.put(`/Appointment/${booked.id}`, {
      ...booked,
      comment: 'Bring the scan.',
    });
    expect(same.statusCode, same.body).toBe(200);
    expect((same.json() as Appointment).participant.at(-1)!.actor!.reference).toBe(
      `Location/${room1.id}`,
    );
    const otherRoom = await fhir.put(`/Appointment/${booked.id}`, {
      ...booked,
      participant: [
        ...booked.participant.slice(0, -1),
        { actor: { reference: `Location/${room2.id}` }, status: 'accepted' },
      ],
    });
    expect(refusal(otherRoom)).toEqual({
      status: 422,
      text: 'An appointment moves to another room or equipment in the app (Move to another room), not here.',
    });
    const [row] = await env.db
      .select()
      .from(t.appointments)
      .where(eq(t.appointments.id, booked.id!));
    expect(row!.resourceId).toBe(room1.id);
  });

  it('books a create in the room it names, refusing one its service does not need', async () => {
    const physio = await createService(env.db, s.clinic.id, {
      kind: 'in_person',
      resourceCategory: 'Treatment room',
    });
    const booking = (extra: Array<{ reference: string }>, serviceId?: string) => ({
      resourceType: 'Appointment',
      status: 'booked',
      start: '2026-11-24T16:00:00Z',
      end: '2026-11-24T16:30:00Z',
      ...(serviceId && {
        serviceType: [{ coding: [{ system: 'urn:carebook:service', code: serviceId }] }],
      }),
      participant: [
        { actor: { reference: `Patient/${s.patient.id}` }, status: 'accepted' },
        { actor: { reference: `Practitioner/${s.provider.id}` }, status: 'accepted' },
        { actor: { reference: `Location/${s.clinic.id}` }, status: 'accepted' },
        ...extra.map((actor) => ({ actor, status: 'accepted' })),
      ],
    });
    const bookedAt = () =>
      env.db
        .select()
        .from(t.appointments)
        .where(eq(t.appointments.startAt, new Date('2026-11-24T16:00:00Z')));

    // The default service needs no machine: the write path refuses it in words.
    const needless = await fhir.post(
      '/Appointment',
      booking([{ reference: `Device/${ultrasound.id}` }]),
    );
    expect(refusal(needless).status).toBe(422);
    const both = await fhir.post(
      '/Appointment',
      booking(
        [{ reference: `Location/${room1.id}` }, { reference: `Location/${room2.id}` }],
        physio.id,
      ),
    );
    expect(refusal(both)).toEqual({
      status: 422,
      text: 'Name at most one room or piece of equipment: the one the service needs.',
    });
    const foreignRoom = await createResource(env.db, s.foreign.id, { name: 'Abroad' });
    const unknown = await fhir.post(
      '/Appointment',
      booking([{ reference: `Location/${foreignRoom.id}` }], physio.id),
    );
    expect(refusal(unknown).status).toBe(404);
    expect(await bookedAt()).toEqual([]);

    // Treatment room 2 named: booked there, although room 1 (first by name) is free too.
    const made = await fhir.post(
      '/Appointment',
      booking([{ reference: `Location/${room2.id}` }], physio.id),
    );
    expect(made.statusCode, made.body).toBe(201);
    expect(expectValidFhir(made.json() as Appointment).participant.at(-1)!.actor!.reference).toBe(
      `Location/${room2.id}`,
    );
    const [row] = await bookedAt();
    expect(row).toMatchObject({ serviceId: physio.id, resourceId: room2.id });
  });
});
