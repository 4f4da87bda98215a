import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { signInResponse } from '@contracts/auth';
import { signInStepView } from '@contracts/two-step';
import * as t from '../../db/schema';
import { createClinic } from '../../test/factories';
import { createSignInUser, signIn, TEST_PASSWORD } from '../../test/auth-helpers';
import { useTestApp } from '../../test/test-app';
import { sessionIdOf } from './session-id';
import {
  REPLAYED_CODE,
  SIGN_IN_AGAIN,
  WRONG_CODE,
  WRONG_CODES_BEFORE_DELAY,
  WRONG_CODES_PER_SIGN_IN,
  WRONG_RECOVERY_CODE,
} from './second-factor-check';
import {
  call,
  codeAt,
  cookieValue,
  enrolTotp,
  passwordSignIn,
  sessionCookieOf,
} from './two-step-test-kit';

const env = useTestApp({ now: '2026-11-28T10:00:05Z' });

/** A user with the app set up; the clock then moves to the next step, as a person's would. */
async function userWithApp(email = 'joan.reyes@harbour.example') {
  const user = await createSignInUser(env.db, { email, name: 'Joan Reyes' });
  const { secret, recoveryCodes } = await enrolTotp(
    env.app,
    await signIn(env.app, email),
    env.now(),
  );
  env.advance(30_000);
  return { user, secret, recoveryCodes };
}

