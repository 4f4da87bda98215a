// Services in the FHIR API (issue 42, ADR 044): a HealthcareService per service, what each
// Appointment, Slot and Schedule is for in serviceType, and a create that books a service with
// its lengths and buffers. Every answer is checked against the R4 definitions.
import { beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type {
  Appointment,
  Bundle,
  HealthcareService,
  OperationOutcome,
  Schedule,
  Slot,
} from '@medplum/fhirtypes';
import * as t from '../../db/schema';
import { createAppointment } from '../../test/factories';
import { expectValidFhir, fhirScenario, matches } from '../../test/fhir-kit';
import { useTestApp } from '../../test/test-app';
import type { ClinicScenario } from '../../test/scenario';
import { UNKNOWN_SERVICE } from '../services';
import { SERVICE_SYSTEM } from './service-resources';

const env = useTestApp({ now: '2026-11-23T12:00:00Z' }); // Monday 07:00 in New York
let s: ClinicScenario;
let fhir: Awaited<ReturnType<typeof fhirScenario>>['fhir'];
let physio: typeof t.services.$inferSelect;
beforeEach(async () => {
  ({ s, fhir } = await fhirScenario(env));
  physio = await addService(s.clinic.id, {
    name: 'Physiotherapy',
    durations: [45, 60],
    bufferAfterMinutes: 15,
    kind: 'in_person',
    instructions: 'Wear loose clothing.',
    offeredByAll: false,
  });
  await env.db.insert(t.serviceAgents).values({ serviceId: physio.id, agentId: s.provider.id });
});

async function addService(clinicId: string, values: Partial<typeof t.services.$inferInsert>) {
  const [row] = await env.db
    .insert(t.services)
    .values({ clinicId, name: 'Follow-up', durations: [15], kind: 'video', ...values })
    .returning();
  return row!;
}

async function defaultService(clinicId: string) {
  const [row] = await env.db
    .select()
    .from(t.services)
    .where(and(eq(t.services.clinicId, clinicId), eq(t.services.isDefault, true)));
  return row!;
}

const coding = (service: { id: string; name: string }) => ({
  coding: [{ system: SERVICE_SYSTEM, code: service.id, display: service.name }],
});

/** Physiotherapy with the provider for the patient, Tuesday 24 November 2026 at 10:00 in New York. */
const booking = (overrides: Partial<Appointment> = {}) => ({
  resourceType: 'Appointment',
  status: 'booked',
  start: '2026-11-24T15:00:00Z',
  end: '2026-11-24T15:45:00Z',
  participant: [
    { actor: { reference: `Patient/${s.patient.id}` }, status: 'accepted' },
    { actor: { reference: `Practitioner/${s.provider.id}` }, status: 'accepted' },
  ],
  serviceType: [coding(physio)],
  ...overrides,
});

async function search<T>(path: string) {
  const res = await fhir.get(path);
  expect(res.statusCode, res.body).toBe(200);
  return matches<T & HealthcareService>(expectValidFhir(res.json() as Bundle)) as T[];
}

function refusal(res: { statusCode: number; body: string }) {
  const outcome = expectValidFhir(JSON.parse(res.body) as OperationOutcome);
  return { status: res.statusCode, text: outcome.issue[0]!.details?.text };
}

describe('HealthcareService', () => {
  it('is each service of the clinic: provider, name, kind, instructions and lengths', async () => {
    const res = await fhir.get(`/HealthcareService/${physio.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(expectValidFhir(res.json() as HealthcareService)).toEqual({
      resourceType: 'HealthcareService',
      id: physio.id,
      active: true,
      providedBy: { reference: `Organization/${s.clinic.id}`, display: s.clinic.name },
      type: [{ ...coding(physio), text: 'Physiotherapy' }],
      location: [{ reference: `Location/${s.clinic.id}`, display: s.clinic.name }],
      name: 'Physiotherapy',
      comment: 'In person: 45 or 60 minutes, with 15 minutes after kept free.',
      extraDetails: 'Wear loose clothing.',
      characteristic: [
        {
          coding: [
            {
              system: 'http://terminology.hl7.org/CodeSystem/v3-ParticipationMode',
              code: 'FACE',
              display: 'face-to-face',
            },
          ],
          text: 'In person',
        },
      ],
      appointmentRequired: true,
    });
  });

  it('searches the caller’s clinics only, by name, kind and service-type', async () => {
    const foreign = await addService(s.foreign.id, { name: 'Physiotherapy abroad' });
    const standard = await defaultService(s.clinic.id);
    const all = await search<HealthcareService>('/HealthcareService');
    expect(all.map((r) => r.id).sort()).toEqual([physio.id, standard.id].sort());
    expect(
      (await search<HealthcareService>('/HealthcareService?name=phys')).map((r) => r.id),
    ).toEqual([physio.id]);
    const video = await search<HealthcareService>(
      '/HealthcareService?characteristic=http://terminology.hl7.org/CodeSystem/v3-ParticipationMode|VIDEOCONF',
    );
    expect(video.map((r) => r.id)).toEqual([standard.id]);
    const typed = await search<HealthcareService>(
      `/HealthcareService?service-type=${SERVICE_SYSTEM}|${physio.id}&organization=Organization/${s.clinic.id}`,
    );
    expect(typed.map((r) => r.id)).toEqual([physio.id]);
    // Another clinic's service is as unknown as one that does not exist.
    expect(await search(`/HealthcareService?_id=${foreign.id}`)).toEqual([]);
    expect((await fhir.get(`/HealthcareService/${foreign.id}`)).statusCode).toBe(404);
  });

  it('shows an archived service as inactive when read, and says archived ones are not searched', async () => {
    const old = await addService(s.clinic.id, { name: 'Old massage', archivedAt: new Date() });
    const res = await fhir.get(`/HealthcareService/${old.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(expectValidFhir(res.json() as HealthcareService).active).toBe(false);
    expect(refusal(await fhir.get('/HealthcareService?active=false')).status).toBe(400);
    expect((await search<HealthcareService>('/HealthcareService')).map((r) => r.id)).not.toContain(
      old.id,
    );
  });
});

describe('Appointment.serviceType', () => {
  it('names the clinic’s default service for an appointment booked without one', async () => {
    const row = await createAppointment(
      env.db,
      { clinicId: s.clinic.id, patientId: s.patient.id, staffId: s.provider.id },
      { start: new Date('2026-11-24T15:00:00Z') },
    );
    const res = await fhir.get(`/Appointment/${row.id}`);
    const appointment = expectValidFhir(res.json() as Appointment);
    const standard = await defaultService(s.clinic.id);
    expect(appointment.serviceType).toEqual([{ ...coding(standard), text: standard.name }]);
    expect(appointment.appointmentType).toBeUndefined();
  });

  it('are found by service-type, the default service finding those booked without one', async () => {
    const at = (hour: number) => new Date(`2026-11-24T${hour}:00:00Z`);
    const refs = { clinicId: s.clinic.id, patientId: s.patient.id, staffId: s.provider.id };
    const before = await createAppointment(env.db, refs, { start: at(14) });
    const session = await createAppointment(env.db, refs, { start: at(15), serviceId: physio.id });
    const standard = await defaultService(s.clinic.id);
    const appointments = async (query: string) =>
      (await fhir.get(`/Appointment?${query}`)).json() as Bundle;
    const idsOf = (bundle: Bundle) =>
      matches<Appointment>(expectValidFhir(bundle))
        .map((a) => a.id)
        .sort();
    expect(idsOf(await appointments(`service-type=${SERVICE_SYSTEM}|${physio.id}`))).toEqual([
      session.id,
    ]);
    expect(idsOf(await appointments(`service-type=${standard.id}`))).toEqual([before.id]);
    expect(idsOf(await appointments(`service-type=${standard.id},${physio.id}`))).toEqual(
      [before.id, session.id].sort(),
    );
    expect(idsOf(await appointments('service-type=http://example.org/other|x'))).toEqual([]);
  });

  it('books the service a create names, with its buffers', async () => {
    const res = await fhir.post('/Appointment', booking());
    expect(res.statusCode, res.body).toBe(201);
    const appointment = expectValidFhir(res.json() as Appointment);
    expect(appointment.serviceType![0]!.coding![0]!.code).toBe(physio.id);
    const [row] = await env.db
      .select()
      .from(t.appointments)
      .where(eq(t.appointments.id, appointment.id!));
    expect(row).toMatchObject({ serviceId: physio.id, bufferAfterMinutes: 15 });
    // A time inside its buffer is refused by the same rules (409 or 422, never booked).
    const inBuffer = await fhir.post(
      '/Appointment',
      booking({
        start: '2026-11-24T15:50:00Z',
        end: '2026-11-24T16:20:00Z',
        serviceType: undefined,
      }),
    );
    expect([409, 422]).toContain(inBuffer.statusCode);
  });

  it('refuses another clinic’s service, a length it does not take and an agent who does not offer it', async () => {
    const foreign = await addService(s.foreign.id, { name: 'Elsewhere consult' });
    expect(
      refusal(await fhir.post('/Appointment', booking({ serviceType: [coding(foreign)] }))),
    ).toEqual({
      status: 422,
      text: UNKNOWN_SERVICE,
    });
    expect(
      refusal(await fhir.post('/Appointment', booking({ end: '2026-11-24T15:30:00Z' }))),
    ).toEqual({
      status: 422,
      text: 'Physiotherapy with the chosen provider takes 45 or 60 minutes.',
    });
    const withNurse = await fhir.post(
      '/Appointment',
      booking({
        participant: [
          { actor: { reference: `Patient/${s.patient.id}` }, status: 'accepted' },
          { actor: { reference: `Practitioner/${s.nurse.id}` }, status: 'accepted' },
        ],
      }),
    );
    expect(refusal(withNurse)).toEqual({
      status: 422,
      text: 'The chosen provider does not offer Physiotherapy. Pick another provider or service.',
    });
    expect(
      await env.db.select().from(t.appointments).where(eq(t.appointments.serviceId, physio.id)),
    ).toEqual([]);
  });
});

describe('changing an appointment', () => {
  it('keeps its service: another serviceType is refused, the same one is no change', async () => {
    const res = await fhir.post('/Appointment', booking());
    expect(res.statusCode, res.body).toBe(201);
    const booked = res.json() as Appointment;
    const standard = await defaultService(s.clinic.id);
    const changed = await fhir.put(`/Appointment/${booked.id}`, {
      ...booked,
      serviceType: [coding(standard)],
    });
    expect(refusal(changed)).toEqual({
      status: 422,
      text: 'The service of an appointment cannot change; cancel it and book a new one.',
    });
    const same = await fhir.put(`/Appointment/${booked.id}`, booked);
    expect(same.statusCode, same.body).toBe(200);
    expect((same.json() as Appointment).meta?.versionId).toBe(booked.meta?.versionId);
  });
});

describe('Slot and Schedule serviceType', () => {
  it('offers a service’s slots with its length, clear of a booking’s buffer, and books one', async () => {
    // 10:00–10:45 in New York, keeping 15 minutes after: 10:00–11:00 is blocked.
    const first = await fhir.post('/Appointment', booking());
    expect(first.statusCode, first.body).toBe(201);
    const slots = await search<Slot>(
      `/Slot?service-type=${SERVICE_SYSTEM}|${physio.id}&start=ge2026-11-24T13:00:00Z&start=lt2026-11-24T23:00:00Z`,
    );
    expect(slots.length).toBeGreaterThan(0);
    for (const slot of slots) {
      expect(slot.serviceType).toEqual([{ ...coding(physio), text: 'Physiotherapy' }]);
      const start = Date.parse(slot.start);
      const end = Date.parse(slot.end);
      expect(end - start).toBe(45 * 60_000);
      // The slot's blocked range (its own 15 minutes after) stays clear of 10:00–11:00.
      const overlaps =
        start < Date.parse('2026-11-24T16:00:00Z') &&
        end + 15 * 60_000 > Date.parse('2026-11-24T15:00:00Z');
      expect(overlaps, slot.start).toBe(false);
    }
    // Only the provider offers it: every slot is on their schedule.
    expect(new Set(slots.map((slot) => slot.schedule.reference)).size).toBe(1);

    const later = slots.find((slot) => slot.start >= '2026-11-24T17:00:00')!;
    const read = await fhir.get(`/Slot/${later.id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(expectValidFhir(read.json() as Slot)).toMatchObject({ status: 'free', id: later.id });
    const booked = await fhir.post('/Appointment', {
      resourceType: 'Appointment',
      status: 'booked',
      start: later.start,
      end: later.end,
      // The slot names its service: no serviceType is needed to book it.
      slot: [{ reference: `Slot/${later.id}` }],
      participant: [{ actor: { reference: `Patient/${s.patient.id}` }, status: 'accepted' }],
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect((booked.json() as Appointment).serviceType![0]!.coding![0]!.code).toBe(physio.id);
    expect(expectValidFhir((await fhir.get(`/Slot/${later.id}`)).json() as Slot).status).toBe(
      'busy',
    );
  });

  it('lists on each Schedule the services its agent offers, and finds schedules by service', async () => {
    const standard = await defaultService(s.clinic.id);
    const schedules = await search<Schedule>('/Schedule');
    const ofAgent = (id: string) =>
      schedules.find((x) => x.actor.some((a) => a.reference === `Practitioner/${id}`))!;
    expect(
      ofAgent(s.provider.id)
        .serviceType!.map((c) => c.coding![0]!.code)
        .sort(),
    ).toEqual([standard.id, physio.id].sort());
    expect(ofAgent(s.nurse.id).serviceType!.map((c) => c.coding![0]!.code)).toEqual([standard.id]);
    const byService = await search<Schedule>(`/Schedule?service-type=${physio.id}`);
    expect(byService.map((x) => x.id)).toEqual([ofAgent(s.provider.id).id]);
  });
});
