import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { passkeyCreationOptions, passkeysResponse, registeredPasskey } from '@contracts/passkeys';
import * as t from '../../db/schema';
import { apiAs } from '../../test/api-client';
import { createSignInUser, signIn } from '../../test/auth-helpers';
import { createClinic } from '../../test/factories';
import { useScenario, useTestApp } from '../../test/test-app';
import {
  LAST_FACTOR_REQUIRED,
  REGISTRATION_EXPIRED,
  SECOND_FACTOR_OWED,
} from './registration.service';
import {
  addPasskey,
  authenticator,
  callWith,
  pendingSessionCookie,
  PUBLIC_URL,
  sessionCookieOf,
} from './passkey-test-kit';

const env = useTestApp({ now: '2026-11-23T12:00:00Z', config: { PUBLIC_URL } });
const { s, staff, admin } = useScenario(env, 'admin');

const registrationOptions = async () =>
  passkeyCreationOptions.parse(
    (await staff.post('/api/auth/passkeys/registration-options')).json(),
  );

describe('adding passkeys', () => {
  it('verifies a real attestation, keeps the public key and names it', async () => {
    const options = await registrationOptions();
    expect(options).toMatchObject({
      rp: { id: 'care.example.org', name: 'Carebook' },
      user: { name: s.staff.email, displayName: 'Sam Ortiz' },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      excludeCredentials: [],
    });
    const { credential, response } = authenticator.create(options, { counter: 3 });
    const res = await staff.post('/api/auth/passkeys', { response, name: ' Work laptop ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Work laptop', lastUsedAt: null, backedUp: false });

    const [row] = await env.db.select().from(t.userPasskeys);
    expect(row).toMatchObject({
      userId: s.staff.id,
      credentialId: credential.id.toString('base64url'),
      signCount: 3,
      transports: ['internal'],
      deviceType: 'singleDevice',
      backedUp: false,
    });
    expect(row!.publicKey.length).toBeGreaterThan(60);
    const audit = await env.db.select().from(t.auditLog).where(eq(t.auditLog.action, 'factor_add'));
    expect(audit).toEqual([
      expect.objectContaining({
        userId: s.staff.id,
        entityType: 'user',
        entityId: s.staff.id,
        details: { factor: 'passkey', passkeyId: row!.id, name: 'Work laptop' },
      }),
    ]);
  });

  it('adds several, numbering the default name, and excludes those already added', async () => {
    const first = await addPasskey(staff);
    env.advance(60_000);
    await addPasskey(staff);
    const options = await registrationOptions();
    expect(options.excludeCredentials?.map((c) => c.id)).toHaveLength(2);
    expect(options.excludeCredentials?.[0]?.id).toBe(first.credential.id.toString('base64url'));
    const list = passkeysResponse.parse((await staff.get('/api/auth/passkeys')).json());
    expect(list.data.map((p) => p.name)).toEqual(['Passkey', 'Passkey 2']);
  });

  it('uses a challenge once', async () => {
    const options = await registrationOptions();
    const { response } = authenticator.create(options);
    expect((await staff.post('/api/auth/passkeys', { response })).statusCode).toBe(201);
    const again = authenticator.create(options);
    const res = await staff.post('/api/auth/passkeys', { response: again.response });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(REGISTRATION_EXPIRED);
    expect(await env.db.select().from(t.userPasskeys)).toHaveLength(1);
  });

  it('refuses a challenge another session asked for, which its own session may still use', async () => {
    const options = await registrationOptions();
    const { response } = authenticator.create(options);
    const otherSession = await apiAs(env.app, s.staff.email);
    const res = await otherSession.post('/api/auth/passkeys', { response });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(REGISTRATION_EXPIRED);
    expect((await staff.post('/api/auth/passkeys', { response })).statusCode).toBe(201);
  });

  it('refuses a challenge after five minutes', async () => {
    const options = await registrationOptions();
    env.advance(5 * 60_000 + 1);
    const { response } = authenticator.create(options);
    const res = await staff.post('/api/auth/passkeys', { response });
    expect(res.statusCode).toBe(400);
    expect(await env.db.select().from(t.userPasskeys)).toEqual([]);
  });

  it('refuses an answer made for another site', async () => {
    const options = await registrationOptions();
    const { response } = authenticator.create(options, { origin: 'https://care-example.org' });
    const res = await staff.post('/api/auth/passkeys', { response });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'This passkey could not be verified, so it was not added. Try again.',
    );
    expect(await env.db.select().from(t.userPasskeys)).toEqual([]);
  });

  it('is refused to a session still waiting for a second factor it has (a stolen password adds none)', async () => {
    await addPasskey(staff);
    const cookie = await pendingSessionCookie(env.db, s.staff.id, env.now());
    const options = await callWith(
      env.app,
      cookie,
      'POST',
      '/api/auth/passkeys/registration-options',
    );
    expect(options.statusCode).toBe(403);
    expect(options.json().message).toBe(SECOND_FACTOR_OWED);
    // An answer to options the whole session asked for is refused the same way.
    const { response } = authenticator.create(await registrationOptions());
    const res = await callWith(env.app, cookie, 'POST', '/api/auth/passkeys', { response });
    expect(res.statusCode).toBe(403);
    expect(await env.db.select().from(t.userPasskeys)).toHaveLength(1);
    expect(sessionCookieOf(res)).toBeUndefined();
  });
});

