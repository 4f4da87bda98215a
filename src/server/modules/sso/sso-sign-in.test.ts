import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as t from '../../db/schema';
import { apiAs } from '../../test/api-client';
import { createSignInUser, TEST_PASSWORD } from '../../test/auth-helpers';
import { SsoBrowser, startOpenIdProvider, type TestOpenIdProvider } from '../../test/oidc-kit';
import { useTestApp } from '../../test/test-app';
import { providerBody, saveProvider } from './sso-test-kit';

// Single sign-on against the certified oidc-provider, run by this file on 127.0.0.1 (ADR 048).
const PUBLIC_URL = 'http://localhost:3000';
const env = useTestApp({ config: { PUBLIC_URL } });
let op: TestOpenIdProvider;
/** A second real provider with the same client: its answers are not our provider's. */
let otherOp: TestOpenIdProvider;
/**
 * Where `op` posts its logout tokens: the test app answers app.inject() only, so they are caught
 * here, exactly as sent, and handed to the app by the test.
 */
let logoutSink: Server;
const logoutTokens: string[] = [];

beforeAll(async () => {
  logoutSink = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += String(chunk)));
    req.on('end', () => {
      const token = new URLSearchParams(body).get('logout_token');
      if (token) logoutTokens.push(token);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => logoutSink.listen(0, '127.0.0.1', resolve));
  const registration = {
    redirectUris: [`${PUBLIC_URL}/api/auth/sso/callback`],
    postLogoutRedirectUris: [`${PUBLIC_URL}/auth/login`],
  };
  [op, otherOp] = await Promise.all([
    startOpenIdProvider({
      ...registration,
      backchannelLogoutUri: `http://127.0.0.1:${(logoutSink.address() as AddressInfo).port}/logout`,
    }),
    startOpenIdProvider(registration),
  ]);
});
afterAll(async () => {
  await Promise.all([op?.close(), otherOp?.close()]);
  logoutSink?.closeAllConnections();
  await new Promise<void>((resolve) => logoutSink?.close(() => resolve()) ?? resolve());
});

async function setUp(overrides: Parameters<typeof providerBody>[2] = {}) {
  const { s } = await env.scenario();
  const admin = await apiAs(env.app, s.admin.email);
  const provider = await saveProvider(admin, providerBody(op.issuer, s.clinic.id, overrides));
  return { s, admin, provider };
}

const browser = () => new SsoBrowser(env.app, PUBLIC_URL);

function person(login: string, claims: Partial<Parameters<typeof op.accounts.set>[1]> = {}) {
  op.accounts.set(login, {
    email: `${login}@riverside.example`,
    email_verified: true,
    name: 'Ines Duarte',
    groups: ['carebook-nurses'],
    ...claims,
  });
  return `${login}@riverside.example`;
}

const sessionOf = (b: SsoBrowser) => b.cookie(PUBLIC_URL, 'carebook_session');

async function whoIs(b: SsoBrowser) {
  const res = await env.app.inject({
    method: 'GET',
    url: '/api/auth/session',
    headers: { cookie: b.cookieHeader(PUBLIC_URL) },
  });
  return res.statusCode === 200 ? res.json<{ user: { email: string; role: string } }>().user : null;
}

