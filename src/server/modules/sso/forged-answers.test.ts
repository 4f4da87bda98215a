import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as t from '../../db/schema';
import { apiAs } from '../../test/api-client';
import { SsoBrowser, startForgingProvider, type ForgingProvider } from '../../test/oidc-kit';
import { useTestApp } from '../../test/test-app';
import { providerBody, saveProvider } from './sso-test-kit';

// ID tokens a real provider never issues, FORGED by the test (startForgingProvider in
// test/oidc-kit.ts signs them with a key the test holds): another audience, another issuer, a
// nonce of another sign-in, expired, issued in the future, or signed by a stranger's key. The
// same refusals against the real oidc-provider are in sso-sign-in.test.ts where it can give them.
const PUBLIC_URL = 'http://localhost:3000';
const env = useTestApp({ config: { PUBLIC_URL } });
let forger: ForgingProvider;

beforeAll(async () => {
  forger = await startForgingProvider();
});
afterAll(async () => {
  await forger?.close();
});

async function signInWithForgedToken(
  claims: Record<string, unknown>,
  stranger = false,
  policy: 'off' | 'everyone' = 'off',
) {
  const { s } = await env.scenario();
  const admin = await apiAs(env.app, s.admin.email);
  await saveProvider(
    admin,
    providerBody(forger.issuer, s.clinic.id, {
      emailDomains: ['forged.example'],
      groupMappings: [{ group: 'staff', role: 'staff', clinicIds: [s.clinic.id] }],
    }),
  );
  if (policy !== 'off') {
    // Set after the admin has saved the provider: the admin's own sign-in would owe a factor.
    await env.db
      .update(t.clinics)
      .set({ secondFactorPolicy: policy })
      .where(eq(t.clinics.id, s.clinic.id));
  }
  forger.forge(claims, { signWithStrangerKey: stranger });
  const b = new SsoBrowser(env.app, PUBLIC_URL);
  const callback = await b.signInAtProvider('email=forged.person@forged.example', 'unused');
  const landing = await b.landing(callback);
  return { landing, session: b.cookie(PUBLIC_URL, 'carebook_session') };
}

const now = () => Math.floor(Date.now() / 1000);

describe('forged ID tokens', () => {
  it('are accepted when honest: the stand-in provider itself works', async () => {
    const { landing, session } = await signInWithForgedToken({});
    expect(landing.pathname).toBe('/dashboard');
    expect(session).toBeDefined();
  });

  it.each([
    ['another audience', { aud: 'another-application' }, 'audience'],
    ['another issuer', { iss: 'http://127.0.0.1:1/not-our-provider' }, 'issuer'],
    ['another sign-in’s nonce', { nonce: 'nonce-of-another-sign-in' }, 'nonce'],
    ['no nonce at all', { nonce: undefined }, 'nonce'],
    ['expired ten minutes ago', { iat: now() - 900, exp: now() - 600 }, 'expired'],
    ['issued five minutes in the future', { iat: now() + 300, exp: now() + 900 }, 'clock'],
    ['not valid before five minutes from now', { nbf: now() + 300 }, 'clock'],
    ['an unverified e-mail', { email_verified: undefined }, 'email_unverified'],
  ])('with %s are refused', async (_case, claims, code) => {
    const { landing, session } = await signInWithForgedToken(claims);
    expect(landing.pathname).toBe('/auth/login');
    expect(landing.searchParams.get('sso_error')).toBe(code);
    expect(session).toBeUndefined();
    expect(await env.db.select().from(t.userIdentities)).toEqual([]);
  });

  it('signed by a key that is not the provider’s are refused', async () => {
    const { landing, session } = await signInWithForgedToken({}, true);
    expect(landing.searchParams.get('sso_error')).toBe('invalid');
    expect(session).toBeUndefined();
  });
});

const sessionRow = async (cookie: string | undefined) => {
  const all = await env.db.select().from(t.sessions).where(eq(t.sessions.method, 'sso'));
  expect(cookie).toBeDefined();
  return all;
};

