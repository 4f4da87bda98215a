import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { RESET_REQUESTED } from '@contracts/accounts';
import { useTestApp } from '../../test/test-app';
import { createSignInUser } from '../../test/auth-helpers';
import { forgotPassword } from './account-test-kit';

// "Forgot password" must not tell, by its time, whether an address has an account (ADR 047):
// the same statements run either way and the mail is only queued. This guards it from the
// outside. A security property, not a speed target: the bound fails when one kind costs a
// password hash or a mail sent in the request (tens of milliseconds) and tolerates a busy
// machine's noise. Rounds alternate their order so neither kind always runs warm.

const env = useTestApp({ now: '2026-11-23T12:00:00Z' });
const ROUNDS = 20;

let ipCount = 0;
async function timedRequest(email: string) {
  ipCount += 1;
  const began = performance.now();
  const res = await forgotPassword(env.app, email, `10.20.${ipCount >> 8}.${ipCount & 255}`);
  const ms = performance.now() - began;
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ message: RESET_REQUESTED });
  return ms;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

describe('asking for a reset takes as long for an address with an account as for one without', () => {
  it('within noise, over alternating rounds', async () => {
    const users = await Promise.all(Array.from({ length: ROUNDS }, () => createSignInUser(env.db)));
    for (let i = 0; i < 3; i++) await timedRequest(`warm-${i}@example.net`);
    const times = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < ROUNDS; i++) {
      const known = () => timedRequest(users[i]!.email);
      const unknown = () => timedRequest(`nobody-${i}@example.net`);
      if (i % 2 === 0) {
        times.known.push(await known());
        times.unknown.push(await unknown());
      } else {
        times.unknown.push(await unknown());
        times.known.push(await known());
      }
    }
    const m = { known: median(times.known), unknown: median(times.unknown) };
    const [fast, slow] = [Math.min(m.known, m.unknown), Math.max(m.known, m.unknown)];
    const detail = `medians: known ${m.known.toFixed(1)} ms, unknown ${m.unknown.toFixed(1)} ms`;
    expect(slow / fast < 1.5 || slow - fast < 5, detail).toBe(true);
  });
});
