import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import Provider, { type OidcContext } from 'oidc-provider';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import type { App } from '../app';

// The tests' OpenID Providers (ADR 048). `startOpenIdProvider` is the certified oidc-provider,
// run on 127.0.0.1 with one client and accounts the test writes; its own login page (the
// development interactions) is filled in by `SsoBrowser` or, in the journeys, by Chromium.
// `startForgingProvider` is not a real provider: it answers with an ID token the test forges
// (signed with a key the test holds), for the answers a real provider never gives — another
// audience, a wrong nonce, a token from the past or the future.

export const TEST_CLIENT_ID = 'carebook';
export const TEST_CLIENT_SECRET = 'a-client-secret-of-the-tests-0123456789';

export interface AccountClaims {
  email: string;
  email_verified: boolean;
  name?: string;
  groups?: string[];
}

export interface TestOpenIdProvider {
  issuer: string;
  /** The people who can sign in, by the login typed on its page (their `sub`). */
  accounts: Map<string, AccountClaims>;
  close(): Promise<void>;
}

async function listenOnLoopback(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

export async function startOpenIdProvider(options: {
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  /** Where the provider posts its logout tokens (OpenID Connect Back-Channel Logout 1.0). */
  backchannelLogoutUri?: string;
}): Promise<TestOpenIdProvider> {
  const accounts = new Map<string, AccountClaims>();
  // The issuer names the port, known once listening: requests go to the provider made then.
  const target: { handler?: (req: never, res: never) => void } = {};
  const server = createServer((req, res) => target.handler!(req as never, res as never));
  const issuer = await listenOnLoopback(server);
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_CLIENT_ID,
        client_secret: TEST_CLIENT_SECRET,
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.postLogoutRedirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        ...(options.backchannelLogoutUri
          ? {
              backchannel_logout_uri: options.backchannelLogoutUri,
              backchannel_logout_session_required: true,
            }
          : {}),
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name'],
      groups: ['groups'],
    },
    pkce: { required: () => true },
    // Its logout tokens go to a listener of the test's on 127.0.0.1, which oidc-provider's guard
    // against requests to private addresses (SSRF) would refuse: its own dispatcher is left out.
    fetch: (url: URL | string, init: RequestInit & { dispatcher?: unknown }) => {
      const { dispatcher: _guard, ...rest } = init;
      return globalThis.fetch(url, rest);
    },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    features: {
      devInteractions: { enabled: true },
      rpInitiatedLogout: { enabled: true },
      backchannelLogout: { enabled: true },
    },
    findAccount: (_ctx: unknown, sub: string) => {
      const claims = accounts.get(sub);
      return claims ? { accountId: sub, claims: () => ({ sub, ...claims }) } : undefined;
    },
    // The person consents by signing in: the grant is made for them, with the scopes asked.
    loadExistingGrant: async (ctx: OidcContext) => {
      const { client, session, provider: op } = ctx.oidc;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session?.grantIdFor(client!.clientId);
      if (grantId) return op.Grant.find(grantId);
      const grant = new op.Grant({ clientId: client!.clientId, accountId: session!.accountId! });
      grant.addOIDCScope('openid email profile groups');
      await grant.save();
      return grant;
    },
  });
  // oidc-provider warns of its development-only defaults; the tests mean them.
  provider.on('server_error', (_ctx, error) => console.error('test OpenID Provider:', error));
  target.handler = provider.callback() as never;
  return { issuer, accounts, close: () => closeServer(server) };
}

export interface ForgedClaims {
  [claim: string]: unknown;
}

export interface ForgingProvider {
  issuer: string;
  /**
   * What the next ID token says, over the honest claims (iss, aud, sub, nonce, iat, exp, a
   * verified e-mail): undefined values are left out.
   */
  forge(claims: ForgedClaims, options?: { signWithStrangerKey?: boolean }): void;
  /** Any JWT, signed with the provider's key (or a stranger's) under its kid: a logout token, say. */
  sign(
    claims: ForgedClaims,
    options?: { typ?: string; signWithStrangerKey?: boolean },
  ): Promise<string>;
  close(): Promise<void>;
}

/** A stand-in provider whose ID tokens say what the test tells it to (see the top of the file). */
export async function startForgingProvider(): Promise<ForgingProvider> {
  const key = await generateKeyPair('RS256');
  const stranger = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(key.publicKey)), kid: 'test', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, { nonce: string }>();
  let next: { claims: ForgedClaims; strangerKey: boolean } = { claims: {}, strangerKey: false };
  let issuer = '';
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', issuer);
      const json = (body: unknown) => {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      };
      if (url.pathname === '/.well-known/openid-configuration') {
        return json({
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          token_endpoint_auth_methods_supported: ['client_secret_basic'],
          scopes_supported: ['openid', 'email', 'profile', 'groups'],
          end_session_endpoint: `${issuer}/session/end`,
        });
      }
      if (url.pathname === '/jwks') return json({ keys: [jwk] });
      if (url.pathname === '/authorize') {
        const code = randomBytes(16).toString('hex');
        codes.set(code, { nonce: url.searchParams.get('nonce') ?? '' });
        const back = new URL(url.searchParams.get('redirect_uri')!);
        back.searchParams.set('code', code);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        res.writeHead(302, { location: back.toString() }).end();
        return;
      }
      if (url.pathname === '/token' && req.method === 'POST') {
        let body = '';
        for await (const chunk of req) body += String(chunk);
        const code = new URLSearchParams(body).get('code') ?? '';
        const issued = codes.get(code);
        codes.delete(code);
        if (!issued) {
          res.writeHead(400, { 'content-type': 'application/json' });
          return res.end(JSON.stringify({ error: 'invalid_grant' }));
        }
        const now = Math.floor(Date.now() / 1000);
        const claims: ForgedClaims = {
          iss: issuer,
          aud: TEST_CLIENT_ID,
          sub: 'forged-subject',
          nonce: issued.nonce,
          iat: now,
          exp: now + 300,
          email: 'forged.person@forged.example',
          email_verified: true,
          groups: ['staff'],
          ...next.claims,
        };
        const payload = Object.fromEntries(
          Object.entries(claims).filter(([, v]) => v !== undefined),
        );
        const signing: CryptoKey = next.strangerKey ? stranger.privateKey : key.privateKey;
        const idToken = await new SignJWT(payload)
          .setProtectedHeader({ alg: 'RS256', kid: 'test' })
          .sign(signing);
        return json({
          access_token: 'forged',
          token_type: 'Bearer',
          expires_in: 300,
          id_token: idToken,
        });
      }
      res.writeHead(404).end();
    })();
  });
  issuer = await listenOnLoopback(server);
  return {
    issuer,
    forge: (claims, options = {}) => {
      next = { claims, strangerKey: options.signWithStrangerKey ?? false };
    },
    sign: (claims, options = {}) =>
      new SignJWT(claims)
        .setProtectedHeader({
          alg: 'RS256',
          kid: 'test',
          ...(options.typ ? { typ: options.typ } : {}),
        })
        .sign(options.signWithStrangerKey ? stranger.privateKey : key.privateKey),
    close: () => closeServer(server),
  };
}

