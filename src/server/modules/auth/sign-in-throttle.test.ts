import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';
import { createSignInUser, signInFrom, TEST_PASSWORD } from '../../test/auth-helpers';
import { delayAfterFailures, describeWait, retryAfterSeconds } from './sign-in-throttle';

const env = useTestApp({ now: '2026-11-21T15:00:00Z' });
const advanceSeconds = (seconds: number) => env.advance(seconds * 1000);

const login = (email: string, password: string, ip: string) =>
  signInFrom(env.app, email, password, ip);

async function failTimes(times: number, email: string, ip: (i: number) => string) {
  for (let i = 0; i < times; i++) {
    const res = await login(email, 'not the password', ip(i));
    expect(res.statusCode, `failure ${i + 1}`).toBe(401);
  }
}

describe('sign-in throttling per account and address', () => {
  it('lets the right password in from a fresh address after five failures from other addresses', async () => {
    const user = await createSignInUser(env.db);
    await failTimes(5, user.email, (i) => `10.0.1.${i}`);
    expect((await login(user.email, TEST_PASSWORD, '10.0.2.1')).statusCode).toBe(200);
  });

  it('keeps the account open to the real person while one address guesses every few minutes for hours', async () => {
    const user = await createSignInUser(env.db);
    for (let minute = 0; minute < 240; minute += 3) {
      await login(user.email, `guess ${minute}`, '203.0.113.9');
      advanceSeconds(180);
    }
    expect((await login(user.email, TEST_PASSWORD, '10.0.2.1')).statusCode).toBe(200);
  });

  it('makes an address wait 2 s after three failures, then answers in the error shape with Retry-After', async () => {
    const user = await createSignInUser(env.db);
    await failTimes(3, user.email, () => '10.0.3.1');
    advanceSeconds(2);
    expect((await login(user.email, 'a fourth guess', '10.0.3.1')).statusCode).toBe(401);
    const res = await login(user.email, TEST_PASSWORD, '10.0.3.1');
    expect(res.statusCode).toBe(429);
    // Refused while waiting 4 s after the fourth failure; the refusal counts, hence 8.
    expect(res.headers['retry-after']).toBe('8');
    expect(res.json()).toEqual({
      error: 'rate_limited',
      message: 'Too many sign-in attempts. Please wait 8 seconds and try again.',
    });
  });

  it('counts attempts made during a wait, so hammering only lengthens it', async () => {
    const user = await createSignInUser(env.db);
    await failTimes(3, user.email, () => '10.0.4.1');
    // Refused unchecked, and counted: the fourth failure doubles the wait to 4 s from now.
    const early = await login(user.email, 'still guessing', '10.0.4.1');
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('4');
    advanceSeconds(2);
    const during = await login(user.email, TEST_PASSWORD, '10.0.4.1');
    expect(during.statusCode).toBe(429);
    expect(during.headers['retry-after']).toBe('8');
    advanceSeconds(7);
    expect((await login(user.email, TEST_PASSWORD, '10.0.4.1')).statusCode).toBe(429);
    advanceSeconds(16);
    expect((await login(user.email, TEST_PASSWORD, '10.0.4.1')).statusCode).toBe(200);
  });

  it('caps the wait at 15 minutes however long the guessing goes on', async () => {
    const user = await createSignInUser(env.db);
    for (let i = 0; i < 30; i++) await login(user.email, `guess ${i}`, '10.0.5.1');
    const res = await login(user.email, TEST_PASSWORD, '10.0.5.1');
    expect(res.headers['retry-after']).toBe('900');
    expect(res.json().message).toBe(
      'Too many sign-in attempts. Please wait 15 minutes and try again.',
    );
    advanceSeconds(900);
    expect((await login(user.email, TEST_PASSWORD, '10.0.5.1')).statusCode).toBe(200);
  });

  it('makes each address that has failed on an account under attack wait after its first failure', async () => {
    const user = await createSignInUser(env.db);
    await failTimes(6, user.email, (i) => `10.0.6.${i}`);
    // Five failures from elsewhere: an address that failed once now waits; one that never
    // failed is let through.
    expect((await login(user.email, TEST_PASSWORD, '10.0.6.0')).statusCode).toBe(429);
    expect((await login(user.email, TEST_PASSWORD, '10.0.7.1')).statusCode).toBe(200);
  });

  it('does not block the real people behind an address that guessed at twenty made-up emails', async () => {
    const user = await createSignInUser(env.db);
    for (let i = 0; i < 20; i++) {
      expect((await login(`guess${i}@example.com`, 'wrong', '198.51.100.7')).statusCode).toBe(401);
    }
    expect((await login(user.email, TEST_PASSWORD, '198.51.100.7')).statusCode).toBe(200);
  });

  it('answers a throttled unknown email exactly as a throttled real account', async () => {
    const user = await createSignInUser(env.db);
    await failTimes(3, user.email, () => '10.0.8.1');
    await failTimes(3, 'nobody@nowhere.test', () => '10.0.8.1');
    const known = await login(user.email, 'x', '10.0.8.1');
    const unknown = await login('nobody@nowhere.test', 'x', '10.0.8.1');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.headers['retry-after']).toBe(known.headers['retry-after']);
    expect(unknown.json()).toEqual(known.json());
  });

  it('forgets only its own address’s failures when the right password comes', async () => {
    const user = await createSignInUser(env.db);
    await failTimes(2, user.email, () => '10.0.9.1');
    await failTimes(2, user.email, () => '10.0.9.2');
    expect((await login(user.email, TEST_PASSWORD, '10.0.9.1')).statusCode).toBe(200);
    // 10.0.9.2's two failures are still there: a third makes it wait.
    await failTimes(1, user.email, () => '10.0.9.2');
    expect((await login(user.email, TEST_PASSWORD, '10.0.9.2')).statusCode).toBe(429);
    // 10.0.9.1 starts again from nothing: its next two failures make no wait.
    await failTimes(2, user.email, () => '10.0.9.1');
    expect((await login(user.email, TEST_PASSWORD, '10.0.9.1')).statusCode).toBe(200);
  });

  it('lets only a few of many parallel guesses from one address be checked', async () => {
    const user = await createSignInUser(env.db);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login(user.email, `parallel ${i}`, '10.0.10.1')),
    );
    // Each sees the rows of those ahead of it; with a pool all may see all, and none is checked.
    const checked = answers.filter((r) => r.statusCode === 401).length;
    expect(checked).toBeLessThanOrEqual(3);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(12 - checked);
  });
});

