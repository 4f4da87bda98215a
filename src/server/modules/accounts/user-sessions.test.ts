import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { UserSession } from '@contracts/accounts';
import { useScenario, useTestApp } from '../../test/test-app';
import { apiAs, type Api } from '../../test/api-client';
import { createSignInUser, TEST_PASSWORD } from '../../test/auth-helpers';
import * as t from '../../db/schema';

// "Where you're signed in": each user's live sessions, and ending them (issue 43, ADR 047).

const env = useTestApp({ now: '2026-11-23T12:00:00Z' });
const { s, staff, admin } = useScenario(env, 'admin');

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** A browser's calls: its session cookie and its User-Agent on each. */
interface Browser {
  get(url: string): ReturnType<Api['get']>;
  post(url: string): ReturnType<Api['post']>;
  call(method: 'DELETE', url: string): ReturnType<Api['get']>;
}

/** Signs in as a browser would, from an address, with its User-Agent. */
async function signInWith(email: string, userAgent: string, ip: string): Promise<Browser> {
  const res = await env.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: TEST_PASSWORD },
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
  });
  expect(res.statusCode, res.body).toBe(200);
  const token = res.cookies.find((c) => c.name === 'carebook_session')!.value;
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string) =>
    env.app.inject({
      method,
      url,
      headers: { cookie: `carebook_session=${token}`, 'user-agent': userAgent },
    });
  return {
    get: (url) => call('GET', url),
    post: (url) => call('POST', url),
    call,
  };
}

const sessionsOf = async (api: Pick<Browser, 'get'>) => {
  const res = await api.get('/api/auth/sessions');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: UserSession[] }).data;
};

describe('where you are signed in', () => {
  it('lists each live, whole session with its browser, address and times, this one marked', async () => {
    const mac = await signInWith(s.nurse.email, CHROME_MAC, '198.51.100.5');
    env.advance(60_000);
    const phone = await signInWith(s.nurse.email, SAFARI_IPHONE, '203.0.113.8');
    // A session part-way through signing in (ADR 046) is no session: it is not listed.
    await env.db.insert(t.sessions).values({
      id: 'f'.repeat(64),
      userId: s.nurse.id,
      expiresAt: new Date(env.now().getTime() + 600_000),
      stage: 'second_factor',
      createdAt: env.now(),
      lastSeenAt: env.now(),
    });
    const listed = await sessionsOf(mac);
    expect(listed).toEqual([
      expect.objectContaining({
        browser: 'Safari on iOS',
        ip: '203.0.113.8',
        current: false,
        signedInAt: '2026-11-23T12:01:00.000Z',
        method: 'password',
      }),
      expect.objectContaining({
        browser: 'Chrome on macOS',
        ip: '198.51.100.5',
        current: true,
        signedInAt: '2026-11-23T12:00:00.000Z',
      }),
    ]);
    expect((await sessionsOf(phone)).find((x) => x.current)?.browser).toBe('Safari on iOS');
    // Someone else's sessions are not in anyone's list.
    expect((await sessionsOf(staff)).every((x) => !listed.some((y) => y.id === x.id))).toBe(true);
  });

  it('signs out one session, which then opens nothing, and is audited', async () => {
    const mac = await signInWith(s.nurse.email, CHROME_MAC, '198.51.100.5');
    const phone = await signInWith(s.nurse.email, SAFARI_IPHONE, '203.0.113.8');
    const other = (await sessionsOf(mac)).find((x) => !x.current)!;
    const res = await mac.call('DELETE', `/api/auth/sessions/${other.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await phone.get('/api/auth/session')).statusCode).toBe(401);
    expect((await sessionsOf(mac)).map((x) => x.current)).toEqual([true]);
    const [entry] = await env.db
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.action, 'end_session'));
    expect(entry).toMatchObject({ userId: s.nurse.id, entityType: 'session' });
  });

  it('refuses to end another user’s session by its id, as if it did not exist', async () => {
    const theirs = (await sessionsOf(staff)).find((x) => x.current)!;
    const nurse = await apiAs(env.app, s.nurse.email);
    const res = await nurse.call('DELETE', `/api/auth/sessions/${theirs.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No such session of yours. It may have ended already.');
    expect((await staff.get('/api/auth/session')).statusCode).toBe(200);
  });

  it('signs out everywhere else, keeping this browser', async () => {
    const mac = await signInWith(s.nurse.email, CHROME_MAC, '198.51.100.5');
    const phone = await signInWith(s.nurse.email, SAFARI_IPHONE, '203.0.113.8');
    const third = await apiAs(env.app, s.nurse.email);
    const res = await mac.post('/api/auth/sessions/end-others');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    expect((await phone.get('/api/auth/session')).statusCode).toBe(401);
    expect((await third.get('/api/auth/session')).statusCode).toBe(401);
    expect((await mac.get('/api/auth/session')).statusCode).toBe(200);
  });

  it('leaves out sessions idle past their limit', async () => {
    const mac = await signInWith(s.nurse.email, CHROME_MAC, '198.51.100.5');
    await signInWith(s.nurse.email, SAFARI_IPHONE, '203.0.113.8');
    env.advance(29 * 60_000);
    // The one asking is seen now; the phone's session was last seen 29 minutes ago.
    expect(await sessionsOf(mac)).toHaveLength(2);
    env.advance(2 * 60_000);
    expect((await sessionsOf(mac)).map((x) => x.browser)).toEqual(['Chrome on macOS']);
  });
});

describe('an admin ending a staff member’s sessions', () => {
  it('ends all of them, says who did, and is audited', async () => {
    const mac = await signInWith(s.nurse.email, CHROME_MAC, '198.51.100.5');
    const phone = await signInWith(s.nurse.email, SAFARI_IPHONE, '203.0.113.8');
    const res = await admin.post(`/api/admin/agents/${s.nurse.id}/end-sessions`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    expect((await mac.get('/api/auth/session')).statusCode).toBe(401);
    expect((await phone.get('/api/auth/session')).statusCode).toBe(401);
    const rows = await env.db.select().from(t.sessions).where(eq(t.sessions.userId, s.nurse.id));
    expect(rows.map((r) => r.revokedBy)).toEqual([s.admin.id, s.admin.id]);
    const [entry] = await env.db
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.action, 'end_session'));
    expect(entry).toMatchObject({
      userId: s.admin.id,
      entityType: 'user',
      entityId: s.nurse.id,
      details: { ended: 2 },
    });
  });

  it('keeps the admin’s own session when they end their own', async () => {
    const res = await admin.post(`/api/admin/agents/${s.admin.id}/end-sessions`);
    expect(res.statusCode).toBe(200);
    expect((await admin.get('/api/auth/session')).statusCode).toBe(200);
  });

  it('is refused for staff of clinics the admin does not share, and for non-admins', async () => {
    const foreign = await apiAs(env.app, s.foreignAgent.email);
    const res = await admin.post(`/api/admin/agents/${s.foreignAgent.id}/end-sessions`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No such staff member.');
    expect((await foreign.get('/api/auth/session')).statusCode).toBe(200);
    // Someone of both clinics is the admin's colleague: theirs may be ended.
    const shared = await createSignInUser(env.db, { clinicIds: [s.clinic.id, s.foreign.id] });
    expect((await admin.post(`/api/admin/agents/${shared.id}/end-sessions`)).statusCode).toBe(200);
    expect((await staff.post(`/api/admin/agents/${s.nurse.id}/end-sessions`)).statusCode).toBe(403);
  });
});