async function pendingSignIn(email: string, cookie?: string) {
  const res = await passwordSignIn(env.app, email, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return { res, cookie: sessionCookieOf(res), body: signInResponse.parse(res.json()) };
}

const verify = (cookie: string, code: string, remember = false) =>
  call(env.app, 'POST', '/api/auth/two-step/sign-in/verify', cookie, { code, remember });

const sessionWorks = async (cookie: string) =>
  (await call(env.app, 'GET', '/api/auth/session', cookie)).statusCode === 200;

describe('signing in with a second factor', () => {
  it('a user without one signs in as before: no next step', async () => {
    const user = await createSignInUser(env.db, { email: 'ola.berg@harbour.example' });
    const { body, cookie } = await pendingSignIn(user.email);
    expect(body.next).toBeUndefined();
    expect(await sessionWorks(cookie)).toBe(true);
  });

  it('asks for the code after the password; the pending session reaches nothing else', async () => {
    const { user } = await userWithApp();
    const { body, cookie } = await pendingSignIn(user.email);
    expect(body).toMatchObject({ next: 'second_factor', methods: ['totp', 'recovery'] });
    expect(await sessionWorks(cookie)).toBe(false);
    expect((await call(env.app, 'GET', '/api/patients', cookie)).statusCode).toBe(401);
    expect((await call(env.app, 'POST', '/api/auth/two-step/totp', cookie)).statusCode).toBe(403);
    const step = signInStepView.parse(
      (await call(env.app, 'GET', '/api/auth/two-step/sign-in', cookie)).json(),
    );
    expect(step).toEqual({
      stage: 'second_factor',
      methods: ['totp', 'recovery'],
      email: user.email,
    });
  });

  it('a right code makes the session whole under a new token, audited', async () => {
    const { user, secret } = await userWithApp();
    const { cookie } = await pendingSignIn(user.email);
    const res = await verify(cookie, codeAt(secret, env.now()));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.email).toBe(user.email);
    const whole = sessionCookieOf(res);
    expect(whole).not.toBe(cookie);
    expect(await sessionWorks(whole)).toBe(true);
    // The pending token is spent: it is no session, not even for the sign-in's own routes.
    expect((await call(env.app, 'GET', '/api/auth/two-step/sign-in', cookie)).statusCode).toBe(401);
    const [session] = await env.db
      .select()
      .from(t.sessions)
      .where(eq(t.sessions.id, sessionIdOf(whole.split('=')[1]!)));
    expect(session).toMatchObject({ stage: 'full', method: 'password' });
    expect(session?.secondFactorAt).toEqual(env.now());
    const signIns = await env.db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.action, 'sign_in'), eq(t.auditLog.userId, user.id)));
    expect(signIns.map((a) => a.details)).toContainEqual({
      method: 'password',
      secondFactor: 'totp',
    });
  });

  it('refuses a wrong code, and the same right code twice in its step', async () => {
    const { user, secret } = await userWithApp();
    const first = await pendingSignIn(user.email);
    const wrong = await verify(
      first.cookie,
      codeAt(secret, new Date(env.now().getTime() + 5 * 60_000)),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(WRONG_CODE);
    const code = codeAt(secret, env.now());
    expect((await verify(first.cookie, code)).statusCode).toBe(200);
    // Seen over a shoulder and typed in another browser within the same 30 seconds.
    const second = await pendingSignIn(user.email);
    const replay = await verify(second.cookie, code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(REPLAYED_CODE);
    expect(await sessionWorks(second.cookie)).toBe(false);
    env.advance(30_000);
    expect((await verify(second.cookie, codeAt(secret, env.now()))).statusCode).toBe(200);
  });

  it('takes a recovery code once, in any case and with spaces', async () => {
    const { user, recoveryCodes } = await userWithApp();
    const code = recoveryCodes[3]!;
    const first = await pendingSignIn(user.email);
    const typed = ` ${code.toUpperCase().replace('-', ' ')} `;
    expect((await verify(first.cookie, typed)).statusCode).toBe(200);
    const second = await pendingSignIn(user.email);
    const again = await verify(second.cookie, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(WRONG_RECOVERY_CODE);
  });

  it(`ends the pending sign-in after ${WRONG_CODES_PER_SIGN_IN} wrong codes`, async () => {
    const { user, secret } = await userWithApp();
    const { cookie } = await pendingSignIn(user.email);
    for (let i = 1; i < WRONG_CODES_PER_SIGN_IN; i++) {
      expect((await verify(cookie, '000000')).statusCode).toBe(400);
    }
    const last = await verify(cookie, '000000');
    expect(last.statusCode).toBe(401);
    expect(last.json().message).toBe(SIGN_IN_AGAIN);
    // Even the right code no longer helps: the password is asked again.
    expect((await verify(cookie, codeAt(secret, env.now()))).statusCode).toBe(401);
    const refused = await env.db
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.action, 'factor_refused'));
    expect(refused).toHaveLength(WRONG_CODES_PER_SIGN_IN);
  });

  it(`makes the account wait after ${WRONG_CODES_BEFORE_DELAY} wrong codes, over new sign-ins too`, async () => {
    const { user, secret } = await userWithApp();
    let wrongs = 0;
    while (wrongs < WRONG_CODES_BEFORE_DELAY) {
      // Each sign-in counts the wrong codes given since it began.
      env.advance(1_000);
      const { cookie } = await pendingSignIn(user.email);
      for (let i = 0; i < 3 && wrongs < WRONG_CODES_BEFORE_DELAY; i++, wrongs++) {
        expect((await verify(cookie, '000000')).statusCode).toBe(400);
      }
    }
    const { cookie } = await pendingSignIn(user.email);
    const throttled = await verify(cookie, codeAt(secret, env.now()));
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBe('2');
    expect(throttled.json().message).toBe(
      'Too many wrong codes. Please wait 2 seconds and try again.',
    );
    env.advance(2_000);
    expect((await verify(cookie, codeAt(secret, env.now()))).statusCode).toBe(200);
  });

  it('the pending session expires after ten minutes', async () => {
    const { user, secret } = await userWithApp();
    const { cookie } = await pendingSignIn(user.email);
    env.advance(10 * 60_000 + 1_000);
    expect((await verify(cookie, codeAt(secret, env.now()))).statusCode).toBe(401);
  });
});

describe('a clinic that requires a second factor', () => {
  it('leads a user without one to set it up; confirming finishes the sign-in', async () => {
    const clinic = await createClinic(env.db, { secondFactorPolicy: 'everyone' });
    const user = await createSignInUser(env.db, {
      email: 'rafa.lind@harbour.example',
      clinicIds: [clinic.id],
    });
    const { body, cookie } = await pendingSignIn(user.email);
    expect(body).toMatchObject({ next: 'enrol', methods: [] });
    expect(await sessionWorks(cookie)).toBe(false);
    const { answer } = await enrolTotp(env.app, cookie, env.now());
    expect(answer.json().user.email).toBe(user.email);
    expect(await sessionWorks(sessionCookieOf(answer))).toBe(true);
    expect(await sessionWorks(cookie)).toBe(false);
  });

  it('for admins only leaves other roles as they were', async () => {
    const clinic = await createClinic(env.db, { secondFactorPolicy: 'admins' });
    const staff = await createSignInUser(env.db, { role: 'staff', clinicIds: [clinic.id] });
    const admin = await createSignInUser(env.db, { role: 'admin', clinicIds: [clinic.id] });
    expect((await pendingSignIn(staff.email)).body.next).toBeUndefined();
    expect((await pendingSignIn(admin.email)).body.next).toBe('enrol');
  });

  it('ends no session that began before it', async () => {
    const clinic = await createClinic(env.db, { secondFactorPolicy: 'off' });
    const user = await createSignInUser(env.db, { clinicIds: [clinic.id] });
    const cookie = await signIn(env.app, user.email);
    await env.db
      .update(t.clinics)
      .set({ secondFactorPolicy: 'everyone' })
      .where(eq(t.clinics.id, clinic.id));
    expect(await sessionWorks(cookie)).toBe(true);
  });
});

