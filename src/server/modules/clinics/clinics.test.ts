import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useScenario, useTestApp } from '../../test/test-app';
import { createPatient } from '../../test/factories';
import * as t from '../../db/schema';
import { patientSearchResponse, slotsResponse } from '@contracts/clinics';

const env = useTestApp({ now: '2026-11-23T12:00:00Z' });
const { s, staff } = useScenario(env);

describe('GET /api/clinics and nurses', () => {
  it('lists only the user clinics', async () => {
    const res = await staff.get('/api/clinics');
    expect(res.json()).toEqual([
      { id: s.clinic.id, slug: s.clinic.slug, name: s.clinic.name, timezone: 'America/New_York' },
    ]);
  });

  it('lists the clinic bookable agents, not staff or admins, and 404s for another clinic', async () => {
    const res = await staff.get(`/api/clinics/${s.clinic.slug}/nurses`);
    expect(
      res
        .json()
        .map((a: { _id: string }) => a._id)
        .sort(),
    ).toEqual([s.nurse.id, s.provider.id].sort());
    expect(res.json()[0]).toEqual(
      expect.objectContaining({
        _id: expect.any(String),
        name: expect.any(String),
        email: expect.any(String),
        role: expect.any(String),
      }),
    );
    expect((await staff.get(`/api/clinics/${s.foreign.slug}/nurses`)).statusCode).toBe(404);
  });
});

