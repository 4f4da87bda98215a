import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Appointment, Patient, Slot } from '@medplum/fhirtypes';
import * as t from '../../db/schema';
import type { Api } from '../../test/api-client';
import { createAppointment } from '../../test/factories';
import { expectValidFhir, fhirScenario, matches } from '../../test/fhir-kit';
import { useTestApp } from '../../test/test-app';
import type { ClinicScenario } from '../../test/scenario';

const env = useTestApp({ now: '2026-11-23T12:00:00Z' }); // Monday 07:00 in New York
let s: ClinicScenario;
let staff: Api;
let fhir: Awaited<ReturnType<typeof fhirScenario>>['fhir'];
let tokenId: string;
beforeEach(async () => {
  ({ s, staff, tokenId, fhir } = await fhirScenario(env, { name: 'Riverside EHR' }));
});

const participants = (patientId: string, practitionerId?: string) => [
  { actor: { reference: `Patient/${patientId}` }, status: 'accepted' },
  ...(practitionerId
    ? [{ actor: { reference: `Practitioner/${practitionerId}` }, status: 'accepted' }]
    : []),
];

/** An appointment as a client writes one: Tuesday 10:00 in New York with the provider. */
const newAppointment = (overrides: Partial<Appointment> = {}) => ({
  resourceType: 'Appointment',
  status: 'booked',
  start: '2026-11-24T15:00:00Z',
  end: '2026-11-24T15:30:00Z',
  participant: participants(s.patient.id, s.provider.id),
  ...overrides,
});

async function created(res: { statusCode: number; body: string; json(): unknown }) {
  expect(res.statusCode, res.body).toBe(201);
  return expectValidFhir(res.json() as Appointment);
}

const historyOf = (id: string) =>
  env.db
    .select()
    .from(t.appointmentEvents)
    .where(eq(t.appointmentEvents.appointmentId, id))
    .orderBy(t.appointmentEvents.id);
/** The clinic's appointments (the scenario has one at the other clinic). */
const ours = () =>
  env.db.select().from(t.appointments).where(eq(t.appointments.clinicId, s.clinic.id));
/** The messages of the changes, oldest first; the reminders a booking plans beside them are not. */
const outboxKinds = async () =>
  (await env.db.select().from(t.outbox).orderBy(t.outbox.id))
    .map((o) => o.kind)
    .filter((kind) => kind !== 'appointment.reminder');
const auditOf = (id: string) =>
  env.db.select().from(t.auditLog).where(eq(t.auditLog.entityId, id)).orderBy(t.auditLog.id);