describe('remembering this browser', () => {
  const rememberedCookie = (res: Awaited<ReturnType<typeof verify>>) => {
    const cookie = res.cookies.find((c) => c.name === 'carebook_remembered');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth' });
    expect(cookie?.maxAge).toBe(30 * 86_400);
    return `carebook_remembered=${cookie!.value}`;
  };

  it('skips the code for 30 days at the next password sign-in, until forgotten', async () => {
    const { user, secret } = await userWithApp();
    const { cookie } = await pendingSignIn(user.email);
    const res = await verify(cookie, codeAt(secret, env.now()), true);
    expect(res.statusCode).toBe(200);
    const remembered = rememberedCookie(res);
    const whole = sessionCookieOf(res);

    const next = await pendingSignIn(user.email, remembered);
    expect(next.body.next).toBeUndefined();
    expect(await sessionWorks(next.cookie)).toBe(true);
    // A skipped code is no step-up: the session has no second factor given.
    const [session] = await env.db
      .select()
      .from(t.sessions)
      .where(eq(t.sessions.id, sessionIdOf(cookieValue(next.res, 'carebook_session')!)));
    expect(session?.secondFactorAt).toBeNull();

    const list = await call(
      env.app,
      'GET',
      '/api/auth/two-step/browsers',
      `${whole}; ${remembered}`,
    );
    const browsers = list.json().data as Array<{ id: string; current: boolean }>;
    expect(browsers).toHaveLength(1);
    expect(browsers[0]?.current).toBe(true);
    const forget = await call(
      env.app,
      'DELETE',
      `/api/auth/two-step/browsers/${browsers[0]!.id}`,
      whole,
    );
    expect(forget.statusCode).toBe(200);
    expect((await pendingSignIn(user.email, remembered)).body.next).toBe('second_factor');
  });

  it('is another user’s cookie to nobody else, and ends after 30 days', async () => {
    const { user, secret } = await userWithApp();
    const other = await userWithApp('kai.moss@harbour.example');
    const { cookie } = await pendingSignIn(user.email);
    const remembered = rememberedCookie(await verify(cookie, codeAt(secret, env.now()), true));
    expect((await pendingSignIn(other.user.email, remembered)).body.next).toBe('second_factor');
    env.advance(30 * 86_400_000);
    expect((await pendingSignIn(user.email, remembered)).body.next).toBe('second_factor');
  });

  it('is forgotten, every browser, when the password changes', async () => {
    const { user, secret } = await userWithApp();
    const { cookie } = await pendingSignIn(user.email);
    const res = await verify(cookie, codeAt(secret, env.now()), true);
    const remembered = rememberedCookie(res);
    const changed = await call(env.app, 'POST', '/api/auth/password', sessionCookieOf(res), {
      currentPassword: TEST_PASSWORD,
      newPassword: 'lighthouse-keeper-ledger',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const again = await env.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'lighthouse-keeper-ledger' },
      headers: { cookie: remembered },
    });
    expect(again.json().next).toBe('second_factor');
  });

  it('forgets them all at once', async () => {
    const { user, secret } = await userWithApp();
    const a = await pendingSignIn(user.email);
    const ra = rememberedCookie(await verify(a.cookie, codeAt(secret, env.now()), true));
    env.advance(30_000);
    const b = await pendingSignIn(user.email);
    const answer = await verify(b.cookie, codeAt(secret, env.now()), true);
    const whole = sessionCookieOf(answer);
    expect(
      (await call(env.app, 'GET', '/api/auth/two-step/browsers', whole)).json().data,
    ).toHaveLength(2);
    expect((await call(env.app, 'DELETE', '/api/auth/two-step/browsers', whole)).statusCode).toBe(
      200,
    );
    expect(
      (await call(env.app, 'GET', '/api/auth/two-step/browsers', whole)).json().data,
    ).toHaveLength(0);
    expect((await pendingSignIn(user.email, ra)).body.next).toBe('second_factor');
  });
});
