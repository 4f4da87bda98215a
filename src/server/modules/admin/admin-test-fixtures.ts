import type { InjectOptions } from 'fastify';
import { createSignInUser, signInFrom, TEST_PASSWORD } from '../../test/auth-helpers';
import { createClinic } from '../../test/factories';
import type { Executor } from '../../db/client';
import type { App } from '../../app';

/**
 * The world of the admin tests: an admin of two clinics, a colleague in one of them, a nurse who
 * also works at a clinic the admin does not belong to (shared), a newcomer in no clinic yet, and a
 * stranger who works only in that other clinic.
 */
export async function adminWorld(db: Executor, app: App) {
  const north = await createClinic(db, { name: 'Northside Clinic' });
  const south = await createClinic(db, { name: 'Southside Clinic' });
  const elsewhere = await createClinic(db, { name: 'Elsewhere Clinic' });
  const admin = await createSignInUser(db, {
    role: 'admin',
    name: 'Ada Admin',
    clinicIds: [north.id, south.id],
  });
  const colleague = await createSignInUser(db, {
    role: 'nurse',
    name: 'Nora Nurse',
    clinicIds: [north.id],
  });
  const shared = await createSignInUser(db, {
    role: 'nurse',
    name: 'Sally Shared',
    clinicIds: [north.id, elsewhere.id],
  });
  const newcomer = await createSignInUser(db, { role: 'staff', name: 'Ned Newcomer' });
  const stranger = await createSignInUser(db, {
    role: 'provider',
    name: 'Sam Stranger',
    clinicIds: [elsewhere.id],
  });
  const cookie = await signInAs(app, admin.email);
  const call = (options: InjectOptions & { method: InjectOptions['method'] }) =>
    app.inject({ ...options, headers: { cookie, ...options.headers } });
  return { north, south, elsewhere, admin, colleague, shared, newcomer, stranger, cookie, call };
}

export type AdminWorld = Awaited<ReturnType<typeof adminWorld>>;

export const sessionOf = (app: App, cookie: string) =>
  app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });

// Each sign-in comes from its own address, so these files stay under the per-address limit of the
// login route however many tests sign in, and no address builds up failures on an account.
let addressCounter = 0;
const nextAddress = () => {
  addressCounter += 1;
  return `10.77.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
};

export const login = (app: App, email: string, password: string) =>
  signInFrom(app, email, password, nextAddress());

/** Signs in through the API and returns the Cookie header value. */
export async function signInAs(app: App, email: string, password = TEST_PASSWORD) {
  const res = await login(app, email, password);
  const cookie = res.cookies.find((c) => c.name === 'carebook_session');
  if (res.statusCode !== 200 || !cookie) throw new Error(`sign-in failed: ${res.statusCode}`);
  return `carebook_session=${cookie.value}`;
}
