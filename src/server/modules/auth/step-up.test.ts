import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import * as t from '../../db/schema';
import { sessionCookieFor } from '../../test/auth-helpers';
import { useScenario, useTestApp } from '../../test/test-app';
import { sessionIdOf } from './session-id';
import { STEP_UP_REQUIRED } from './step-up';
import { call, codeAt, enrolTotp } from './two-step-test-kit';

const env = useTestApp({ now: '2026-11-28T11:00:05Z' });
const { s, admin } = useScenario(env, 'admin');

const createToken = (cookie: string) =>
  call(env.app, 'POST', '/api/admin/api-tokens', cookie, {
    name: 'Billing sync',
    clinicIds: [s.clinic.id],
    scopes: ['read'],
  });

/** The admin sets up the app in their session, and the clock moves on a step. */
async function adminWithApp() {
  const { secret, recoveryCodes } = await enrolTotp(env.app, admin.cookie, env.now());
  env.advance(30_000);
  return { secret, recoveryCodes };
}

describe('step-up before sensitive changes', () => {
  it('an admin without a second factor is not asked: there is nothing to ask for', async () => {
    expect((await createToken(admin.cookie)).statusCode).toBe(201);
  });

  it('asks an admin with one for a fresh code, then lets the change through', async () => {
    const { secret } = await adminWithApp();
    const asked = await createToken(admin.cookie);
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toEqual({ error: 'step_up_required', message: STEP_UP_REQUIRED });

    const wrong = await call(env.app, 'POST', '/api/auth/step-up', admin.cookie, {
      code: '123456',
    });
    expect(wrong.statusCode).toBe(400);
    expect((await createToken(admin.cookie)).statusCode).toBe(403);

    const stepped = await call(env.app, 'POST', '/api/auth/step-up', admin.cookie, {
      code: codeAt(secret, env.now()),
    });
    expect(stepped.statusCode, stepped.body).toBe(200);
    expect((await createToken(admin.cookie)).statusCode).toBe(201);
    // Fresh for ten minutes, then asked again.
    env.advance(9 * 60_000);
    expect((await createToken(admin.cookie)).statusCode).toBe(201);
    env.advance(60_000);
    expect((await createToken(admin.cookie)).statusCode).toBe(403);
  });

  it('takes a recovery code too', async () => {
    const { recoveryCodes } = await adminWithApp();
    const stepped = await call(env.app, 'POST', '/api/auth/step-up', admin.cookie, {
      code: recoveryCodes[0],
    });
    expect(stepped.statusCode).toBe(200);
    expect((await createToken(admin.cookie)).statusCode).toBe(201);
  });

  it('guards webhooks, roles, patient exports and erasure', async () => {
    await adminWithApp();
    const asked = [
      await call(env.app, 'POST', '/api/admin/webhooks', admin.cookie, {
        url: 'https://billing.example.com/hooks',
        events: ['appointment.created'],
        clinicIds: [s.clinic.id],
      }),
      await env.app.inject({
        method: 'PUT',
        url: `/api/admin/agents/${s.staff.id}`,
        headers: { cookie: admin.cookie },
        payload: { role: 'nurse' },
      }),
      await call(env.app, 'GET', `/api/patients/export?clinic=${s.clinic.slug}`, admin.cookie),
      await call(env.app, 'POST', `/api/patients/${s.patient.id}/erase`, admin.cookie, {
        version: 1,
        reason: 'The patient asked to be forgotten.',
      }),
    ];
    expect(asked.map((r) => r.statusCode)).toEqual([403, 403, 403, 403]);
    for (const res of asked.filter((r) => r.statusCode === 403)) {
      expect(res.json().error).toBe('step_up_required');
    }
    // A form that sends the role unchanged is no role change.
    const same = await env.app.inject({
      method: 'PUT',
      url: `/api/admin/agents/${s.staff.id}`,
      headers: { cookie: admin.cookie },
      payload: { role: 'staff', name: s.staff.name },
    });
    expect(same.statusCode, same.body).toBe(200);
  });

  it('refuses the patient export without a fresh factor, by any way of asking, and sends it after the step-up', async () => {
    const { secret } = await adminWithApp();
    const exportUrl = `/api/patients/export?clinic=${s.clinic.slug}`;
    // A direct address, a HEAD request, a browser's Accept: none of them gets the file.
    const refused = [
      await call(env.app, 'GET', exportUrl, admin.cookie),
      await env.app.inject({ method: 'HEAD', url: exportUrl, headers: { cookie: admin.cookie } }),
      await env.app.inject({
        method: 'GET',
        url: exportUrl,
        headers: { cookie: admin.cookie, accept: 'text/csv,*/*' },
      }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([403, 403, 403]);
    for (const res of refused) {
      expect(res.headers['content-disposition']).toBeUndefined();
      expect(res.body).not.toContain(s.patient.lastName);
    }
    // A session still waiting for its second factor gets nothing either.
    const token = randomBytes(32).toString('base64url');
    await env.db.insert(t.sessions).values({
      id: sessionIdOf(token),
      userId: s.admin.id,
      createdAt: env.now(),
      lastSeenAt: env.now(),
      expiresAt: new Date(env.now().getTime() + 10 * 60_000),
      stage: 'second_factor',
      method: 'password',
    });
    const pending = `carebook_session=${token}`;
    expect((await call(env.app, 'GET', exportUrl, pending)).statusCode).toBe(401);

    const stepped = await call(env.app, 'POST', '/api/auth/step-up', admin.cookie, {
      code: codeAt(secret, env.now()),
    });
    expect(stepped.statusCode, stepped.body).toBe(200);
    const sent = await call(env.app, 'GET', exportUrl, admin.cookie);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.headers['content-type']).toMatch(/^text\/csv/);
    expect(sent.headers['content-disposition']).toMatch(/^attachment; filename=".+\.csv"$/);
    expect(sent.body).toContain(s.patient.lastName);
    // The step-up belongs to that session: another session of the same admin is still asked.
    const other = await sessionCookieFor(env.db, s.admin.id, env.now());
    expect((await call(env.app, 'GET', exportUrl, other)).statusCode).toBe(403);
  });
});