/**
 * A browser for API tests: it keeps cookies per site, sends requests for the app's PUBLIC_URL to
 * app.inject() and the rest over HTTP, and follows redirects until a page is reached.
 */
export class SsoBrowser {
  private readonly jars = new Map<string, Map<string, string>>();

  constructor(
    private readonly app: App,
    private readonly appOrigin: string,
  ) {}

  private jar(origin: string) {
    let jar = this.jars.get(origin);
    if (!jar) this.jars.set(origin, (jar = new Map()));
    return jar;
  }

  cookieHeader(origin: string): string {
    return [...this.jar(origin)].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  cookie(origin: string, name: string): string | undefined {
    return this.jar(origin).get(name);
  }

  setCookie(origin: string, name: string, value: string | undefined) {
    if (value === undefined) this.jar(origin).delete(name);
    else this.jar(origin).set(name, value);
  }

  /** One request, without following its redirect. */
  async request(
    url: string,
    init: { method?: 'GET' | 'POST'; form?: Record<string, string> } = {},
  ): Promise<{ status: number; location: string | null; body: string }> {
    const target = new URL(url);
    const jar = this.jar(target.origin);
    if (target.origin === this.appOrigin) {
      const res = await this.app.inject({
        method: init.method ?? 'GET',
        url: target.pathname + target.search,
        headers: { cookie: this.cookieHeader(target.origin) },
      });
      for (const c of res.cookies) {
        const gone = c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now());
        if (gone || c.value === '') jar.delete(c.name);
        else jar.set(c.name, c.value);
      }
      const location = res.headers.location;
      return {
        status: res.statusCode,
        location: typeof location === 'string' ? new URL(location, target).toString() : null,
        body: res.body,
      };
    }
    const res = await fetch(target, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        cookie: this.cookieHeader(target.origin),
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(init.form ? { body: new URLSearchParams(init.form).toString() } : {}),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      const expired = attrs.some((a) => /expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired) jar.delete(name!.trim());
      else jar.set(name!.trim(), rest.join('='));
    }
    const location = res.headers.get('location');
    return {
      status: res.status,
      location: location ? new URL(location, target).toString() : null,
      body: await res.text(),
    };
  }

  /**
   * Follows redirects from `url` until a page answers (or `stopAt` matches the next address,
   * which is then returned unvisited): its address and body.
   */
  async follow(
    url: string,
    stopAt?: (url: URL) => boolean,
  ): Promise<{ url: string; status: number; body: string }> {
    let current = url;
    for (let hops = 0; hops < 20; hops++) {
      if (stopAt?.(new URL(current))) return { url: current, status: 0, body: '' };
      const res = await this.request(current);
      if (res.status < 300 || res.status >= 400 || !res.location) {
        return { url: current, status: res.status, body: res.body };
      }
      current = res.location;
    }
    throw new Error(`too many redirects from ${url}`);
  }

  /**
   * Starts a single sign-on at the app (`start`: its query), signs in as `login` on the
   * provider's page, and returns the address the provider sends the browser back to, unvisited.
   */
  async signInAtProvider(start: string, login: string): Promise<string> {
    const isCallback = (u: URL) =>
      u.origin === this.appOrigin && u.pathname === '/api/auth/sso/callback';
    const page = await this.follow(`${this.appOrigin}/api/auth/sso/start?${start}`, isCallback);
    if (page.status === 0) return page.url;
    const action = /<form[^>]*action="([^"]+)"/.exec(page.body)?.[1];
    if (!action) throw new Error(`no login form at ${page.url}: ${page.body.slice(0, 300)}`);
    const submitted = await this.request(new URL(action, page.url).toString(), {
      method: 'POST',
      form: { prompt: 'login', login, password: 'any password' },
    });
    if (!submitted.location) throw new Error(`the login was not accepted: ${submitted.body}`);
    const back = await this.follow(submitted.location, isCallback);
    if (back.status !== 0) throw new Error(`the provider did not send us back: ${back.body}`);
    return back.url;
  }

  /** Visits the app's callback (or any address) and returns where the app sends the browser. */
  async landing(url: string): Promise<URL> {
    const res = await this.request(url);
    if (!res.location) throw new Error(`no redirect from ${url}: ${res.status} ${res.body}`);
    return new URL(res.location);
  }
}