describe('POST /fhir/R4/Appointment', () => {
  it('books a free slot with the app’s history, notification and audit, named after the token', async () => {
    const schedules = await fhir.get(`/Schedule?actor=Practitioner/${s.provider.id}`);
    const schedule = matches(schedules.json())[0]!;
    const slots = await fhir.get(
      `/Slot?schedule=${schedule.id}&start=ge2026-11-24T15:00:00Z&start=lt2026-11-24T15:30:00Z`,
    );
    const [slot] = matches<Slot>(slots.json());
    const res = await fhir.post(
      '/Appointment',
      newAppointment({
        // FHIR's app-3: a booked appointment says its start and end, the slot's.
        start: slot!.start,
        end: slot!.end,
        slot: [{ reference: `Slot/${slot!.id}` }],
        participant: participants(s.patient.id) as Appointment['participant'],
        comment: 'Booked from the EHR',
      }),
    );
    const appointment = await created(res);
    expect(res.headers.location).toBe(
      `http://localhost:3000/fhir/R4/Appointment/${appointment.id}/_history/1`,
    );
    expect(res.headers.etag).toBe('W/"1"');
    expect(appointment).toMatchObject({
      status: 'booked',
      start: slot!.start,
      end: slot!.end,
      comment: 'Booked from the EHR',
    });
    const [row] = await ours();
    expect(row).toMatchObject({ id: appointment.id, createdBy: null, status: 'BOOKED' });
    expect((await historyOf(row!.id)).map((e) => [e.type, e.byName, e.byUserId])).toEqual([
      ['BOOKED', 'Riverside EHR', null],
    ]);
    expect(await outboxKinds()).toEqual(['appointment.booked']);
    expect((await auditOf(row!.id)).map((a) => [a.action, a.userId])).toEqual([
      ['create', tokenId],
    ]);
    // The app shows it like any other, and the slot is no longer offered.
    const json = await staff.get(`/api/appointments/${appointment.id}`);
    expect(json.json().statusHistory[0]).toMatchObject({ type: 'BOOKED', by: 'Riverside EHR' });
    const again = await fhir.get(`/Slot/${slot!.id}`);
    expect(again.json()).toMatchObject({ status: 'busy' });
  });

  it('refuses a taken time with 409, as the app does, and books nothing', async () => {
    await created(await fhir.post('/Appointment', newAppointment()));
    const res = await fhir.post(
      '/Appointment',
      newAppointment({ participant: participants(s.otherPatient.id, s.provider.id) as never }),
    );
    expect(res.statusCode).toBe(409);
    expect(expectValidFhir(res.json())).toMatchObject({
      issue: [
        {
          code: 'conflict',
          details: { text: 'This time was just booked by someone else. Pick another slot.' },
        },
      ],
    });
    expect(await ours()).toHaveLength(1);
  });

  it('answers a retry with the same Idempotency-Key with the first booking', async () => {
    const headers = { 'idempotency-key': 'ehr-visit-42' };
    const first = await created(await fhir.post('/Appointment', newAppointment(), headers));
    const retry = await fhir.post('/Appointment', newAppointment(), headers);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().id).toBe(first.id);
    const [key] = await env.db.select().from(t.idempotencyKeys);
    expect(key!.owner).toBe(`api-token:${tokenId}`);
  });

  it.each<[string, number, () => object]>([
    ['no status', 400, () => ({ status: undefined })],
    ['an unknown element', 400, () => ({ colour: 'blue' })],
    ['a wrong type of value', 400, () => ({ minutesDuration: 'thirty' })],
    ['a proposed appointment', 422, () => ({ status: 'proposed' })],
    [
      'no patient',
      400,
      () => ({
        participant: [
          { actor: { reference: `Practitioner/${s.provider.id}` }, status: 'accepted' },
        ],
      }),
    ],
    ['no practitioner or slot', 400, () => ({ participant: participants(s.patient.id) })],
    ['an end before the start', 400, () => ({ end: '2026-11-24T14:30:00Z' })],
    [
      'a time outside the provider’s hours',
      422,
      () => ({ start: '2026-11-24T04:00:00Z', end: '2026-11-24T04:30:00Z' }),
    ],
    [
      'a time in the past',
      422,
      () => ({ start: '2026-11-20T15:00:00Z', end: '2026-11-20T15:30:00Z' }),
    ],
  ])('refuses %s with %i and books nothing', async (_name, status, overrides) => {
    const res = await fhir.post('/Appointment', { ...newAppointment(), ...overrides() });
    expect(res.statusCode, res.body).toBe(status);
    expectValidFhir(res.json());
    expect(await ours()).toEqual([]);
  });

  it('refuses a patient whose record was merged into another with 409, naming the kept one', async () => {
    await env.db
      .update(t.patients)
      .set({ mergedIntoId: s.patient.id, mergedAt: new Date('2026-11-23T11:00:00Z') })
      .where(eq(t.patients.id, s.otherPatient.id));
    const res = await fhir.post(
      '/Appointment',
      newAppointment({ participant: participants(s.otherPatient.id, s.provider.id) as never }),
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(JSON.stringify(expectValidFhir(res.json()))).toContain('José Núñez');
    expect(await ours()).toEqual([]);
  });

  it('answers another clinic’s patient or practitioner with 404', async () => {
    const foreignPatient = await fhir.post(
      '/Appointment',
      newAppointment({ participant: participants(s.foreignPatient.id, s.provider.id) as never }),
    );
    expect(foreignPatient.statusCode).toBe(404);
    const foreignAgent = await fhir.post(
      '/Appointment',
      newAppointment({
        participant: [
          ...participants(s.patient.id, s.foreignAgent.id),
          { actor: { reference: `Location/${s.foreign.id}` }, status: 'accepted' },
        ] as never,
      }),
    );
    expect(foreignAgent.statusCode).toBe(404);
  });
});