describe('the provider’s word on how the person signed in (amr, RFC 8176)', () => {
  it('where the clinic requires a second factor, a password alone at the provider leads to ours', async () => {
    const { landing, session } = await signInWithForgedToken(
      { amr: ['pwd'], acr: 'urn:example:loa:1' },
      false,
      'everyone',
    );
    expect(landing.pathname).toBe('/auth/login');
    expect(landing.searchParams.get('continue')).toBe('1');
    // A new account has no factor of ours: the session may only set one up.
    const [row] = await sessionRow(session);
    expect(row).toMatchObject({ stage: 'enrol', revokedAt: null });
    const shut = await env.app.inject({
      method: 'GET',
      url: '/api/patients',
      headers: { cookie: `carebook_session=${session}` },
    });
    expect(shut.statusCode).toBe(401);
    const signIns = await env.db.select().from(t.auditLog).where(eq(t.auditLog.action, 'sign_in'));
    expect(
      signIns.find((a) => (a.details as { method?: string }).method === 'sso')?.details,
    ).toMatchObject({
      method: 'sso',
      amr: ['pwd'],
      acr: 'urn:example:loa:1',
      secondFactorOwed: 'enrol',
    });
  });

  it.each([['mfa'], ['otp'], ['hwk'], ['swk'], ['fpt']])(
    'where the clinic requires one, amr %s counts as the second factor',
    async (method) => {
      const { landing, session } = await signInWithForgedToken(
        { amr: ['pwd', method] },
        false,
        'everyone',
      );
      expect(landing.pathname).toBe('/dashboard');
      const [row] = await sessionRow(session);
      expect(row).toMatchObject({ stage: 'full' });
    },
  );

  it('where the clinic requires none, a password at the provider is enough as before', async () => {
    const { landing, session } = await signInWithForgedToken({ amr: ['pwd'] });
    expect(landing.pathname).toBe('/dashboard');
    expect((await sessionRow(session))[0]).toMatchObject({ stage: 'full' });
  });

  it('an amr that is not a list, or names no second factor, does not count', async () => {
    const { landing } = await signInWithForgedToken({ amr: 'mfa' }, false, 'everyone');
    expect(landing.searchParams.get('continue')).toBe('1');
  });
});

describe('forged back-channel logout tokens', () => {
  const EVENT = { 'http://schemas.openid.net/event/backchannel-logout': {} };

  /** An SSO session through the forger, and an honest logout token's claims for it. */
  async function signedInSession() {
    const { landing, session } = await signInWithForgedToken({ sid: 'provider-session-1' });
    expect(landing.pathname).toBe('/dashboard');
    const honest = {
      iss: forger.issuer,
      aud: 'carebook',
      iat: now(),
      jti: randomUUID(),
      sid: 'provider-session-1',
      events: EVENT,
    };
    const alive = async () =>
      (
        await env.app.inject({
          method: 'GET',
          url: '/api/auth/session',
          headers: { cookie: `carebook_session=${session}` },
        })
      ).statusCode === 200;
    return { honest, alive };
  }

  const post = (token: string) =>
    env.app.inject({
      method: 'POST',
      url: '/api/auth/sso/backchannel-logout',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ logout_token: token }).toString(),
    });

  it.each([
    ['signed by a stranger’s key', {}, { signWithStrangerKey: true }, 'signature'],
    ['for another audience', { aud: 'another-application' }, {}, 'no live provider'],
    ['from another issuer', { iss: 'http://127.0.0.1:1/other' }, {}, 'no live provider'],
    ['issued ten minutes ago', { iat: now() - 600 }, {}, 'iat too old'],
    ['issued in the future', { iat: now() + 300 }, {}, 'iat in the future'],
    ['without the logout event', { events: undefined }, {}, 'no back-channel logout event'],
    ['with a nonce (an ID token)', { nonce: 'n' }, {}, 'a nonce (an ID token?)'],
    ['typed as an ID token', {}, { typ: 'JWT' }, 'typ JWT'],
    ['without sub or sid', { sid: undefined }, {}, 'neither sub nor sid'],
    ['without jti', { jti: undefined }, {}, 'no jti'],
  ])('%s is refused and ends nothing', async (_case, change, options, reason) => {
    const { honest, alive } = await signedInSession();
    const claims = Object.fromEntries(
      Object.entries({ ...honest, ...change }).filter(([, v]) => v !== undefined),
    );
    const res = await post(await forger.sign(claims, { typ: 'logout+jwt', ...options }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'bad_request',
      message: 'The logout token is not valid.',
    });
    expect(res.json().details).toContain(reason);
    expect(await alive()).toBe(true);
  });

  it('an honest one ends the session; its jti again is a replay, refused', async () => {
    const { honest, alive } = await signedInSession();
    const token = await forger.sign(honest, { typ: 'logout+jwt' });
    expect((await post(token)).json()).toEqual({ ended: 1 });
    expect(await alive()).toBe(false);
    // The same jti in a token made anew (a later iat) is still a replay.
    const again = await forger.sign({ ...honest, iat: now() + 1 }, { typ: 'logout+jwt' });
    const replay = await post(again);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().details).toBe('jti used before');
  });

  it('is refused without a token, in words', async () => {
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/auth/sso/backchannel-logout',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
  });
});