describe('the throttle rules', () => {
  const policy = {
    failuresBeforeDelay: 3,
    maxDelaySeconds: 900,
    accountFailureLimit: 5,
    addressFailureLimit: 20,
    accountFailureCap: 10,
  };
  const now = new Date('2026-11-21T15:00:00Z');
  const history = (overrides: Partial<Parameters<typeof retryAfterSeconds>[0]>) => ({
    pairFailures: 0,
    pairLastFailureAt: now,
    otherAddressFailures: 0,
    addressUnknownFailures: 0,
    accountFailures: 0,
    accountLastFailureAt: null,
    familiar: false,
    ...overrides,
  });

  it('doubles from 2 s after the allowance and stops at the cap', () => {
    expect([2, 3, 4, 5, 12, 13, 40].map((n) => delayAfterFailures(n, 3, 900))).toEqual([
      0, 2, 4, 8, 900, 900, 900,
    ]);
  });

  it('never makes an address without failures wait, whatever the account or address has seen', () => {
    expect(
      retryAfterSeconds(
        history({ otherAddressFailures: 10_000, addressUnknownFailures: 10_000 }),
        policy,
        now,
      ),
    ).toBe(0);
  });

  it('makes the first failure count when the address guesses at unknown emails', () => {
    expect(retryAfterSeconds(history({ pairFailures: 1 }), policy, now)).toBe(0);
    expect(
      retryAfterSeconds(history({ pairFailures: 1, addressUnknownFailures: 20 }), policy, now),
    ).toBe(2);
  });

  it('makes an unfamiliar address wait once the account’s failures from everywhere pass the cap', () => {
    const spread = { accountFailures: 10, accountLastFailureAt: now };
    expect(
      retryAfterSeconds(history({ accountFailures: 9, accountLastFailureAt: now }), policy, now),
    ).toBe(0);
    expect(retryAfterSeconds(history(spread), policy, now)).toBe(2);
    expect(retryAfterSeconds(history({ ...spread, accountFailures: 13 }), policy, now)).toBe(16);
    expect(retryAfterSeconds(history({ ...spread, accountFailures: 40 }), policy, now)).toBe(900);
    // Where the account signed in before, only the pair's own failures count.
    expect(
      retryAfterSeconds(history({ ...spread, accountFailures: 40, familiar: true }), policy, now),
    ).toBe(0);
    // The wait runs from the account's last failure, and the longer of the two waits applies.
    expect(
      retryAfterSeconds(
        history({ ...spread, accountLastFailureAt: new Date(now.getTime() - 1_000) }),
        policy,
        now,
      ),
    ).toBe(1);
    expect(
      retryAfterSeconds(history({ ...spread, pairFailures: 5, familiar: true }), policy, now),
    ).toBe(8);
  });

  it('words the wait in seconds, then whole minutes rounded up', () => {
    expect([1, 2, 59, 60, 61, 900].map(describeWait)).toEqual([
      '1 second',
      '2 seconds',
      '59 seconds',
      '1 minute',
      '2 minutes',
      '15 minutes',
    ]);
  });
});
