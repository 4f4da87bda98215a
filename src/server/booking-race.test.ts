import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './test/test-app';
import { signIn } from './test/auth-helpers';
import { clinicScenario, createBody, type ClinicScenario } from './test/scenario';

// Simultaneous bookings of one slot over real HTTP connections, round after round. Two inserts
// of one time can deadlock on the exclusion constraint; the loser must hear "taken" (409), and
// the winner must always get its 201 — never a 5xx.
const env = useTestApp({ now: '2026-11-23T12:00:00Z', listen: true, resetEachTest: false });
let s: ClinicScenario;
let base: string;
let cookie: string;

beforeAll(async () => {
  base = `http://127.0.0.1:${(env.app.server.address() as AddressInfo).port}`;
  s = await clinicScenario(env.db);
  cookie = await signIn(env.app, s.staff.email);
});

const post = (body: unknown) =>
  fetch(`${base}/api/appointments`, {
    method: 'POST',
    headers: { cookie, origin: base, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, body: await r.text() }));

describe('booking races over HTTP', () => {
  it.each([
    [2, 30],
    [20, 6],
  ])(
    '%i at once, %i rounds: exactly one 201 per round and no 5xx',
    async (n, rounds) => {
      for (let round = 0; round < rounds; round++) {
        const day = 24 + Math.floor(round / 18) + (n === 20 ? 3 : 0);
        const start = new Date(
          Date.UTC(2026, 10, day, 13, 30) + (round % 18) * 30 * 60_000,
        ).toISOString();
        const results = await Promise.all(
          Array.from({ length: n }, () => post(createBody(s, start))),
        );
        const statuses = results.map((r) => r.status);
        const errors = results.filter((r) => r.status >= 500).map((r) => r.body);
        expect(errors, `round ${round}`).toEqual([]);
        expect(
          statuses.filter((c) => c === 201),
          `round ${round}`,
        ).toHaveLength(1);
        expect(statuses.filter((c) => c === 409)).toHaveLength(n - 1);
      }
    },
    120_000,
  );
});