describe('signing in through an OpenID Provider', () => {
  it('creates an account from the groups at the first sign-in, and signs it in', async () => {
    const { s, provider } = await setUp();
    const email = person('ines', { groups: ['everyone', 'carebook-nurses'] });
    const b = browser();
    const callback = await b.signInAtProvider(`email=${encodeURIComponent(email)}`, 'ines');
    const landing = await b.landing(callback);
    expect(landing.pathname).toBe('/dashboard');
    expect(await whoIs(b)).toMatchObject({ email, role: 'nurse' });

    const [user] = await env.db.select().from(t.users).where(eq(t.users.email, email));
    expect(user).toMatchObject({ name: 'Ines Duarte', role: 'nurse', passwordHash: null });
    const members = await env.db
      .select()
      .from(t.clinicMembers)
      .where(eq(t.clinicMembers.userId, user!.id));
    expect(members.map((m) => m.clinicId)).toEqual([s.clinic.id]);
    const [session] = await env.db.select().from(t.sessions).where(eq(t.sessions.userId, user!.id));
    expect(session).toMatchObject({
      method: 'sso',
      stage: 'full',
      identityProviderId: provider.id,
    });
    const links = await env.db.select().from(t.auditLog).where(eq(t.auditLog.action, 'sso_link'));
    expect(links).toHaveLength(1);
  });

  it('follows the groups at each sign-in of an account it created', async () => {
    await setUp();
    const email = person('omar');
    const first = browser();
    await first.landing(await first.signInAtProvider(`email=${email}`, 'omar'));
    expect(await whoIs(first)).toMatchObject({ role: 'nurse' });

    person('omar', { groups: ['carebook-admins'] });
    const second = browser();
    await second.landing(await second.signInAtProvider(`email=${email}`, 'omar'));
    expect(await whoIs(second)).toMatchObject({ role: 'admin' });

    person('omar', { groups: ['former-staff'] });
    const third = browser();
    const refused = await third.landing(await third.signInAtProvider(`email=${email}`, 'omar'));
    expect(refused.searchParams.get('sso_error')).toBe('no_group');
  });

  it('links an existing account by its verified e-mail, which keeps its role and password', async () => {
    const { s, provider } = await setUp();
    const existing = await createSignInUser(env.db, {
      email: 'lena.brandt@riverside.example',
      role: 'provider',
      clinicIds: [s.clinic.id],
    });
    person('lena', { email: 'Lena.Brandt@riverside.example', groups: ['carebook-admins'] });
    const b = browser();
    const landing = await b.landing(
      await b.signInAtProvider('email=lena.brandt@riverside.example', 'lena'),
    );
    expect(landing.pathname).toBe('/dashboard');
    expect(await whoIs(b)).toMatchObject({ email: existing.email, role: 'provider' });
    const [identity] = await env.db
      .select()
      .from(t.userIdentities)
      .where(eq(t.userIdentities.userId, existing.id));
    expect(identity).toMatchObject({ providerId: provider.id, subject: 'lena' });
    const [audit] = await env.db.select().from(t.auditLog).where(eq(t.auditLog.action, 'sso_link'));
    expect(audit).toMatchObject({ entityId: existing.id, userId: existing.id });
  });

  it('refuses an account it may neither link nor create, and changes nothing', async () => {
    const { s } = await setUp({ createUsers: false, linkByEmail: false });
    await createSignInUser(env.db, { email: 'kai@riverside.example', clinicIds: [s.clinic.id] });
    person('kai');
    person('newcomer');
    for (const login of ['kai', 'newcomer']) {
      const b = browser();
      const landing = await b.landing(
        await b.signInAtProvider(`email=${login}@riverside.example`, login),
      );
      expect(landing.searchParams.get('sso_error')).toBe('not_allowed');
      expect(sessionOf(b)).toBeUndefined();
    }
    expect(await env.db.select().from(t.userIdentities)).toEqual([]);
    expect(
      await env.db.select().from(t.users).where(eq(t.users.email, 'newcomer@riverside.example')),
    ).toEqual([]);
  });

  it('does not link an account that belongs to a clinic the provider does not serve', async () => {
    const { s } = await setUp();
    await createSignInUser(env.db, {
      email: 'both@riverside.example',
      clinicIds: [s.clinic.id, s.foreign.id],
    });
    person('both');
    const b = browser();
    const landing = await b.landing(
      await b.signInAtProvider('email=both@riverside.example', 'both'),
    );
    expect(landing.searchParams.get('sso_error')).toBe('not_allowed');
  });

  it('refuses a person whose groups map to nothing, and an e-mail the provider has not verified', async () => {
    await setUp();
    person('nogroup', { groups: ['everyone'] });
    person('unverified', { email_verified: false });
    const cases = [
      ['nogroup', 'no_group'],
      ['unverified', 'email_unverified'],
    ] as const;
    for (const [login, code] of cases) {
      const b = browser();
      const landing = await b.landing(
        await b.signInAtProvider(`email=${login}@riverside.example`, login),
      );
      expect(landing.searchParams.get('sso_error')).toBe(code);
    }
    expect(await env.db.select().from(t.userIdentities)).toEqual([]);
  });

  it('refuses a deactivated account', async () => {
    const { s } = await setUp();
    await createSignInUser(env.db, {
      email: 'gone@riverside.example',
      clinicIds: [s.clinic.id],
      active: false,
    });
    person('gone');
    const b = browser();
    const landing = await b.landing(
      await b.signInAtProvider('email=gone@riverside.example', 'gone'),
    );
    expect(landing.searchParams.get('sso_error')).toBe('inactive');
  });

  it('sends an address no provider serves back to the sign-in page', async () => {
    await setUp();
    const landing = await browser().landing(
      `${PUBLIC_URL}/api/auth/sso/start?email=ana@elsewhere.example`,
    );
    expect(landing.pathname).toBe('/auth/login');
    expect(landing.searchParams.get('sso_error')).toBe('no_provider');
  });
});

