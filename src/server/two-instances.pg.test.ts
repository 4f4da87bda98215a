import { beforeAll, describe, expect, it } from 'vitest';
import { useTwoInstances } from './test/test-app';
import { signIn } from './test/auth-helpers';
import { clinicScenario, createBody, type ClinicScenario } from './test/scenario';
import { withScratchDatabase } from './test/scratch-database';
import { spawnServer } from './test/spawn-server';
import { openDatabase } from './db/client';
import * as t from './db/schema';
import { DEMO_CLINICS, DEMO_USERS } from './db/seed-plan';
import type { App } from './app';

// Two app instances sharing nothing but one PostgreSQL, as behind a load balancer.
const now = new Date('2026-11-23T12:00:00Z');
const instances = useTwoInstances({ now });
let a: App;
let b: App;
let s: ClinicScenario;

beforeAll(async () => {
  ({ a, b } = instances);
  s = await clinicScenario(instances.testDb.handle.db);
});

describe('two instances on one database', () => {
  it('honours a session made on one instance on the other, and a sign-out on either', async () => {
    const cookie = await signIn(a, s.staff.email);
    const onB = await b.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(onB.statusCode).toBe(200);
    await b.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(
      (await a.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).statusCode,
    ).toBe(401);
  });

  it('gives a booking race across both instances exactly one winner', async () => {
    const cookie = await signIn(a, s.staff.email);
    const body = createBody(s, '2026-11-24T16:00:00.000Z');
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        (i % 2 ? a : b).inject({
          method: 'POST',
          url: '/api/appointments',
          headers: { cookie },
          payload: body,
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(29);
  });

  it('shows a change made on one instance on the other at once', async () => {
    const cookie = await signIn(a, s.staff.email);
    const created = (
      await a.inject({
        method: 'POST',
        url: '/api/appointments',
        headers: { cookie },
        payload: createBody(s, '2026-11-24T18:00:00.000Z'),
      })
    ).json();
    await b.inject({
      method: 'POST',
      url: `/api/appointments/${created._id}?action=cancel`,
      headers: { cookie },
      payload: { reason: 'Moved away' },
    });
    const seen = (
      await a.inject({
        method: 'GET',
        url: `/api/appointments/${created._id}`,
        headers: { cookie },
      })
    ).json();
    expect(seen.metadata.status).toBe('CANCELLED');
    const counts = (
      await a.inject({ method: 'GET', url: '/api/appointments/counts', headers: { cookie } })
    ).json();
    expect(counts.cancelled).toBe(1);
  });
});

describe('two instances started together on an empty database', () => {
  it('both start: one migrates and seeds, the other waits and finds the data there', async () => {
    await withScratchDatabase('seed_race', async (url) => {
      const started = await Promise.allSettled(
        [0, 1].map(() => spawnServer({ DATABASE_URL: url, SEED_DEMO: 'always' })),
      );
      for (const server of started) if (server.status === 'fulfilled') await server.value.kill();
      expect(started.map((r) => (r.status === 'rejected' ? String(r.reason) : 'started'))).toEqual([
        'started',
        'started',
      ]);
      const handle = await openDatabase({ url, poolMax: 1 });
      try {
        expect(await handle.db.$count(t.clinics)).toBe(DEMO_CLINICS.length);
        expect(await handle.db.$count(t.users)).toBe(DEMO_USERS.length);
      } finally {
        await handle.close();
      }
    });
  }, 120_000);
});
