import { describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { sessionResponse } from '@contracts/auth';
import { passkeyRequestOptions } from '@contracts/passkeys';
import * as t from '../../db/schema';
import { createUserOfBothClinics } from '../../test/scenario';
import { apiAs } from '../../test/api-client';
import { useScenario, useTestApp } from '../../test/test-app';
import { sessionIdOf } from '../auth';
import { PASSKEY_SIGN_IN_REFUSED } from './assertion.service';
import { addPasskey, authenticator, PUBLIC_URL, sessionCookieOf } from './passkey-test-kit';

const env = useTestApp({ now: '2026-11-23T12:00:00Z', config: { PUBLIC_URL } });
const { s, staff } = useScenario(env);

const allowPasskeySignIn = (clinicIds: string[], allowed = true) =>
  env.db.update(t.clinics).set({ passkeySignIn: allowed }).where(inArray(t.clinics.id, clinicIds));

async function signInOptions() {
  const res = await env.app.inject({ method: 'POST', url: '/api/auth/passkeys/sign-in-options' });
  expect(res.statusCode, res.body).toBe(200);
  return passkeyRequestOptions.parse(res.json());
}

const signInWith = (response: object) =>
  env.app.inject({ method: 'POST', url: '/api/auth/passkeys/sign-in', payload: { response } });

async function expectRefused(res: Awaited<ReturnType<typeof signInWith>>) {
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({ error: 'unauthorized', message: PASSKEY_SIGN_IN_REFUSED });
  expect(sessionCookieOf(res)).toBeUndefined();
  expect(await env.db.select().from(t.sessions).where(eq(t.sessions.method, 'passkey'))).toEqual(
    [],
  );
}

describe('signing in with a passkey alone', () => {
  it('starts a whole session, both factors given, where the clinic allows it', async () => {
    await allowPasskeySignIn([s.clinic.id]);
    const { credential, id } = await addPasskey(staff);
    const options = await signInOptions();
    expect(options).toMatchObject({ rpId: 'care.example.org', userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);

    const res = await signInWith(authenticator.get(credential, options));
    expect(res.statusCode, res.body).toBe(200);
    expect(sessionResponse.parse(res.json()).user).toMatchObject({
      id: s.staff.id,
      clinics: [expect.objectContaining({ id: s.clinic.id })],
    });
    const cookie = sessionCookieOf(res)!;
    const [session] = await env.db
      .select()
      .from(t.sessions)
      .where(eq(t.sessions.id, sessionIdOf(cookie.slice('carebook_session='.length))));
    expect(session).toMatchObject({
      userId: s.staff.id,
      stage: 'full',
      method: 'passkey',
      secondFactorAt: env.now(),
    });
    const me = await env.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie },
    });
    expect(me.statusCode).toBe(200);
    const audit = await env.db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.action, 'sign_in'), eq(t.auditLog.entityType, 'session')));
    expect(audit).toEqual([
      expect.objectContaining({
        userId: s.staff.id,
        entityType: 'session',
        details: { method: 'passkey', passkeyId: id },
      }),
    ]);
  });

  it('is refused where one of the user’s clinics does not allow it', async () => {
    const nurse = await createUserOfBothClinics(env.db, s, { role: 'nurse', name: 'Ines Duarte' });
    const { credential } = await addPasskey(await apiAs(env.app, nurse.email));
    await allowPasskeySignIn([s.clinic.id]);
    await expectRefused(await signInWith(authenticator.get(credential, await signInOptions())));

    await allowPasskeySignIn([s.foreign.id]);
    const res = await signInWith(authenticator.get(credential, await signInOptions()));
    expect(res.statusCode, res.body).toBe(200);
    const refusals = await env.db
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.action, 'factor_refused'));
    expect(refusals.map((r) => r.details)).toEqual([
      expect.objectContaining({ reason: 'not_allowed', signIn: true }),
    ]);
  });

  it('is refused for a deactivated user', async () => {
    await allowPasskeySignIn([s.clinic.id]);
    const { credential } = await addPasskey(staff);
    await env.db.update(t.users).set({ active: false }).where(eq(t.users.id, s.staff.id));
    await expectRefused(await signInWith(authenticator.get(credential, await signInOptions())));
  });

  it('is refused for a user of an identity provider that turned passwords off', async () => {
    await allowPasskeySignIn([s.clinic.id]);
    const { credential } = await addPasskey(staff);
    const [provider] = await env.db
      .insert(t.identityProviders)
      .values({
        name: 'Riverside Health SSO',
        issuer: 'https://login.riverside-health.example',
        clientId: 'carebook',
        clientSecret: 'sealed',
        clinicIds: [s.clinic.id],
        ssoOnly: true,
      })
      .returning();
    await env.db.insert(t.userIdentities).values({
      providerId: provider!.id,
      subject: 'sam.ortiz',
      userId: s.staff.id,
      email: s.staff.email,
    });
    await expectRefused(await signInWith(authenticator.get(credential, await signInOptions())));
  });

  it('gives the same refusal for an unknown passkey, a bad signature and no user verification', async () => {
    await allowPasskeySignIn([s.clinic.id]);
    const { credential } = await addPasskey(staff);

    const stranger = authenticator.create({ challenge: 'x', user: { id: 'someone' } });
    await expectRefused(
      await signInWith(authenticator.get(stranger.credential, await signInOptions())),
    );

    const forged = authenticator.get(credential, await signInOptions());
    const signature = Buffer.from(forged.response.signature, 'base64url');
    signature[10]! ^= 0x01;
    forged.response.signature = signature.toString('base64url');
    await expectRefused(await signInWith(forged));

    await expectRefused(
      await signInWith(
        authenticator.get(credential, await signInOptions(), { userVerified: false }),
      ),
    );

    await expectRefused(
      await signInWith(
        authenticator.get(credential, await signInOptions(), {
          userHandle: Buffer.from(s.nurse.id).toString('base64url'),
        }),
      ),
    );
  });

  it('uses a challenge once, and not one made for a second factor', async () => {
    await allowPasskeySignIn([s.clinic.id]);
    const { credential } = await addPasskey(staff);
    const options = await signInOptions();
    expect((await signInWith(authenticator.get(credential, options))).statusCode).toBe(200);
    await env.db.delete(t.sessions).where(eq(t.sessions.method, 'passkey'));
    await expectRefused(await signInWith(authenticator.get(credential, options)));

    const stepUpOptions = (await staff.post('/api/auth/passkeys/second-factor-options')).json();
    await expectRefused(await signInWith(authenticator.get(credential, stepUpOptions)));
  });

  it('refuses a counter that went backwards', async () => {
    await allowPasskeySignIn([s.clinic.id]);
    const { credential } = await addPasskey(staff, { counter: 20 });
    await expectRefused(
      await signInWith(authenticator.get(credential, await signInOptions(), { counter: 19 })),
    );
  });

  it('is rate-limited per address like the password sign-in', async () => {
    const limited = await import('../../test/test-app').then((m) =>
      m.buildTestApp(env.handle, { config: { PUBLIC_URL, LOGIN_RATE_LIMIT_PER_MINUTE: 2 } }),
    );
    try {
      const ask = () =>
        limited.inject({ method: 'POST', url: '/api/auth/passkeys/sign-in-options' });
      expect((await ask()).statusCode).toBe(200);
      expect((await ask()).statusCode).toBe(200);
      const third = await ask();
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});
