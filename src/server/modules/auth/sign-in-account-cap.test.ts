import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';
import { createSignInUser, signInFrom, TEST_PASSWORD } from '../../test/auth-helpers';

// The default cap: ten failures of one account from all addresses together (ADR 010).
const CAP = 10;
const env = useTestApp({ now: '2026-11-21T15:00:00Z' });

const login = (email: string, password: string, ip: string, cookie?: string) =>
  env.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: ip,
    ...(cookie ? { headers: { cookie } } : {}),
  });

/** One wrong password from each of `count` addresses, all at once. */
const spreadGuesses = (email: string, count: number, prefix = '203.0.113') =>
  Promise.all(
    Array.from({ length: count }, (_, i) =>
      signInFrom(env.app, email, `guess ${i}`, `${prefix}.${i}`),
    ),
  );

describe('the cap on an account’s failures from many addresses', () => {
  it('checks no more than the cap of passwords, however many addresses guess at once', async () => {
    const user = await createSignInUser(env.db);
    const answers = await spreadGuesses(user.email, 40);
    const checked = answers.filter((a) => a.statusCode === 401).length;
    // Each writes its failure before it counts the others', so the ones counted last may all wait.
    expect(checked).toBeLessThanOrEqual(CAP);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(40 - checked);
  });

  it('checks exactly the cap of passwords from addresses one after the other, then makes new ones wait', async () => {
    const user = await createSignInUser(env.db);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      statuses.push(
        (await signInFrom(env.app, user.email, `guess ${i}`, `198.51.100.${i}`)).statusCode,
      );
    }
    expect(statuses).toEqual([...Array<number>(CAP).fill(401), ...Array<number>(10).fill(429)]);
    // The right password from an address the account never signed in from waits too.
    const stranger = await login(user.email, TEST_PASSWORD, '192.0.2.200');
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().message).toMatch(/^Too many sign-in attempts\. Please wait /);
  });

  it('does not count one address hammering towards the cap: that is its own pair’s wait', async () => {
    const user = await createSignInUser(env.db);
    for (let i = 0; i < 30; i++) await signInFrom(env.app, user.email, `guess ${i}`, '203.0.113.9');
    expect((await login(user.email, TEST_PASSWORD, '192.0.2.201')).statusCode).toBe(200);
  });

  it('lets in an address or a browser that signed in to the account before', async () => {
    const user = await createSignInUser(env.db);
    // The real person signs in at the desk, and once on a laptop elsewhere, keeping its cookie.
    expect((await login(user.email, TEST_PASSWORD, '10.20.30.40')).statusCode).toBe(200);
    const laptop = await login(user.email, TEST_PASSWORD, '192.0.2.50');
    const device = laptop.cookies.find((c) => c.name === 'carebook_device');
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });

    await spreadGuesses(user.email, 40);
    expect((await login(user.email, TEST_PASSWORD, '192.0.2.201')).statusCode).toBe(429);

    // The desk's address, and the laptop from a new address with its cookie, still get in.
    expect((await login(user.email, TEST_PASSWORD, '10.20.30.40')).statusCode).toBe(200);
    const travelling = await login(
      user.email,
      TEST_PASSWORD,
      '198.18.0.7',
      `carebook_device=${device!.value}`,
    );
    expect(travelling.statusCode).toBe(200);
    // A made-up cookie is no such browser.
    const forged = await login(
      user.email,
      TEST_PASSWORD,
      '198.18.0.8',
      `carebook_device=${'A'.repeat(43)}`,
    );
    expect(forged.statusCode).toBe(429);
  });

  it('is lifted by an admin’s unlock', async () => {
    const user = await createSignInUser(env.db);
    await spreadGuesses(user.email, 20);
    expect((await login(user.email, TEST_PASSWORD, '192.0.2.202')).statusCode).toBe(429);
    const { s } = await env.scenario();
    const { apiAs } = await import('../../test/api-client');
    const admin = await apiAs(env.app, s.admin.email);
    // The admin must share a clinic with the person (ADR 010): put them in the admin's clinic.
    const { clinicMembers } = await import('../../db/schema');
    await env.db.insert(clinicMembers).values({ userId: user.id, clinicId: s.clinic.id });
    expect((await admin.post(`/api/admin/agents/${user.id}/unlock`, {})).statusCode).toBe(200);
    expect((await login(user.email, TEST_PASSWORD, '192.0.2.202')).statusCode).toBe(200);
  });

  it('counts the addresses of one IPv6 /64 as one address, as it counts where the account signed in', async () => {
    const user = await createSignInUser(env.db);
    // The real person signed in from this /64 once, so it is a familiar place past the cap.
    expect((await login(user.email, TEST_PASSWORD, '2001:db8:1:1::1')).statusCode).toBe(200);
    await spreadGuesses(user.email, 15);
    expect((await login(user.email, TEST_PASSWORD, '192.0.2.203')).statusCode).toBe(429);

    // A guesser in that /64 picks a new address for every guess: still one pair, which waits.
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const ip = `2001:db8:1:1:${(i + 2).toString(16)}::${(i + 7).toString(16)}`;
      statuses.push((await signInFrom(env.app, user.email, `guess ${i}`, ip)).statusCode);
    }
    const checked = statuses.filter((s) => s === 401).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(3);
    expect(statuses.slice(checked)).toEqual(Array<number>(40 - checked).fill(429));
  });

  it('counts failures for unknown emails from one IPv6 /64 together', async () => {
    const user = await createSignInUser(env.db);
    // Twenty failures for made-up emails, each from its own address of one /64 ...
    for (let i = 0; i < 20; i++) {
      const ip = `2001:db8:2:2::${(i + 1).toString(16)}`;
      expect((await signInFrom(env.app, `nobody${i}@example.test`, 'x', ip)).statusCode).toBe(401);
    }
    // ... make that /64 a guesser: a real account's pair from it waits after its first failure.
    expect((await signInFrom(env.app, user.email, 'wrong', '2001:db8:2:2::ff')).statusCode).toBe(
      401,
    );
    expect((await login(user.email, TEST_PASSWORD, '2001:db8:2:2::100')).statusCode).toBe(429);
  });

  it('makes a /64 wait after three failures, whichever of its addresses tries next', async () => {
    const user = await createSignInUser(env.db);
    for (let i = 0; i < 3; i++) {
      const typo = await signInFrom(env.app, user.email, `typo ${i}`, `2001:db8:3:3::${i + 1}`);
      expect(typo.statusCode).toBe(401);
    }
    expect((await login(user.email, TEST_PASSWORD, '2001:db8:3:3::a')).statusCode).toBe(429);
  });

  it('does not adopt a device cookie planted in the browser as the account’s own', async () => {
    const user = await createSignInUser(env.db);
    const planted = `carebook_device=${'P'.repeat(43)}`;
    // Someone plants a well-formed cookie in a shared browser; the real person signs in there.
    const victim = await login(user.email, TEST_PASSWORD, '10.20.30.41', planted);
    expect(victim.statusCode).toBe(200);
    const given = victim.cookies.find((c) => c.name === 'carebook_device');
    expect(given?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(given?.value).not.toBe('P'.repeat(43));

    // Past the cap, the planted value is no familiar browser: its guesses wait unchecked.
    await spreadGuesses(user.email, 20);
    const guess = await login(user.email, 'a guess', '198.18.0.9', planted);
    expect(guess.statusCode).toBe(429);
    // The cookie the real person was given is, and it stays the same at their next sign-in.
    const again = await login(
      user.email,
      TEST_PASSWORD,
      '198.18.0.10',
      `carebook_device=${given!.value}`,
    );
    expect(again.statusCode).toBe(200);
    expect(again.cookies.find((c) => c.name === 'carebook_device')?.value).toBe(given!.value);
  });

  it('gives a browser a new device cookie when another account signs in with it', async () => {
    const first = await createSignInUser(env.db);
    const second = await createSignInUser(env.db);
    const signedIn = await login(first.email, TEST_PASSWORD, '10.20.30.42');
    const firstDevice = signedIn.cookies.find((c) => c.name === 'carebook_device')!.value;
    const next = await login(
      second.email,
      TEST_PASSWORD,
      '10.20.30.42',
      `carebook_device=${firstDevice}`,
    );
    expect(next.statusCode).toBe(200);
    const secondDevice = next.cookies.find((c) => c.name === 'carebook_device')!.value;
    expect(secondDevice).not.toBe(firstDevice);
    // So whoever holds the first account's cookie is no familiar browser of the second.
    await spreadGuesses(second.email, 20);
    const guess = await login(
      second.email,
      'a guess',
      '198.18.0.11',
      `carebook_device=${firstDevice}`,
    );
    expect(guess.statusCode).toBe(429);
  });
});
