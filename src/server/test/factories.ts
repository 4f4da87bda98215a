import { randomBytes } from 'node:crypto';
import { faker } from '@faker-js/faker';
import { normalizeSearchText } from '@domain/search-text';
import type { Executor } from '../db/client';
import * as t from '../db/schema';

// Factories give each test the rows it needs with realistic values; no test leans on the seed.

export async function createClinic(
  db: Executor,
  overrides: Partial<typeof t.clinics.$inferInsert> = {},
) {
  const city = faker.location.city();
  const [row] = await db
    .insert(t.clinics)
    .values({
      slug: `${faker.helpers.slugify(city).toLowerCase()}-${randomBytes(3).toString('hex')}`,
      name: `${city} Clinic`,
      timezone: 'America/New_York',
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createUser(
  db: Executor,
  overrides: Partial<typeof t.users.$inferInsert> & { clinicIds?: string[] } = {},
) {
  const { clinicIds = [], ...values } = overrides;
  const firstName = faker.person.firstName();
  const lastName = faker.person.lastName();
  const [row] = await db
    .insert(t.users)
    .values({
      email: faker.internet
        .email({ firstName, lastName, provider: `${randomBytes(3).toString('hex')}.test` })
        .toLowerCase(),
      name: `${firstName} ${lastName}`,
      role: 'provider',
      timezone: 'America/New_York',
      ...values,
    })
    .returning();
  if (clinicIds.length) {
    await db
      .insert(t.clinicMembers)
      .values(clinicIds.map((clinicId) => ({ userId: row!.id, clinicId })));
  }
  return row!;
}

/**
 * A random last name that does not start with "Smith": the scenario's patient is Anna Smith, and
 * tests search for "smith" expecting only the patients they named (faker also says "Smitham").
 */
function randomLastName(): string {
  for (;;) {
    const name = faker.person.lastName();
    if (!/^smith/i.test(name)) return name;
  }
}

export async function createPatient(
  db: Executor,
  clinicId: string,
  overrides: Partial<typeof t.patients.$inferInsert> = {},
) {
  const firstName = overrides.firstName ?? faker.person.firstName();
  const lastName = overrides.lastName ?? randomLastName();
  const email =
    overrides.email ??
    faker.internet
      .email({ firstName, lastName, provider: `${randomBytes(3).toString('hex')}.example.com` })
      .toLowerCase();
  const [row] = await db
    .insert(t.patients)
    .values({
      clinicId,
      firstName,
      lastName,
      email,
      dob: faker.date.birthdate({ mode: 'age', min: 1, max: 90 }).toISOString().slice(0, 10),
      phone: faker.phone.number({ style: 'national' }),
      source: 'front-desk',
      searchText: normalizeSearchText(firstName, lastName, email),
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createAppointment(
  db: Executor,
  refs: { clinicId: string; patientId: string; staffId: string },
  overrides: Partial<typeof t.appointments.$inferInsert> & { start?: Date } = {},
) {
  const { start = faker.date.soon({ days: 10 }), ...values } = overrides;
  const duration = values.duration ?? 30;
  const [row] = await db
    .insert(t.appointments)
    .values({
      ...refs,
      startAt: start,
      endAt: new Date(start.getTime() + duration * 60_000),
      duration,
      status: 'BOOKED',
      token: randomBytes(24).toString('base64url'),
      ...values,
    })
    .returning();
  return row!;
}

/** A service of the clinic: 30 minutes, by video, as the table's defaults have it, unless told otherwise. */
export async function createService(
  db: Executor,
  clinicId: string,
  overrides: Partial<typeof t.services.$inferInsert> = {},
) {
  const [row] = await db
    .insert(t.services)
    .values({ clinicId, name: 'Physiotherapy', durations: [30], ...overrides })
    .returning();
  return row!;
}

/** A room of the clinic, of the category services ask for most: a treatment room. */
export async function createResource(
  db: Executor,
  clinicId: string,
  overrides: Partial<typeof t.resources.$inferInsert> = {},
) {
  const [row] = await db
    .insert(t.resources)
    .values({
      clinicId,
      name: 'Treatment room 1',
      kind: 'room',
      category: 'Treatment room',
      ...overrides,
    })
    .returning();
  return row!;
}
