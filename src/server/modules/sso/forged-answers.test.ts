import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

async function signInWithForgedToken(claims: Record<string, unknown>, stranger = false) {
  const { s } = await env.scenario();
  const admin = await apiAs(env.app, s.admin.email);
  await saveProvider(
    admin,
    providerBody(forger.issuer, s.clinic.id, {
      emailDomains: ['forged.example'],
      groupMappings: [{ group: 'staff', role: 'staff', clinicIds: [s.clinic.id] }],
    }),
  );
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