describe('GET /api/clinics/patient', () => {
  it.each([
    ['jose', 'José'],
    ['NUÑEZ', 'José'],
    ['nune', 'José'],
    ['anna.smith@exa', 'Anna'],
    ['  smith ', 'Anna'],
  ])('finds %j case- and accent-insensitively', async (keyword, firstName) => {
    const res = await staff.get(
      `/api/clinics/patient?clinic=${s.clinic.slug}&keyword=${encodeURIComponent(keyword)}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()[0]).toMatchObject({ firstName });
    expect(Object.keys(res.json()[0]).sort()).toEqual([
      '_id',
      'clinic',
      'dob',
      'email',
      'firstName',
      'lastName',
      'phoneNumber',
      'source',
    ]);
  });

  it('ranks prefix matches first and returns at most 20', async () => {
    for (let i = 0; i < 25; i++)
      await createPatient(env.db, s.clinic.id, {
        firstName: `Annabel${i}`,
        lastName: 'Jones',
      });
    await createPatient(env.db, s.clinic.id, { firstName: 'Joanna', lastName: 'Ng' });
    const res = await staff.get(`/api/clinics/patient?clinic=${s.clinic.slug}&keyword=anna`);
    expect(res.json()).toHaveLength(20);
    expect(res.json()[0].firstName).toMatch(/^Anna/);
  });

  it('never searches another clinic, treats % and _ literally, and refuses an empty keyword', async () => {
    expect(
      (await staff.get(`/api/clinics/patient?clinic=${s.foreign.slug}&keyword=a`)).statusCode,
    ).toBe(404);
    expect(
      (await staff.get(`/api/clinics/patient?clinic=${s.clinic.slug}&keyword=%25`)).json(),
    ).toEqual([]);
    expect(
      (await staff.get(`/api/clinics/patient?clinic=${s.clinic.slug}&keyword=%20%20`)).statusCode,
    ).toBe(400);
  });

  it('audits each patient it returns', async () => {
    await staff.get(`/api/clinics/patient?clinic=${s.clinic.slug}&keyword=jose`);
    const rows = await env.db.select().from(t.auditLog).where(eq(t.auditLog.entityType, 'patient'));
    expect(rows).toMatchObject([{ action: 'read', patientId: s.patient.id, userId: s.staff.id }]);
  });
});

describe('POST /api/clinics/:slug/patients', () => {
  const body = {
    firstName: 'Maria',
    lastName: 'González',
    email: 'Maria.Gonzalez@Example.com',
    dob: '1984-02-29',
    phone: '(555) 201-4433',
  };

  it('adds a patient who can then be found', async () => {
    const res = await staff.post(`/api/clinics/${s.clinic.slug}/patients`, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      firstName: 'Maria',
      email: 'maria.gonzalez@example.com',
      dob: '1984-02-29',
      phoneNumber: '(555) 201-4433',
    });
    const found = await staff.get(`/api/clinics/patient?clinic=${s.clinic.slug}&keyword=gonzalez`);
    expect(found.json()[0]._id).toBe(res.json()._id);
  });

  it('is found as the JSON it was added as, on every search path, though the database writes it', async () => {
    const added = (await staff.post(`/api/clinics/${s.clinic.slug}/patients`, body)).json();
    const db = env.db;
    // A patient with no phone or source, added directly, is written with nulls.
    const bare = await createPatient(db, s.clinic.id, {
      lastName: 'Gonzaga',
      phone: null,
      source: null,
    });
    // A whole word, the start of a word, the inside of a word, two words.
    for (const keyword of ['maria', 'gonz', 'onzal', 'maria gonzalez']) {
      const res = await staff.get(
        `/api/clinics/patient?clinic=${s.clinic.slug}&keyword=${keyword}`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const found = res.json();
      // Nothing the contract does not name, nothing missing.
      expect(patientSearchResponse.parse(found)).toEqual(found);
      expect(found).toContainEqual(added);
    }
    const gonz = (
      await staff.get(`/api/clinics/patient?clinic=${s.clinic.slug}&keyword=gonza`)
    ).json();
    expect(gonz).toContainEqual({
      _id: bare.id,
      firstName: bare.firstName,
      lastName: 'Gonzaga',
      email: bare.email,
      dob: bare.dob,
      phoneNumber: null,
      source: null,
      clinic: s.clinic.slug,
    });
  });

  it('answers a duplicate email in the clinic with a 409 naming the existing patient', async () => {
    const res = await staff.post(`/api/clinics/${s.clinic.slug}/patients`, {
      ...body,
      email: 'JOSE.NUNEZ@example.com',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A patient with this email already exists: José Núñez.');
    expect(res.json().existingPatientId).toBe(s.patient.id);
    expect(res.json().details).toBeUndefined();
  });

  it.each([
    ['a bad email', { email: 'not-an-email' }],
    ['a bad date of birth', { dob: '1984-02-30' }],
    ['a date of birth in the future', { dob: '2099-01-01' }],
    ['a date of birth before 1900', { dob: '0001-01-01' }],
    ['a bad phone', { phone: 'call me' }],
    ['a missing name', { firstName: '  ' }],
    ['a NUL byte', { lastName: 'Go\u0000nzalez' }],
  ])('refuses %s with a 400 and adds nobody', async (_, change) => {
    const res = await staff.post(`/api/clinics/${s.clinic.slug}/patients`, { ...body, ...change });
    expect(res.statusCode).toBe(400);
    const [row] = await env.db.select({ n: sql<number>`count(*)::int` }).from(t.patients);
    expect(row!.n).toBe(3);
  });
});

describe('GET /api/clinics/:slug/slots', () => {
  it('offers the agents free times in order, in the spec slot shape', async () => {
    const res = await staff.get(
      `/api/clinics/${s.clinic.slug}/slots?from=2026-11-24&to=2026-11-24&duration=30&agentId=${s.provider.id}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    // Sent as text, not through the contract's serializer: the contract must still accept it.
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(slotsResponse.strict().parse(res.json())).toEqual(res.json());
    const { timezone, slots } = res.json();
    expect(timezone).toBe('America/New_York');
    expect(slots).toHaveLength(20); // 08:00–18:00 in half hours
    expect(slots[0]).toEqual({
      slotId: `${s.provider.id}:2026-11-24T13:00:00.000Z`,
      timestamp: '2026-11-24T13:00:00.000Z',
      startTime: '2026-11-24T13:00:00.000Z',
      endTime: '2026-11-24T13:30:00.000Z',
      agentId: s.provider.id,
      agentName: s.provider.name,
      agentEmail: s.provider.email,
      durationMinutes: 30,
    });
  });

  it('leaves out a booked time, and what it offers can be booked', async () => {
    const query = `/api/clinics/${s.clinic.slug}/slots?from=2026-11-24&to=2026-11-24&agentId=${s.provider.id}`;
    const [first] = (await staff.get(query)).json().slots;
    const booked = await staff.post('/api/appointments', {
      date: first.startTime,
      staff: { id: first.agentId },
      patient: { id: s.patient.id, clinic: s.clinic.slug },
      duration: first.durationMinutes,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const after = (await staff.get(query)).json().slots;
    expect(after.map((x: { slotId: string }) => x.slotId)).not.toContain(first.slotId);
    expect(after).toHaveLength(19);
  });

  it('offers an appointment its own time back when it is being moved', async () => {
    const query = `/api/clinics/${s.clinic.slug}/slots?from=2026-11-24&to=2026-11-24&agentId=${s.provider.id}`;
    const [first] = (await staff.get(query)).json().slots;
    const booked = (
      await staff.post('/api/appointments', {
        date: first.startTime,
        staff: { id: first.agentId },
        patient: { id: s.patient.id, clinic: s.clinic.slug },
      })
    ).json();
    const moving = (await staff.get(`${query}&excludeAppointmentId=${booked._id}`)).json().slots;
    expect(moving.map((x: { slotId: string }) => x.slotId)).toContain(first.slotId);
  });

  it.each([
    'from=2026-11-24',
    'from=2026-11-24&to=2026-11-20',
    'from=2026-01-01&to=2026-12-31',
    'from=2026-11-24&to=2026-11-24&timezone=Nowhere/Land',
    'from=0001-01-01&to=0001-01-02',
    'from=9999-12-30&to=9999-12-31',
    'from=2026-11-24&to=2026-11-24&duration=0x1e',
  ])('refuses %s with a 400', async (query) => {
    expect((await staff.get(`/api/clinics/${s.clinic.slug}/slots?${query}`)).statusCode).toBe(400);
  });
});