describe('answers that are not this sign-in’s', () => {
  it('refuses a callback whose state this browser did not start', async () => {
    await setUp();
    person('sam');
    const b = browser();
    const callback = new URL(await b.signInAtProvider('email=sam@riverside.example', 'sam'));
    callback.searchParams.set('state', 'a-state-nobody-started');
    expect((await b.landing(callback.toString())).searchParams.get('sso_error')).toBe('state');
    expect(sessionOf(b)).toBeUndefined();
  });

  it('refuses a callback opened in another browser than the one that started it', async () => {
    await setUp();
    person('sam');
    const victim = browser();
    const callback = await victim.signInAtProvider('email=sam@riverside.example', 'sam');
    const attacker = browser();
    const landing = await attacker.landing(callback);
    expect(landing.searchParams.get('sso_error')).toBe('browser');
    expect(sessionOf(attacker)).toBeUndefined();
  });

  it('refuses a callback replayed after it signed someone in', async () => {
    await setUp();
    person('sam');
    const b = browser();
    const callback = await b.signInAtProvider('email=sam@riverside.example', 'sam');
    const bindCookie = b.cookie(PUBLIC_URL, 'carebook_sso');
    expect((await b.landing(callback)).pathname).toBe('/dashboard');
    b.setCookie(PUBLIC_URL, 'carebook_sso', bindCookie);
    b.setCookie(PUBLIC_URL, 'carebook_session', undefined);
    expect((await b.landing(callback)).searchParams.get('sso_error')).toBe('state');
    expect(sessionOf(b)).toBeUndefined();
  });

  it('refuses a sign-in that took longer than ten minutes', async () => {
    await setUp();
    person('sam');
    const b = browser();
    const callback = await b.signInAtProvider('email=sam@riverside.example', 'sam');
    env.setNow(new Date(Date.now() + 11 * 60_000));
    expect((await b.landing(callback)).searchParams.get('sso_error')).toBe('state');
  });

  it('refuses an answer from another OpenID Provider than the one set up', async () => {
    await setUp();
    person('sam');
    otherOp.accounts.set('sam', op.accounts.get('sam')!);
    const b = browser();
    // The sign-in starts at our provider; the browser is then taken to the other one, which
    // signs the person in and sends them back with its own code and issuer.
    const toOp = await b.request(`${PUBLIC_URL}/api/auth/sso/start?email=sam@riverside.example`);
    const diverted = new URL(toOp.location!);
    const other = new URL(otherOp.issuer);
    diverted.host = other.host;
    const page = await b.follow(diverted.toString());
    const action = /<form[^>]*action="([^"]+)"/.exec(page.body)![1]!;
    const submitted = await b.request(new URL(action, page.url).toString(), {
      method: 'POST',
      form: { prompt: 'login', login: 'sam', password: 'x' },
    });
    const back = await b.follow(
      submitted.location!,
      (u) => u.pathname === '/api/auth/sso/callback',
    );
    expect(new URL(back.url).searchParams.get('iss')).toBe(otherOp.issuer);
    expect((await b.landing(back.url)).searchParams.get('sso_error')).toBe('issuer');
    expect(sessionOf(b)).toBeUndefined();
  });

  it('refuses an ID token whose nonce is not the one this sign-in sent', async () => {
    await setUp();
    person('sam');
    const b = browser();
    const callback = await b.signInAtProvider('email=sam@riverside.example', 'sam');
    // The provider answered honestly; what this sign-in expects is changed under it.
    await env.db.update(t.oidcSignIns).set({ nonce: 'a-nonce-this-sign-in-never-sent' });
    expect((await b.landing(callback)).searchParams.get('sso_error')).toBe('nonce');
    expect(sessionOf(b)).toBeUndefined();
  });

  it('refuses an expired ID token (our clock two hours past the provider’s)', async () => {
    await setUp();
    person('sam');
    env.setNow(new Date(Date.now() + 2 * 3600_000));
    const b = browser();
    const callback = await b.signInAtProvider('email=sam@riverside.example', 'sam');
    expect((await b.landing(callback)).searchParams.get('sso_error')).toBe('expired');
  });

  it('allows a clock difference within a minute and refuses one beyond it', async () => {
    await setUp();
    person('sam');
    env.setNow(new Date(Date.now() - 30_000));
    const near = browser();
    const ok = await near.landing(
      await near.signInAtProvider('email=sam@riverside.example', 'sam'),
    );
    expect(ok.pathname).toBe('/dashboard');

    env.setNow(new Date(Date.now() - 5 * 60_000));
    const far = browser();
    const refused = await far.landing(
      await far.signInAtProvider('email=sam@riverside.example', 'sam'),
    );
    expect(refused.searchParams.get('sso_error')).toBe('clock');
  });
});

