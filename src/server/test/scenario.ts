import { expect } from 'vitest';
import type { Appointment } from '@contracts/appointments';
import type { Executor } from '../db/client';
import type { Api } from './api-client';
import * as t from '../db/schema';
import { createSignInUser } from './auth-helpers';
import { createAppointment, createClinic, createPatient } from './factories';

const everyDay = (start: string, end: string) =>
  [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start, end }));

/**
 * A clinic in New York with a provider and a nurse who work 08:00–18:00 every day, a staff
 * member, an admin, two patients, and a second clinic the users do not belong to.
 */
export async function clinicScenario(db: Executor) {
  const clinic = await createClinic(db, {
    name: 'Riverside Family Clinic',
    timezone: 'America/New_York',
  });
  const foreign = await createClinic(db, { name: 'Elsewhere Clinic', timezone: 'Europe/London' });
  const ids = [clinic.id];
  const provider = await createSignInUser(db, {
    role: 'provider',
    name: 'Dr. Priya Raman',
    clinicIds: ids,
  });
  const nurse = await createSignInUser(db, { role: 'nurse', name: 'Nora Kelly', clinicIds: ids });
  const staff = await createSignInUser(db, { role: 'staff', name: 'Sam Ortiz', clinicIds: ids });
  const admin = await createSignInUser(db, { role: 'admin', name: 'Alex Morgan', clinicIds: ids });
  const foreignAgent = await createSignInUser(db, { role: 'provider', clinicIds: [foreign.id] });
  await db.insert(t.schedules).values(
    [provider, nurse, foreignAgent].map((agent) => ({
      agentId: agent.id,
      timezone: 'America/New_York',
      weekly: everyDay('08:00', '18:00'),
    })),
  );
  const patient = await createPatient(db, clinic.id, {
    firstName: 'José',
    lastName: 'Núñez',
    email: 'jose.nunez@example.com',
  });
  const otherPatient = await createPatient(db, clinic.id, {
    firstName: 'Anna',
    lastName: 'Smith',
    email: 'anna.smith@example.com',
  });
  const foreignPatient = await createPatient(db, foreign.id);
  const foreignAppointment = await createAppointment(
    db,
    { clinicId: foreign.id, patientId: foreignPatient.id, staffId: foreignAgent.id },
    { start: new Date('2026-11-24T15:00:00Z') },
  );
  return {
    clinic,
    foreign,
    provider,
    nurse,
    staff,
    admin,
    foreignAgent,
    patient,
    otherPatient,
    foreignPatient,
    foreignAppointment,
  };
}

export type ClinicScenario = Awaited<ReturnType<typeof clinicScenario>>;

type ScenarioAgent = ClinicScenario['provider'];

/** A user of both the scenario's clinics (each with admins of its own), ready to sign in. */
export const createUserOfBothClinics = (
  db: Executor,
  s: ClinicScenario,
  user: { role: 'admin' | 'nurse'; name: string },
) => createSignInUser(db, { ...user, clinicIds: [s.clinic.id, s.foreign.id] });
type ScenarioPatient = ClinicScenario['patient'];

/** An agent as a create body names them. */
export const bodyAgent = (agent: ScenarioAgent) => ({
  id: agent.id,
  name: agent.name,
  email: agent.email,
});

/** A patient of the scenario's clinic as a create body names them. */
export const bodyPatient = (s: ClinicScenario, patient: ScenarioPatient) => ({
  id: patient.id,
  name: `${patient.firstName} ${patient.lastName}`,
  email: patient.email,
  phone: patient.phone,
  clinic: s.clinic.slug,
});

/** A create body as the web app sends it (spec §7). */
export function createBody(
  s: ClinicScenario,
  start: string,
  overrides: Record<string, unknown> = {},
) {
  return {
    date: start,
    startTime: start,
    endTime: new Date(new Date(start).getTime() + 30 * 60_000).toISOString(),
    staff: bodyAgent(s.provider),
    patient: bodyPatient(s, s.patient),
    duration: 30,
    metadata: { source: 'carebook', type: 'custom', notes: 'First visit', status: 'BOOKED' },
    ...overrides,
  };
}

/** A waitlist entry body for the scenario's patient: any provider, any day to the year's end. */
export function waitlistEntryBody(s: ClinicScenario, overrides: Record<string, unknown> = {}) {
  return {
    clinic: s.clinic.slug,
    patientId: s.patient.id,
    providerId: null,
    duration: 30,
    windowFrom: '2026-11-23',
    windowTo: '2026-12-31',
    weekdays: [],
    timesOfDay: [],
    priority: 'normal',
    notes: 'Wants an earlier visit',
    ...overrides,
  };
}

/** Books through the create endpoint as the web app does, and answers the created appointment. */
export async function bookThroughApi(
  api: { post(url: string, payload: object): ReturnType<Api['post']> },
  s: ClinicScenario,
  start: string,
  overrides: Record<string, unknown> = {},
): Promise<Appointment> {
  const res = await api.post('/api/appointments', createBody(s, start, overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Appointment;
}
