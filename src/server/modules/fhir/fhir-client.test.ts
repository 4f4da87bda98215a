import { createServer } from 'node:net';
import { beforeAll, expect, it } from 'vitest';
import { Client } from 'fhir-kit-client';
import type {
  Appointment,
  Bundle,
  CapabilityStatement,
  HealthcareService,
  OperationOutcome,
  Patient,
  Schedule,
  Slot,
} from '@medplum/fhirtypes';
import { apiAs } from '../../test/api-client';
import { createToken, expectValidFhir, matches } from '../../test/fhir-kit';
import { useTestApp } from '../../test/test-app';
import * as t from '../../db/schema';

// The API driven by an independent FHIR client library over HTTP, as another system would:
// fhir-kit-client knows nothing of this server but the FHIR specification.

let port = 0;
beforeAll(async () => {
  port = await new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as { port: number };
      probe.close(() => resolve(free));
    });
  });
});
// Links in Bundles are absolute, from PUBLIC_URL: it must be where the client reaches the app.
const env = useTestApp({
  now: '2026-11-23T12:00:00Z', // Monday 07:00 in New York
  config: () => ({ PUBLIC_URL: `http://127.0.0.1:${port}` }),
});
beforeAll(async () => {
  await env.app.listen({ port, host: '127.0.0.1' });
});

/** The client types every answer loosely (FhirResource); the tests say which resource it is. */
const answer = async <T>(promise: Promise<unknown>): Promise<T> => (await promise) as T;

/** What the client throws for an HTTP error: the status and the OperationOutcome. */
async function failure(promise: Promise<unknown>) {
  const err = (await promise.then(
    () => expect.fail('expected the server to refuse'),
    (e: unknown) => e,
  )) as { response?: { status: number; data: unknown } };
  const data = err.response?.data;
  return {
    status: err.response?.status,
    outcome: expectValidFhir(
      (typeof data === 'string' ? JSON.parse(data) : data) as OperationOutcome,
    ),
  };
}

it('serves a FHIR client: capability, slot search with paging, read, booking, refusal, cancel', async () => {
  const { s } = await env.scenario();
  const { token } = await createToken(await apiAs(env.app, s.admin.email), {
    clinicIds: [s.clinic.id],
  });
  const client = new Client({ baseUrl: `http://127.0.0.1:${port}/fhir/R4`, bearerToken: token });

  const capability = expectValidFhir(
    await answer<CapabilityStatement>(client.capabilityStatement()),
  );
  const appointmentSupport = capability.rest![0]!.resource!.find((r) => r.type === 'Appointment');
  expect(appointmentSupport!.interaction!.map((i) => i.code)).toContain('create');

  const schedules = await answer<Bundle>(
    client.search({
      resourceType: 'Schedule',
      searchParams: { actor: `Practitioner/${s.provider.id}` },
    }),
  );
  const [schedule] = matches<Schedule>(schedules);

  // Tuesday in New York, 08:00–18:00: twenty slots, five a page.
  let page: Bundle | undefined = await answer<Bundle>(
    client.search({
      resourceType: 'Slot',
      searchParams: {
        schedule: `Schedule/${schedule!.id}`,
        status: 'free',
        start: ['ge2026-11-24T00:00:00-05:00', 'lt2026-11-25T00:00:00-05:00'],
        _count: 5,
      },
    }),
  );
  const slots: Slot[] = [];
  let pages = 0;
  while (page) {
    slots.push(...matches<Slot>(page));
    pages += 1;
    const next = client.nextPage({ bundle: page as never });
    page = next ? await answer<Bundle>(next) : undefined;
  }
  expect(pages).toBe(4);
  expect(slots).toHaveLength(20);
  expect(slots[0]).toMatchObject({ start: '2026-11-24T13:00:00.000Z', status: 'free' });

  const patient = expectValidFhir(
    await answer<Patient>(client.read({ resourceType: 'Patient', id: s.patient.id })),
  );
  expect(patient.name![0]!.family).toBe('Núñez');

  const slot = slots[4]!;
  const booking: Appointment = {
    resourceType: 'Appointment',
    status: 'booked',
    slot: [{ reference: `Slot/${slot.id}` }],
    start: slot.start,
    end: slot.end,
    participant: [{ actor: { reference: `Patient/${patient.id}` }, status: 'accepted' }],
  };
  const booked = expectValidFhir(
    await answer<Appointment>(client.create({ resourceType: 'Appointment', body: { ...booking } })),
  );
  expect(booked).toMatchObject({
    status: 'booked',
    start: slot.start,
    participant: [
      { actor: { reference: `Patient/${patient.id}` } },
      { actor: { reference: `Practitioner/${s.provider.id}` } },
      {},
    ],
  });
  const read = await answer<Appointment>(
    client.read({ resourceType: 'Appointment', id: booked.id! }),
  );
  expect(read).toEqual(booked);
  const found = await answer<Bundle>(
    client.search({
      resourceType: 'Appointment',
      searchParams: { patient: `Patient/${patient.id}`, date: 'ge2026-11-24', _sort: 'date' },
    }),
  );
  expect(matches<Appointment>(found).map((a) => a.id)).toEqual([booked.id]);
  // What an EHR's sync asks: the day's appointments with their patients and practitioners in one
  // answer, and how many there are.
  const day = expectValidFhir(
    await answer<Bundle>(
      client.search({
        resourceType: 'Appointment',
        searchParams: {
          actor: `Location/${s.clinic.id}`,
          date: ['sa2026-11-23', 'eb2026-11-25'],
          _include: ['Appointment:patient', 'Appointment:practitioner'],
          _total: 'accurate',
        },
      }),
    ),
  );
  expect(day.total).toBe(1);
  expect(day.entry!.map((e) => [e.search!.mode, e.resource!.resourceType, e.resource!.id])).toEqual(
    [
      ['match', 'Appointment', booked.id],
      ['include', 'Patient', patient.id],
      ['include', 'Practitioner', s.provider.id],
    ],
  );
  const matching = expectValidFhir(
    await answer<Bundle>(
      client.search({
        resourceType: 'Patient',
        searchParams: {
          'family:exact': 'Núñez',
          given: 'jose',
          _revinclude: 'Appointment:patient',
        },
      }),
    ),
  );
  expect(matching.entry!.map((e) => [e.search!.mode, e.resource!.id])).toEqual([
    ['match', patient.id],
    ['include', booked.id],
  ]);

  // The same slot again: refused by the booking rules and the database's constraint.
  const refused = await failure(
    client.create({ resourceType: 'Appointment', body: { ...booking } }),
  );
  expect(refused.status).toBe(409);
  expect(refused.outcome.issue[0]).toMatchObject({ code: 'conflict' });

  const cancelled = expectValidFhir(
    await answer<Appointment>(
      client.update({
        resourceType: 'Appointment',
        id: booked.id!,
        body: { ...read, status: 'cancelled', cancelationReason: { text: 'Patient is unwell' } },
      }),
    ),
  );
  expect(cancelled).toMatchObject({
    status: 'cancelled',
    cancelationReason: { text: 'Patient is unwell' },
  });
  // The time is free again.
  const again = await answer<Slot>(client.read({ resourceType: 'Slot', id: slot.id! }));
  expect(again.status).toBe('free');
});