describe('a passkey set up at a sign-in that must set up a second factor', () => {
  it('is added and finishes the sign-in under a new session, which then reaches the app', async () => {
    const clinic = await createClinic(env.db, { secondFactorPolicy: 'everyone' });
    const user = await createSignInUser(env.db, {
      email: 'ines.varga@harbour.example',
      name: 'Ines Varga',
      role: 'provider',
      clinicIds: [clinic.id],
    });
    const enrolling = await signIn(env.app, user.email);
    const step = await callWith(env.app, enrolling, 'GET', '/api/auth/two-step/sign-in');
    expect(step.json()).toMatchObject({ stage: 'enrol' });
    // Part-way through signing in, the app itself stays shut.
    expect((await callWith(env.app, enrolling, 'GET', '/api/patients')).statusCode).toBe(401);

    const optionsRes = await callWith(
      env.app,
      enrolling,
      'POST',
      '/api/auth/passkeys/registration-options',
    );
    expect(optionsRes.statusCode, optionsRes.body).toBe(200);
    const options = passkeyCreationOptions.parse(optionsRes.json());
    expect(options.user).toMatchObject({ name: user.email });
    const { credential, response } = authenticator.create(options);
    const res = await callWith(env.app, enrolling, 'POST', '/api/auth/passkeys', {
      response,
      name: 'Desk key',
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = registeredPasskey.parse(res.json());
    expect(body).toMatchObject({ name: 'Desk key', user: { id: user.id, email: user.email } });

    const whole = sessionCookieOf(res)!;
    expect(whole).toBeDefined();
    expect(whole).not.toBe(enrolling);
    const sessions = await env.db.select().from(t.sessions).where(eq(t.sessions.userId, user.id));
    expect(sessions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ stage: 'enrol', revokedAt: env.now() }),
        expect.objectContaining({ stage: 'full', revokedAt: null, secondFactorAt: env.now() }),
      ]),
    );
    expect((await callWith(env.app, whole, 'GET', '/api/patients')).statusCode).toBe(200);
    expect((await callWith(env.app, enrolling, 'GET', '/api/auth/session')).statusCode).toBe(401);
    const [row] = await env.db
      .select()
      .from(t.userPasskeys)
      .where(eq(t.userPasskeys.userId, user.id));
    expect(row?.credentialId).toBe(credential.id.toString('base64url'));
    const signIns = await env.db.select().from(t.auditLog).where(eq(t.auditLog.action, 'sign_in'));
    expect(signIns).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          userId: user.id,
          details: { method: 'password', secondFactor: 'passkey', enrolled: true },
        }),
      ]),
    );

    // The next sign-in asks for that passkey as the second factor.
    const next = await signIn(env.app, user.email);
    const nextStep = await callWith(env.app, next, 'GET', '/api/auth/two-step/sign-in');
    expect(nextStep.json()).toMatchObject({ stage: 'second_factor', methods: ['passkey'] });
  });
});

describe('renaming and removing passkeys', () => {
  it('renames and removes one’s own, auditing the removal', async () => {
    const { id } = await addPasskey(staff);
    const renamed = await staff.patch(`/api/auth/passkeys/${id}`, { name: 'Phone' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id, name: 'Phone' });
    const removed = await staff.call('DELETE', `/api/auth/passkeys/${id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await env.db.select().from(t.userPasskeys)).toEqual([]);
    const audit = await env.db
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.action, 'factor_remove'));
    expect(audit).toEqual([
      expect.objectContaining({
        userId: s.staff.id,
        entityId: s.staff.id,
        details: { factor: 'passkey', passkeyId: id, name: 'Phone' },
      }),
    ]);
  });

  it('answers 404 for another user’s passkey, and changes nothing', async () => {
    const { id } = await addPasskey(admin, { name: 'Admin key' });
    expect((await staff.patch(`/api/auth/passkeys/${id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await staff.call('DELETE', `/api/auth/passkeys/${id}`)).statusCode).toBe(404);
    const [row] = await env.db.select().from(t.userPasskeys);
    expect(row).toMatchObject({ id, name: 'Admin key', userId: s.admin.id });
  });

  it('refuses to remove the last second factor where a clinic requires one', async () => {
    await env.db
      .update(t.clinics)
      .set({ secondFactorPolicy: 'everyone' })
      .where(eq(t.clinics.id, s.clinic.id));
    const first = await addPasskey(staff);
    const second = await addPasskey(staff);
    expect((await staff.call('DELETE', `/api/auth/passkeys/${first.id}`)).statusCode).toBe(200);
    const res = await staff.call('DELETE', `/api/auth/passkeys/${second.id}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(LAST_FACTOR_REQUIRED);
    const left = await env.db
      .select()
      .from(t.userPasskeys)
      .where(and(eq(t.userPasskeys.userId, s.staff.id)));
    expect(left.map((p) => p.id)).toEqual([second.id]);
  });

  it('removes the last one where no clinic requires a second factor for the role', async () => {
    await env.db
      .update(t.clinics)
      .set({ secondFactorPolicy: 'admins' })
      .where(eq(t.clinics.id, s.clinic.id));
    const { id } = await addPasskey(staff);
    expect((await staff.call('DELETE', `/api/auth/passkeys/${id}`)).statusCode).toBe(200);
    const adminKey = await addPasskey(admin);
    expect((await admin.call('DELETE', `/api/auth/passkeys/${adminKey.id}`)).statusCode).toBe(422);
  });
});
