import { beforeEach, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import {
  duplicatePairPage,
  mergeResult,
  patientDuplicates,
  type DuplicatePairPage,
} from '@contracts/patient-merge';
import { patientProfile } from '@contracts/patients';
import * as t from '../../db/schema';
import { apiAs, type Api } from '../../test/api-client';
import { createPatient } from '../../test/factories';
import {
  bookThroughApi,
  bodyPatient,
  createBody,
  createUserOfBothClinics,
} from '../../test/scenario';
import { useScenario, useTestApp } from '../../test/test-app';

const env = useTestApp({ now: '2026-11-23T12:00:00Z' }); // Monday 07:00 in New York
const scene = useScenario(env, 'admin', 'provider');
const { staff } = scene;

/** A second record of the scenario's José Núñez, as the front desk might have typed it. */
async function twinRecord(overrides: Partial<typeof t.patients.$inferInsert> = {}) {
  return createPatient(env.db, scene.s.clinic.id, {
    firstName: 'Jose',
    lastName: 'Nunez',
    email: 'jnunez@example.net',
    dob: '1979-05-04',
    phone: null,
    ...overrides,
  });
}

beforeEach(async () => {
  await env.db
    .update(t.patients)
    .set({ dob: '1979-05-04', phone: '(555) 010-2020' })
    .where(eq(t.patients.id, scene.s.patient.id));
});

async function pairs(api: Api, query = ''): Promise<DuplicatePairPage> {
  const res = await api.get(`/api/patients/duplicates${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return duplicatePairPage.parse(res.json());
}

const pairNames = (page: DuplicatePairPage) =>
  page.pairs.map((p) => p.patients.map((r) => `${r.firstName} ${r.lastName}`).join(' / '));

async function versionOf(id: string): Promise<number> {
  const [row] = await env.db
    .select({ version: t.patients.version })
    .from(t.patients)
    .where(eq(t.patients.id, id));
  return row!.version;
}

/** A place on the waitlist for a patient record: 30 minutes, any provider, in December. */
const waitingEntry = (patientId: string) => ({
  clinic: scene.s.clinic.slug,
  patientId,
  providerId: null,
  duration: 30,
  windowFrom: '2026-12-01',
  windowTo: '2026-12-20',
});

/** The appointments booked for a patient record: none are left on one merged away. */
const appointmentsOf = (patientId: string) =>
  env.db.select().from(t.appointments).where(eq(t.appointments.patientId, patientId));

async function merge(api: Api, keptId: string, awayId: string) {
  return api.post(`/api/patients/${keptId}/merge`, {
    mergedAwayId: awayId,
    version: await versionOf(keptId),
    mergedAwayVersion: await versionOf(awayId),
  });
}

describe('likely duplicates', () => {
  it('finds the same birth date with a similar name, and the same phone however it is written', async () => {
    const { s } = scene;
    await twinRecord();
    await createPatient(env.db, s.clinic.id, {
      firstName: 'Ana',
      lastName: 'Smithers',
      email: 'ana.s@example.org',
      dob: '1990-01-01',
      phone: '+1 555-010-2020',
    });
    // Same birth date, another person: neither a similar name nor a shared phone.
    await createPatient(env.db, s.clinic.id, {
      firstName: 'Walter',
      lastName: 'Brennan',
      dob: '1979-05-04',
      phone: null,
    });
    await createPatient(env.db, s.foreign.id, {
      firstName: 'José',
      lastName: 'Núñez',
      dob: '1979-05-04',
    });
    const page = await pairs(staff);
    expect(pairNames(page).sort()).toEqual([
      'Jose Nunez / José Núñez',
      'José Núñez / Ana Smithers',
    ]);
    expect(page.pairs.find((p) => p.patients[0].firstName === 'Jose')!.reasons).toEqual([
      'birthDateAndName',
    ]);
    expect(page.pairs.find((p) => p.patients[1].firstName === 'Ana')!.reasons).toEqual(['phone']);
    expect(page.next).toBeNull();

    const one = await staff.get(`/api/patients/${s.patient.id}/duplicates`);
    expect(one.statusCode, one.body).toBe(200);
    const mine = patientDuplicates.parse(one.json());
    expect(mine.duplicates.map((d) => d.patient.firstName).sort()).toEqual(['Ana', 'Jose']);
  });

  it('pages through the pairs without losing or repeating one', async () => {
    for (let i = 0; i < 5; i++) {
      await createPatient(env.db, scene.s.clinic.id, {
        firstName: `Kim${'m'.repeat(i)}`,
        lastName: `Lee${i}`,
        dob: `1980-01-0${i + 1}`,
        phone: null,
      });
      await createPatient(env.db, scene.s.clinic.id, {
        firstName: `Kim${'m'.repeat(i)}`,
        lastName: `Lee${i}`,
        dob: `1980-01-0${i + 1}`,
        phone: null,
      });
    }
    const seen: string[] = [];
    let after: string | null = '';
    while (after !== null) {
      const page = await pairs(staff, `?limit=2${after ? `&after=${after}` : ''}`);
      seen.push(...pairNames(page));
      after = page.next;
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
  });

  it('forgets a pair marked “Not a duplicate”, for front desk and admins only', async () => {
    const { s } = scene;
    const twin = await twinRecord();
    const refused = await scene.provider.post(`/api/patients/${s.patient.id}/duplicates/dismiss`, {
      otherId: twin.id,
    });
    expect(refused.statusCode).toBe(403);
    expect(pairNames(await pairs(staff))).toHaveLength(1);
    const res = await staff.post(`/api/patients/${twin.id}/duplicates/dismiss`, {
      otherId: s.patient.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const again = await scene.admin.post(`/api/patients/${s.patient.id}/duplicates/dismiss`, {
      otherId: twin.id,
    });
    expect(again.statusCode).toBe(200);
    expect((await pairs(staff)).pairs).toEqual([]);
    const mine = patientDuplicates.parse(
      (await staff.get(`/api/patients/${s.patient.id}/duplicates`)).json(),
    );
    expect(mine.duplicates).toEqual([]);
    expect(await env.db.select().from(t.patientDuplicateDismissals)).toHaveLength(1);
  });

  it('refuses bad input with a clear 4xx and changes nothing', async () => {
    const { s } = scene;
    const cases: [string, unknown, number][] = [
      [`/api/patients/${s.patient.id}/duplicates/dismiss`, { otherId: s.patient.id }, 400],
      [`/api/patients/${s.patient.id}/duplicates/dismiss`, { otherId: 'nope' }, 400],
      [`/api/patients/${s.patient.id}/duplicates/dismiss`, { otherId: s.foreignPatient.id }, 404],
      [
        `/api/patients/${s.patient.id}/merge`,
        { mergedAwayId: s.patient.id, version: 1, mergedAwayVersion: 1 },
        400,
      ],
      [`/api/patients/${s.patient.id}/merge`, { mergedAwayId: s.otherPatient.id }, 400],
      [
        `/api/patients/${s.patient.id}/merge`,
        { mergedAwayId: s.otherPatient.id, version: 1, mergedAwayVersion: 1, extra: 1 },
        400,
      ],
      [
        `/api/patients/${s.patient.id}/merge`,
        { mergedAwayId: s.foreignPatient.id, version: 1, mergedAwayVersion: 1 },
        404,
      ],
      [
        `/api/patients/${s.foreignPatient.id}/merge`,
        { mergedAwayId: s.patient.id, version: 1, mergedAwayVersion: 1 },
        404,
      ],
      [
        `/api/patients/${s.patient.id}/merge`,
        { mergedAwayId: s.otherPatient.id, version: 7, mergedAwayVersion: 1 },
        409,
      ],
    ];
    for (const [url, body, status] of cases) {
      const res = await staff.post(url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)} → ${res.body}`).toBe(status);
      const error = res.json() as { error: string; message: string };
      expect(error.message.length).toBeGreaterThan(10);
    }
    expect((await staff.get('/api/patients/duplicates?after=garbage')).statusCode).toBe(400);
    expect((await staff.get('/api/patients/duplicates?limit=500')).statusCode).toBe(400);
    expect(await env.db.select().from(t.patientDuplicateDismissals)).toEqual([]);
    const merged = await env.db
      .select()
      .from(t.patients)
      .where(inArray(t.patients.id, [s.patient.id, s.otherPatient.id]));
    expect(merged.map((p) => [p.mergedIntoId, p.version])).toEqual([
      [null, 1],
      [null, 1],
    ]);
    expect(
      (
        await scene.provider.post(`/api/patients/${s.patient.id}/merge`, {
          mergedAwayId: s.otherPatient.id,
          version: 1,
          mergedAwayVersion: 1,
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('merging two records', () => {
  it('refuses to merge or dismiss records of two different clinics, even for a user of both', async () => {
    const { s } = scene;
    const both = await createUserOfBothClinics(env.db, s, { role: 'admin', name: 'Dana Both' });
    const api = await apiAs(env.app, both.email);
    const merged = await merge(api, s.patient.id, s.foreignPatient.id);
    expect(merged.statusCode, merged.body).toBe(409);
    expect(merged.json().message).toMatch(/different clinics/);
    const dismissed = await api.post(`/api/patients/${s.patient.id}/duplicates/dismiss`, {
      otherId: s.foreignPatient.id,
    });
    expect(dismissed.statusCode).toBe(409);
    expect(await env.db.select().from(t.patientDuplicateDismissals)).toEqual([]);
    expect(await versionOf(s.foreignPatient.id)).toBe(1);
  });

  it('moves visits, waitlist entries, series and notes, fills empty fields, and audits what moved', async () => {
    const { s } = scene;
    const twin = await twinRecord({
      recordNumber: 'MRN-7',
      city: 'Albany',
      addressLine: '1 Elm St',
    });
    const endpoint = await env.db
      .insert(t.webhookEndpoints)
      .values({
        url: 'https://hooks.example.com/carebook',
        events: ['appointment.updated'],
        clinicIds: [s.clinic.id],
        secret: 'whsec_test_secret_value',
      })
      .returning();
    const booked = await bookThroughApi(staff, s, '2026-11-24T15:00:00.000Z', {
      patient: { ...bodyPatient(s, s.patient), id: twin.id, name: 'Jose Nunez', email: twin.email },
    });
    const series = await staff.post('/api/appointments/series', {
      ...createBody(s, '2026-11-25T15:00:00.000Z'),
      patient: { ...bodyPatient(s, s.patient), id: twin.id, email: twin.email },
      recurrence: { rrule: 'FREQ=WEEKLY;COUNT=2', dtstart: '2026-11-25T15:00:00.000Z' },
    });
    expect(series.statusCode, series.body).toBe(201);
    const waiting = await staff.post('/api/waitlist', waitingEntry(twin.id));
    expect(waiting.statusCode, waiting.body).toBe(201);
    const note = await staff.post(`/api/patients/${twin.id}/notes`, { text: 'Prefers mornings' });
    expect(note.statusCode, note.body).toBe(201);
    const third = await createPatient(env.db, s.clinic.id, { firstName: 'Walt', lastName: 'Ng' });
    await staff.post(`/api/patients/${twin.id}/duplicates/dismiss`, { otherId: third.id });
    const mailsBefore = await env.db.select().from(t.outbox);

    const res = await merge(staff, s.patient.id, twin.id);
    expect(res.statusCode, res.body).toBe(200);
    const result = mergeResult.parse(res.json());
    expect(result.moved).toEqual({ appointments: 3, waitlistEntries: 1, series: 1, notes: 1 });
    expect(result.filled.sort()).toEqual(['addressLine', 'city', 'recordNumber']);
    expect(result.kept).toMatchObject({ recordNumber: 'MRN-7', city: 'Albany', firstName: 'José' });

    const left = await appointmentsOf(twin.id);
    expect(left).toEqual([]);
    const events = await env.db
      .select()
      .from(t.appointmentEvents)
      .where(eq(t.appointmentEvents.appointmentId, booked._id));
    expect(events.map((e) => [e.type, e.fromValue, e.toValue]).at(-1)).toEqual([
      'PATIENT_MERGED',
      'Jose Nunez',
      'José Núñez',
    ]);
    const deliveries = await env.db
      .select()
      .from(t.webhookDeliveries)
      .where(eq(t.webhookDeliveries.endpointId, endpoint[0]!.id));
    expect(deliveries.map((d) => d.event)).toContain('appointment.updated');
    const mailsAfter = await env.db.select().from(t.outbox);
    expect(mailsAfter.length).toBe(mailsBefore.length);

    const [away] = await env.db.select().from(t.patients).where(eq(t.patients.id, twin.id));
    expect(away).toMatchObject({ mergedIntoId: s.patient.id, recordNumber: null });
    expect(away!.archivedAt).not.toBeNull();
    const dismissals = await env.db.select().from(t.patientDuplicateDismissals);
    expect(dismissals.map((d) => [d.patientId, d.otherPatientId].sort())).toEqual([
      [s.patient.id, third.id].sort(),
    ]);
    const audit = await env.db.select().from(t.auditLog).where(eq(t.auditLog.action, 'merge'));
    const patientRows = audit.filter((a) => a.entityType === 'patient');
    expect(patientRows.map((a) => a.patientId).sort()).toEqual([s.patient.id, twin.id].sort());
    expect(patientRows[0]!.details).toMatchObject({
      appointments: expect.arrayContaining([booked._id]),
      notes: [expect.any(String)],
      waitlistEntries: [expect.any(String)],
    });

    const p = patientProfile.parse((await staff.get(`/api/patients/${twin.id}`)).json());
    expect(p.mergedInto).toMatchObject({ id: s.patient.id, name: 'José Núñez' });
    expect(p.canEdit).toBe(false);
    const kept = patientProfile.parse((await staff.get(`/api/patients/${s.patient.id}`)).json());
    expect(kept.notes.map((n) => n.text)).toEqual(['Prefers mornings']);
    expect(kept.waitlist).toHaveLength(1);
    const list = await staff.get('/api/patients?q=nunez&archived=true');
    expect(list.json().patients.map((x: { id: string }) => x.id)).toEqual([s.patient.id]);
  });

  it('refuses anything more for the merged-away record, naming the kept one', async () => {
    const { s } = scene;
    const twin = await twinRecord();
    expect((await merge(staff, s.patient.id, twin.id)).statusCode).toBe(200);
    const v = await versionOf(twin.id);
    const attempts = [
      await staff.post('/api/appointments', {
        ...createBody(s, '2026-11-24T15:00:00.000Z'),
        patient: { ...bodyPatient(s, s.patient), id: twin.id, email: twin.email },
      }),
      await staff.post('/api/waitlist', waitingEntry(twin.id)),
      await staff.patch(`/api/patients/${twin.id}`, { version: v, city: 'Troy' }),
      await staff.post(`/api/patients/${twin.id}/notes`, { text: 'Too late' }),
      await staff.post(`/api/patients/${twin.id}/erase`, { version: v, reason: 'Asked' }),
      await merge(staff, s.patient.id, twin.id),
      await merge(staff, twin.id, s.otherPatient.id),
    ];
    for (const res of attempts) {
      expect(res.statusCode, res.body).toBe(409);
    }
    expect(attempts[0]!.json()).toMatchObject({
      message: expect.stringContaining('José Núñez'),
      existingPatientId: s.patient.id,
    });
    expect(await versionOf(twin.id)).toBe(v);
    const created = await staff.post(`/api/clinics/${s.clinic.slug}/patients`, {
      firstName: 'Jose',
      lastName: 'Nunez',
      email: twin.email,
    });
    expect(created.statusCode).toBe(409);
    expect(created.json()).toMatchObject({ existingPatientId: s.patient.id });
  });

  it('lets only one of two merges of one pair, made either way round at once, happen', async () => {
    const { s } = scene;
    const twin = await twinRecord();
    const [one, other] = await Promise.all([
      merge(staff, s.patient.id, twin.id),
      merge(scene.admin, twin.id, s.patient.id),
    ]);
    expect([one.statusCode, other.statusCode].sort()).toEqual([200, 409]);
    const rows = await env.db
      .select({ id: t.patients.id, into: t.patients.mergedIntoId })
      .from(t.patients)
      .where(inArray(t.patients.id, [s.patient.id, twin.id]));
    expect(rows.filter((r) => r.into !== null)).toHaveLength(1);
  });

  it('decides a merge racing a booking for the merged-away record: the visit moves or is refused', async () => {
    const { s } = scene;
    for (let round = 0; round < 4; round++) {
      const twin = await twinRecord({ email: `twin${round}@example.net` });
      const start = new Date(Date.parse('2026-11-24T14:00:00.000Z') + round * 3_600_000);
      const [booking, merged] = await Promise.all([
        staff.post('/api/appointments', {
          ...createBody(s, start.toISOString()),
          patient: { ...bodyPatient(s, s.patient), id: twin.id, email: twin.email },
        }),
        merge(scene.admin, s.patient.id, twin.id),
      ]);
      expect(merged.statusCode, merged.body).toBe(200);
      expect([201, 409], booking.body).toContain(booking.statusCode);
      const left = await appointmentsOf(twin.id);
      expect(left).toEqual([]);
      const atThatTime = await env.db
        .select()
        .from(t.appointments)
        .where(and(eq(t.appointments.startAt, start), eq(t.appointments.clinicId, s.clinic.id)));
      expect(atThatTime.length, booking.body).toBe(booking.statusCode === 201 ? 1 : 0);
      if (booking.statusCode === 201) expect(atThatTime[0]!.patientId).toBe(s.patient.id);
    }
  });
});