describe('SSO only, and signing out', () => {
  it('refuses the password of an account linked to an SSO-only provider, in words', async () => {
    const { s } = await setUp({ ssoOnly: true });
    const user = await createSignInUser(env.db, {
      email: 'mira@riverside.example',
      clinicIds: [s.clinic.id],
    });
    const before = await env.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(before.statusCode).toBe(200);

    person('mira');
    const b = browser();
    await b.landing(await b.signInAtProvider('email=mira@riverside.example', 'mira'));
    const after = await env.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(after.statusCode).toBe(403);
    expect(after.json().message).toMatch(/single sign-on/);
    const wrong = await env.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('ends our session and sends the browser to the provider’s sign-out', async () => {
    await setUp();
    person('sam');
    const b = browser();
    await b.landing(await b.signInAtProvider('email=sam@riverside.example', 'sam'));
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: b.cookieHeader(PUBLIC_URL) },
    });
    expect(res.statusCode).toBe(200);
    const redirectTo = new URL(res.json<{ redirectTo: string }>().redirectTo);
    expect(`${redirectTo.origin}${redirectTo.pathname}`).toBe(`${op.issuer}/session/end`);
    expect(redirectTo.searchParams.get('client_id')).toBe('carebook');
    expect(redirectTo.searchParams.get('post_logout_redirect_uri')).toBe(
      `${PUBLIC_URL}/auth/login`,
    );
    expect(await whoIs(b)).toBeNull();
    // The provider accepts it: it asks the person to confirm signing out of it.
    const page = await b.follow(redirectTo.toString());
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/logout|sign-out/i);
  });

  it('answers a password session’s sign-out as before, without a redirect', async () => {
    const { staff } = await env.scenario();
    const res = await staff.post('/api/auth/logout');
    expect(res.json()).toEqual({ ok: true });
  });
});

