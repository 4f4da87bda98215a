import { beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';
import { signInFrom, TEST_PASSWORD } from '../../test/auth-helpers';
import { ACCOUNT_OUTSIDE_SCOPE } from './agent-rules';
import { auditedRecords } from '../../test/audited-records';
import { adminWorld, signInAs, type AdminWorld } from './admin-test-fixtures';

const env = useTestApp();
let w: AdminWorld;
beforeEach(async () => {
  w = await adminWorld(env.db, env.app);
});

const UNKNOWN_ID = '0b7f2c4e-3a1d-4e5f-9a8b-7c6d5e4f3a2b';

const loginFrom = (email: string, password: string, ip: string) =>
  signInFrom(env.app, email, password, ip);

async function throttle(email: string, ip = '10.55.0.1') {
  for (let i = 0; i < 6; i++) await loginFrom(email, `guess ${i}`, ip);
}

const unlock = (id: string, cookie = w.cookie) =>
  env.app.inject({ method: 'POST', url: `/api/admin/agents/${id}/unlock`, headers: { cookie } });

const listed = async (id: string) => {
  const res = await env.app.inject({
    method: 'GET',
    url: '/api/admin/agents',
    headers: { cookie: w.cookie },
  });
  return (res.json().data as Array<{ id: string; signInThrottled: boolean }>).find(
    (r) => r.id === id,
  )!;
};

describe('unlocking sign-in', () => {
  it('shows the account as throttled, and after an unlock lets the guessing address try again', async () => {
    expect((await listed(w.colleague.id)).signInThrottled).toBe(false);
    await throttle(w.colleague.email);
    expect((await loginFrom(w.colleague.email, TEST_PASSWORD, '10.55.0.1')).statusCode).toBe(429);
    expect((await listed(w.colleague.id)).signInThrottled).toBe(true);

    const res = await unlock(w.colleague.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: w.colleague.id, signInThrottled: false });
    expect((await listed(w.colleague.id)).signInThrottled).toBe(false);
    expect((await loginFrom(w.colleague.email, TEST_PASSWORD, '10.55.0.1')).statusCode).toBe(200);
  });

  it('is audited: who unlocked whom, when and from where', async () => {
    await throttle(w.colleague.email);
    await env.app.inject({
      method: 'POST',
      url: `/api/admin/agents/${w.colleague.id}/unlock`,
      headers: { cookie: w.cookie },
      remoteAddress: '10.55.9.9',
    });
    const rows = await auditedRecords(env.db);
    expect(rows).toEqual([
      expect.objectContaining({
        userId: w.admin.id,
        action: 'unlock',
        entityType: 'user',
        entityId: w.colleague.id,
        ip: '10.55.9.9',
      }),
    ]);
  });

  it('is for an admin of all the person’s clinics, like any change to how they sign in', async () => {
    await throttle(w.shared.email);
    const res = await unlock(w.shared.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ACCOUNT_OUTSIDE_SCOPE);
    expect((await loginFrom(w.shared.email, TEST_PASSWORD, '10.55.0.1')).statusCode).toBe(429);
    expect(await auditedRecords(env.db)).toEqual([]);
  });

  it('answers 404 for someone the admin cannot see, and 403 for a non-admin', async () => {
    expect((await unlock(w.stranger.id)).statusCode).toBe(404);
    expect((await unlock(UNKNOWN_ID)).statusCode).toBe(404);
    const nurse = await signInAs(env.app, w.colleague.email);
    expect((await unlock(w.admin.id, nurse)).statusCode).toBe(403);
  });
});