it('finds a service as a HealthcareService and books one of its slots by its type', async () => {
  const { s } = await env.scenario();
  await env.db.insert(t.services).values({
    clinicId: s.clinic.id,
    name: 'Physiotherapy',
    durations: [45],
    bufferAfterMinutes: 15,
    kind: 'in_person',
  });
  const { token } = await createToken(await apiAs(env.app, s.admin.email), {
    clinicIds: [s.clinic.id],
  });
  const client = new Client({ baseUrl: `http://127.0.0.1:${port}/fhir/R4`, bearerToken: token });

  const [service] = matches<HealthcareService>(
    expectValidFhir(
      await answer<Bundle>(
        client.search({ resourceType: 'HealthcareService', searchParams: { name: 'physio' } }),
      ),
    ),
  );
  expect(service).toMatchObject({ name: 'Physiotherapy', active: true, appointmentRequired: true });
  const [type] = service!.type![0]!.coding!;
  const slots = matches<Slot>(
    expectValidFhir(
      await answer<Bundle>(
        client.search({
          resourceType: 'Slot',
          searchParams: {
            'service-type': `${type!.system}|${type!.code}`,
            start: ['ge2026-11-24T00:00:00-05:00', 'lt2026-11-25T00:00:00-05:00'],
          },
        }),
      ),
    ),
  );
  const slot = slots[0]!;
  expect(slot.serviceType![0]!.coding![0]).toEqual(type);
  const booked = expectValidFhir(
    await answer<Appointment>(
      client.create({
        resourceType: 'Appointment',
        body: {
          resourceType: 'Appointment',
          status: 'booked',
          serviceType: [{ coding: [type!] }],
          slot: [{ reference: `Slot/${slot.id}` }],
          start: slot.start,
          end: slot.end,
          participant: [{ actor: { reference: `Patient/${s.patient.id}` }, status: 'accepted' }],
        },
      }),
    ),
  );
  expect(booked).toMatchObject({ minutesDuration: 45, serviceType: [{ coding: [type] }] });
  const read = await answer<HealthcareService>(
    client.read({ resourceType: 'HealthcareService', id: service!.id! }),
  );
  expect(read).toEqual(service);
});
