import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTwoInstancesWithScenario } from './test/test-app';
import { apiAs } from './test/api-client';
import { createToken } from './test/fhir-kit';
import type { App } from './app';

// Two app instances sharing nothing but one PostgreSQL, as behind a load balancer: every limit
// that protects against guessing must hold for both together (ADR 032).
const LIMIT = 4;
const now = new Date('2026-11-23T12:00:00Z');
const instances = useTwoInstancesWithScenario({
  now,
  config: {
    SESSION_LOOKUP_RATE_LIMIT_PER_MINUTE: LIMIT,
    LOGIN_RATE_LIMIT_PER_MINUTE: LIMIT,
    FHIR_RATE_LIMIT_PER_MINUTE: LIMIT,
    FEED_RATE_LIMIT_PER_MINUTE: LIMIT,
  },
});

const secret = () => randomBytes(24).toString('base64url');
const from = (remoteAddress: string) => ({ remoteAddress });

/** Sends the calls in turn, the even ones to one instance and the odd ones to the other. */
async function statusesOf(
  calls: Array<(app: App) => Promise<{ statusCode: number }>>,
): Promise<number[]> {
  const statuses: number[] = [];
  for (const [i, call] of calls.entries())
    statuses.push((await call(i % 2 ? instances.b : instances.a)).statusCode);
  return statuses;
}

describe('limits across two instances', () => {
  it('gives the patient-link calls one allowance per address, for every route and instance', async () => {
    const ip = '198.51.100.40';
    const linkCalls = [
      (app: App) =>
        app.inject({ method: 'GET', url: `/api/session?token=${secret()}`, ...from(ip) }),
      (app: App) => app.inject({ method: 'GET', url: `/api/offers/${secret()}`, ...from(ip) }),
      (app: App) =>
        app.inject({ method: 'POST', url: `/api/public/holds/${secret()}/confirm`, ...from(ip) }),
      (app: App) =>
        app.inject({
          method: 'POST',
          url: `/api/offers/${secret()}/decline`,
          payload: {},
          ...from(ip),
        }),
    ];
    const statuses = await statusesOf([...linkCalls, ...linkCalls]);
    expect(statuses.slice(0, LIMIT)).not.toContain(429);
    expect(statuses.slice(LIMIT)).toEqual([429, 429, 429, 429]);
    // Another address has its own allowance.
    const other = await instances.b.inject({
      method: 'GET',
      url: `/api/offers/${secret()}`,
      ...from('198.51.100.41'),
    });
    expect(other.statusCode).toBe(404);
  });

  it('lets exactly the allowance through when a burst reaches both instances at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        (i % 2 ? instances.b : instances.a).inject({
          method: 'GET',
          url: `/api/offers/${secret()}`,
          ...from('198.51.100.42'),
        }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((c) => c !== 429)).toHaveLength(LIMIT);
    expect(statuses.filter((c) => c === 429)).toHaveLength(24 - LIMIT);
  });

  it('holds the sign-in limit per address for both instances together', async () => {
    const attempt = (app: App) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `nobody-${secret()}@example.com`, password: 'not the password' },
        ...from('203.0.113.50'),
      });
    const statuses = await statusesOf(Array.from({ length: LIMIT + 2 }, () => attempt));
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it('holds the FHIR limit per token, and per address for unknown tokens, on both instances', async () => {
    const guess = (app: App) =>
      app.inject({
        method: 'GET',
        url: '/fhir/R4/Organization',
        headers: { authorization: `Bearer ${secret()}` },
        ...from('203.0.113.60'),
      });
    expect(await statusesOf(Array.from({ length: LIMIT + 2 }, () => guess))).toEqual([
      401, 401, 401, 401, 429, 429,
    ]);

    const admin = await apiAs(instances.a, instances.s.admin.email);
    const { token } = await createToken(admin, { clinicIds: [instances.s.clinic.id] });
    // From a new address each time: the token's allowance is what runs out.
    let n = 0;
    const read = (app: App) =>
      app.inject({
        method: 'GET',
        url: '/fhir/R4/Organization',
        headers: { authorization: `Bearer ${token}` },
        ...from(`192.0.2.${++n}`),
      });
    expect(await statusesOf(Array.from({ length: LIMIT + 2 }, () => read))).toEqual([
      200, 200, 200, 200, 429, 429,
    ]);
  });

  it('holds the calendar feed limit per address for both instances together', async () => {
    const fetchFeed = (app: App) =>
      app.inject({ method: 'GET', url: `/ical/${secret()}.ics`, ...from('203.0.113.70') });
    expect(await statusesOf(Array.from({ length: LIMIT + 2 }, () => fetchFeed))).toEqual([
      404, 404, 404, 404, 429, 429,
    ]);
  });
});