describe('PUT and PATCH /fhir/R4/Appointment/{id}', () => {
  async function booked() {
    return created(await fhir.post('/Appointment', newAppointment()));
  }

  it('cancels with the reason, writing the app’s history, notification and audit', async () => {
    const appointment = await booked();
    const res = await fhir.put(`/Appointment/${appointment.id}`, {
      ...appointment,
      status: 'cancelled',
      cancelationReason: { text: 'Patient asked to cancel' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(expectValidFhir(res.json())).toMatchObject({
      status: 'cancelled',
      cancelationReason: { text: 'Patient asked to cancel' },
      meta: { versionId: '2' },
    });
    expect((await historyOf(appointment.id!)).map((e) => [e.type, e.reason, e.byName])).toEqual([
      ['BOOKED', null, 'Riverside EHR'],
      ['CANCELLED', 'Patient asked to cancel', 'Riverside EHR'],
    ]);
    expect(await outboxKinds()).toEqual(['appointment.booked', 'appointment.cancelled']);
    expect((await auditOf(appointment.id!)).map((a) => a.action)).toEqual(['create', 'cancel']);
    // Sending it back as it now reads changes nothing.
    const same = await fhir.put(`/Appointment/${appointment.id}`, res.json());
    expect(same.json().meta.versionId).toBe('2');
  });

  it('refuses a cancel without a reason, and a change of a cancelled appointment', async () => {
    const appointment = await booked();
    const noReason = await fhir.put(`/Appointment/${appointment.id}`, {
      ...appointment,
      status: 'cancelled',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().issue[0].details.text).toBe(
      'A reason is required to cancel an appointment.',
    );
    await fhir.patch(`/Appointment/${appointment.id}`, [
      { op: 'replace', path: '/status', value: 'cancelled' },
      { op: 'add', path: '/cancelationReason', value: { text: 'Clinic closed' } },
    ]);
    const revive = await fhir.patch(`/Appointment/${appointment.id}`, [
      { op: 'replace', path: '/status', value: 'booked' },
      { op: 'remove', path: '/cancelationReason' },
    ]);
    expect(revive.statusCode, revive.body).toBe(409);
    const arrived = await fhir.patch(`/Appointment/${appointment.id}`, [
      { op: 'replace', path: '/status', value: 'arrived' },
      { op: 'remove', path: '/cancelationReason' },
    ]);
    expect(arrived.statusCode).toBe(422);
  });

  it('marks a visit that has started as fulfilled or noshow, and corrects the mark', async () => {
    const appointment = await booked();
    const early = await fhir.patch(`/Appointment/${appointment.id}`, [
      { op: 'replace', path: '/status', value: 'fulfilled' },
    ]);
    expect(early.statusCode).toBe(409);
    env.setNow('2026-11-24T15:40:00Z');
    const done = await fhir.patch(`/Appointment/${appointment.id}`, [
      { op: 'test', path: '/status', value: 'booked' },
      { op: 'replace', path: '/status', value: 'fulfilled' },
    ]);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().status).toBe('fulfilled');
    const corrected = await fhir.patch(`/Appointment/${appointment.id}`, [
      { op: 'replace', path: '/status', value: 'noshow' },
    ]);
    expect(corrected.json().status).toBe('noshow');
    expect((await historyOf(appointment.id!)).map((e) => [e.type, e.fromValue, e.toValue])).toEqual(
      [
        ['BOOKED', null, null],
        ['COMPLETED', null, null],
        ['STATUS_CORRECTED', 'COMPLETED', 'NO_SHOW'],
      ],
    );
    const failedTest = await fhir.patch(`/Appointment/${appointment.id}`, [
      { op: 'test', path: '/status', value: 'booked' },
      { op: 'replace', path: '/status', value: 'fulfilled' },
    ]);
    expect(failedTest.statusCode).toBe(422);
  });

  it('reschedules, reassigns and edits the comment as the app does', async () => {
    const appointment = await booked();
    const res = await fhir.put(`/Appointment/${appointment.id}`, {
      ...appointment,
      start: '2026-11-24T17:00:00Z',
      end: '2026-11-24T17:45:00Z',
      minutesDuration: 45,
      participant: appointment.participant.map((p) =>
        p.actor?.reference?.startsWith('Practitioner/')
          ? { ...p, actor: { reference: `Practitioner/${s.nurse.id}` } }
          : p,
      ),
      comment: 'Moved to the afternoon',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(expectValidFhir(res.json())).toMatchObject({
      start: '2026-11-24T17:00:00.000Z',
      end: '2026-11-24T17:45:00.000Z',
      comment: 'Moved to the afternoon',
      participant: [{}, { actor: { reference: `Practitioner/${s.nurse.id}` } }, {}],
    });
    expect((await historyOf(appointment.id!)).map((e) => e.type)).toEqual([
      'BOOKED',
      'RESCHEDULE',
      'REASSIGN',
      'NOTES_EDITED',
    ]);
  });

  it('refuses a change to a version since replaced (412), to the patient, or with another id', async () => {
    const appointment = await booked();
    const stale = await fhir.patch(
      `/Appointment/${appointment.id}`,
      [{ op: 'replace', path: '/comment', value: 'x' }],
      { 'if-match': 'W/"7"' },
    );
    expect(stale.statusCode).toBe(412);
    const current = await fhir.patch(
      `/Appointment/${appointment.id}`,
      [{ op: 'add', path: '/comment', value: 'Interpreter needed' }],
      { 'if-match': 'W/"1"' },
    );
    expect(current.statusCode, current.body).toBe(200);
    const otherPatient = await fhir.put(`/Appointment/${appointment.id}`, {
      ...appointment,
      participant: participants(s.otherPatient.id, s.provider.id),
    });
    expect(otherPatient.statusCode).toBe(422);
    const otherId = await fhir.put(`/Appointment/${appointment.id}`, {
      ...appointment,
      id: s.foreignAppointment.id,
    });
    expect(otherId.statusCode).toBe(400);
    const foreign = await fhir.put(`/Appointment/${s.foreignAppointment.id}`, {
      ...appointment,
      id: s.foreignAppointment.id,
    });
    expect(foreign.statusCode).toBe(404);
    const notAPatch = await fhir.call(
      'PATCH',
      `/Appointment/${appointment.id}`,
      { status: 'x' },
      {
        'content-type': 'application/json-patch+json',
      },
    );
    expect(notAPatch.statusCode).toBe(400);
    const pollute = await fhir.patch(`/Appointment/${appointment.id}`, [
      { op: 'add', path: '/__proto__/status', value: 'cancelled' },
    ]);
    expect(pollute.statusCode).toBe(400);
  });

  it('keeps a history entry of an unchanged PUT out, and audits it as a read', async () => {
    const appointment = await createAppointment(
      env.db,
      { clinicId: s.clinic.id, patientId: s.patient.id, staffId: s.provider.id },
      { start: new Date('2026-11-24T15:00:00Z') },
    );
    const read = (await fhir.get(`/Appointment/${appointment.id}`)).json();
    const res = await fhir.put(`/Appointment/${appointment.id}`, read);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(read);
    expect(await historyOf(appointment.id)).toEqual([]);
    expect((await auditOf(appointment.id)).map((a) => [a.action, a.userId])).toEqual([
      ['read', tokenId],
      ['read', tokenId],
    ]);
  });
});

describe('POST /fhir/R4/Patient', () => {
  const patient = (overrides: Partial<Patient> = {}) => ({
    resourceType: 'Patient',
    name: [{ family: 'Okafor', given: ['Chidi', 'A.'] }],
    telecom: [
      { system: 'email', value: 'Chidi.Okafor@example.com' },
      { system: 'phone', value: '(555) 123-4567' },
    ],
    birthDate: '1984-03-02',
    ...overrides,
  });

  it('adds a patient to the token’s clinic, as the app does, and answers it', async () => {
    const res = await fhir.post('/Patient', patient());
    expect(res.statusCode, res.body).toBe(201);
    const created = expectValidFhir(res.json() as Patient);
    expect(res.headers.location).toBe(`http://localhost:3000/fhir/R4/Patient/${created.id}`);
    expect(created).toMatchObject({
      name: [{ family: 'Okafor', given: ['Chidi A.'] }],
      telecom: [{ value: 'chidi.okafor@example.com' }, { value: '(555) 123-4567' }],
      birthDate: '1984-03-02',
      managingOrganization: { reference: `Organization/${s.clinic.id}` },
    });
    const [row] = await env.db.select().from(t.patients).where(eq(t.patients.id, created.id!));
    expect(row).toMatchObject({ clinicId: s.clinic.id, source: 'fhir' });
    expect((await auditOf(created.id!)).map((a) => [a.action, a.userId])).toEqual([
      ['create', tokenId],
    ]);
    // The app's patient search finds them.
    const found = await staff.get(`/api/clinics/patient?clinic=${s.clinic.slug}&keyword=okafor`);
    expect(found.json()[0]._id).toBe(created.id);
  });

  it('adds a patient with neither e-mail nor given name, as many records are', async () => {
    const res = await fhir.post(
      '/Patient',
      patient({ name: [{ use: 'official', family: 'Okafor' }], telecom: undefined }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = expectValidFhir(res.json() as Patient);
    expect(created.name).toEqual([{ use: 'official', text: 'Okafor', family: 'Okafor' }]);
    expect(created.telecom).toBeUndefined();
    const profile = await staff.get(`/api/patients/${created.id}`);
    expect(profile.json().patient).toMatchObject({
      firstName: '',
      lastName: 'Okafor',
      email: null,
    });
    // A second one without an e-mail is another patient, not a duplicate address.
    const second = await fhir.post(
      '/Patient',
      patient({ name: [{ family: 'Adeyemi' }], telecom: undefined }),
    );
    expect(second.statusCode, second.body).toBe(201);
    // And one of them can be booked through FHIR.
    const booked = await fhir.post('/Appointment', {
      ...newAppointment(),
      participant: participants(created.id!, s.provider.id),
    });
    expect(booked.statusCode, booked.body).toBe(201);
  });

  it('answers an email the clinic already has with 409, naming the patient', async () => {
    const res = await fhir.post(
      '/Patient',
      patient({ telecom: [{ system: 'email', value: 'jose.nunez@example.com' }] }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().issue[0].details.text).toContain('José Núñez');
  });

  it.each([
    ['an e-mail address that is not one', { telecom: [{ system: 'email', value: 'nope' }] }, 400],
    ['no family name', { name: [{ given: ['Chidi'] }] }, 400],
    ['a birth date in the future', { birthDate: '2030-01-01' }, 400],
    [
      'another clinic',
      { managingOrganization: { reference: 'Organization/00000000-0000-4000-8000-000000000000' } },
      404,
    ],
  ])('refuses %s with %i', async (_name, overrides, status) => {
    const res = await fhir.post('/Patient', patient(overrides as Partial<Patient>));
    expect(res.statusCode, res.body).toBe(status);
    expectValidFhir(res.json());
    expect(await env.db.select().from(t.patients).where(eq(t.patients.lastName, 'Okafor'))).toEqual(
      [],
    );
  });
});