/** The provider's logout token handed to the app, as the provider posts it. */
const postLogoutToken = (token: string) =>
  env.app.inject({
    method: 'POST',
    url: '/api/auth/sso/backchannel-logout',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ logout_token: token }).toString(),
  });

/** Signs out at the provider (its own sign-out page, confirmed); answers the token it posted. */
async function signOutAtProvider(b: SsoBrowser): Promise<string> {
  logoutTokens.length = 0;
  const page = await b.follow(`${op.issuer}/session/end`);
  const action = /<form[^>]*action="([^"]+)"/.exec(page.body)?.[1];
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1];
  if (!action || !xsrf) throw new Error(`no sign-out form: ${page.body.slice(0, 300)}`);
  await b.request(new URL(action, page.url).toString(), {
    method: 'POST',
    form: { xsrf, logout: 'yes' },
  });
  for (let i = 0; i < 50 && logoutTokens.length === 0; i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(logoutTokens).toHaveLength(1);
  return logoutTokens[0]!;
}

describe('signing out at the provider (back-channel logout)', () => {
  it('ends the sessions of that provider session, once, and refuses the same token again', async () => {
    await setUp();
    person('lee');
    const b = browser();
    const other = browser();
    await b.landing(await b.signInAtProvider('email=lee@riverside.example', 'lee'));
    await other.landing(await other.signInAtProvider('email=lee@riverside.example', 'lee'));
    expect(await whoIs(b)).toMatchObject({ email: 'lee@riverside.example' });

    const token = await signOutAtProvider(b);
    const [, payload] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
    expect(claims).toMatchObject({
      iss: op.issuer,
      aud: 'carebook',
      events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
    });
    expect(typeof claims.sid).toBe('string');

    const res = await postLogoutToken(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ended: 1 });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await whoIs(b)).toBeNull();
    // The other browser signed in under another provider session: it stays.
    expect(await whoIs(other)).toMatchObject({ email: 'lee@riverside.example' });
    const audit = await env.db.select().from(t.auditLog).where(eq(t.auditLog.action, 'sign_out'));
    expect(audit).toEqual([
      expect.objectContaining({ details: expect.objectContaining({ method: 'sso_backchannel' }) }),
    ]);

    // The same token again (a replay of its jti) is refused, whatever it would end.
    const replay = await postLogoutToken(token);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ error: 'bad_request', details: 'jti used before' });
  });

  it('refuses the provider’s token changed on the way (another sid), and ends nothing', async () => {
    await setUp();
    person('kai');
    const b = browser();
    const victim = browser();
    await b.landing(await b.signInAtProvider('email=kai@riverside.example', 'kai'));
    await victim.landing(await victim.signInAtProvider('email=kai@riverside.example', 'kai'));
    const victimSid = (
      await env.db.select().from(t.sessions).where(eq(t.sessions.method, 'sso'))
    ).map((row) => row.idpSessionId);
    const token = await signOutAtProvider(b);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
    const changed = { ...claims, sid: victimSid.find((sid) => sid !== claims.sid) };
    const forged = [
      header,
      Buffer.from(JSON.stringify(changed)).toString('base64url'),
      signature,
    ].join('.');
    const res = await postLogoutToken(forged);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'The logout token is not valid.',
      details: 'signature',
    });
    expect(await whoIs(victim)).toMatchObject({ email: 'kai@riverside.example' });
    // Unsigned ("alg": "none") is no better.
    const unsigned = [
      Buffer.from(JSON.stringify({ alg: 'none', typ: 'logout+jwt' })).toString('base64url'),
      Buffer.from(JSON.stringify(changed)).toString('base64url'),
      '',
    ].join('.');
    expect((await postLogoutToken(unsigned)).statusCode).toBe(400);
    expect(await whoIs(victim)).toMatchObject({ email: 'kai@riverside.example' });
    // The honest token still works: the refusals used up nothing.
    expect((await postLogoutToken(token)).json()).toEqual({ ended: 1 });
    expect(await whoIs(b)).toBeNull();
  });
});
