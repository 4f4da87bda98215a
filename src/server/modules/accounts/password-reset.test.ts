import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { RESET_LINK_DEAD, RESET_REQUESTED } from '@contracts/accounts';
import type { OutboxMessage, OutboxMessageDetail } from '@contracts/outbox';
import { useScenario, useTestApp } from '../../test/test-app';
import { apiAs } from '../../test/api-client';
import { createSignInUser, signInFrom, TEST_PASSWORD } from '../../test/auth-helpers';
import * as t from '../../db/schema';
import { choosePassword, forgotPassword, NEW_PASSWORD, resetTokensOf } from './account-test-kit';

// A forgotten password, reset through a link sent by e-mail (issue 43, ADR 047).

const PUBLIC_URL = 'https://care.example.org';
const env = useTestApp({ now: '2026-11-23T12:00:00Z', config: { PUBLIC_URL } });
const { s, admin } = useScenario(env, 'admin');

const complete = (token: string, password = NEW_PASSWORD) =>
  choosePassword(env.app, 'password-reset/complete', token, password);

const check = (token: string) =>
  env.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset/check',
    payload: { token },
  });

const resetRows = (userId: string) =>
  env.db.select().from(t.passwordResets).where(eq(t.passwordResets.userId, userId));

const audited = (action: string) =>
  env.db.select().from(t.auditLog).where(eq(t.auditLog.action, action));

/** What a stranger can compare between two answers: everything but the request's own id and time. */
const comparable = (res: Awaited<ReturnType<typeof forgotPassword>>) => {
  const { date: _d, 'x-request-id': _r, ...headers } = res.headers;
  return { status: res.statusCode, body: res.body, headers };
};

async function ssoOnlyUser() {
  const user = await createSignInUser(env.db, { clinicIds: [s.clinic.id] });
  const [provider] = await env.db
    .insert(t.identityProviders)
    .values({
      name: 'Riverside Entra ID',
      issuer: 'https://login.example.org',
      clientId: 'carebook',
      clientSecret: 'secret',
      clinicIds: [s.clinic.id],
      ssoOnly: true,
    })
    .returning();
  await env.db
    .insert(t.userIdentities)
    .values({ providerId: provider!.id, subject: 'sub-1', userId: user.id, email: user.email });
  return user;
}

describe('asking for a password reset', () => {
  it('answers the same for an account, an unknown address, an inactive account and an SSO-only one, and queues a link only for the account', async () => {
    const inactive = await createSignInUser(env.db, { clinicIds: [s.clinic.id], active: false });
    const sso = await ssoOnlyUser();
    const answers = [];
    for (const [i, email] of [
      s.staff.email,
      'nobody.here@example.org',
      inactive.email,
      sso.email,
    ].entries()) {
      const res = await forgotPassword(env.app, email, `198.51.100.${30 + i}`);
      expect(res.statusCode, res.body).toBe(200);
      answers.push(comparable(res));
    }
    expect(answers[0]!.body).toBe(JSON.stringify({ message: RESET_REQUESTED }));
    for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);

    const messages = await env.db.select().from(t.outbox);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      kind: 'account.password_reset',
      clinicId: s.clinic.id,
      recipients: [{ email: s.staff.email, role: 'staff' }],
    });
    expect(await resetRows(s.staff.id)).toHaveLength(1);
    expect(await resetRows(inactive.id)).toEqual([]);
    expect(await resetRows(sso.id)).toEqual([]);
    // The database keeps the link's hash, never the token itself.
    const [token] = await resetTokensOf(env.db, s.staff.email);
    expect((await resetRows(s.staff.id))[0]!.tokenHash).not.toContain(token!);

    // Known accounts' requests are in the audit log, with why nothing was sent.
    const requests = await audited('reset_request');
    expect(
      requests.map((r) => ({ entityId: r.entityId, details: r.details, userId: r.userId })),
    ).toEqual(
      expect.arrayContaining([
        { entityId: s.staff.id, details: { sent: true }, userId: null },
        { entityId: inactive.id, details: { sent: false, refusal: 'inactive' }, userId: null },
        { entityId: sso.id, details: { sent: false, refusal: 'sso_only' }, userId: null },
      ]),
    );
    expect(requests).toHaveLength(3);
  });

  it('ends the older unused link of the account when a new one is asked for', async () => {
    await forgotPassword(env.app, s.staff.email);
    const [first] = await resetTokensOf(env.db, s.staff.email);
    await forgotPassword(env.app, s.staff.email.toUpperCase());
    const [second] = await resetTokensOf(env.db, s.staff.email);
    expect(second).not.toBe(first);
    expect((await check(first!)).json()).toEqual({ error: 'gone', message: RESET_LINK_DEAD });
    expect((await check(second!)).json()).toEqual({ email: s.staff.email });
  });

  it('sends nothing past three requests an hour for one inbox, from any address, and answers the same', async () => {
    const variants = [s.staff.email, s.staff.email, s.staff.email.replace('@', '+x@')];
    for (const [i, email] of variants.entries()) {
      await forgotPassword(env.app, email, `203.0.113.${i + 1}`);
    }
    expect(await resetRows(s.staff.id)).toHaveLength(2);
    const throttled = await forgotPassword(env.app, s.staff.email, '203.0.113.50');
    expect(throttled.statusCode).toBe(200);
    expect(throttled.json()).toEqual({ message: RESET_REQUESTED });
    expect(await resetRows(s.staff.id)).toHaveLength(2);
    expect((await audited('reset_request')).at(-1)?.details).toEqual({
      sent: false,
      refusal: 'throttled',
    });
    // An hour later the allowance is back.
    env.advance(61 * 60_000);
    await forgotPassword(env.app, s.staff.email, '203.0.113.51');
    expect(await resetRows(s.staff.id)).toHaveLength(3);
  });

  it('sends nothing past ten requests an hour from one client address, whatever the e-mails', async () => {
    for (let i = 0; i < 10; i++) {
      await forgotPassword(env.app, `stranger${i}@example.org`, '2001:db8:7::1');
    }
    // Another address of the same IPv6 /64 is the same client.
    const res = await forgotPassword(env.app, s.nurse.email, '2001:db8:7::99');
    expect(res.json()).toEqual({ message: RESET_REQUESTED });
    expect(await resetRows(s.nurse.id)).toEqual([]);
    await forgotPassword(env.app, s.nurse.email, '2001:db8:8::1');
    expect(await resetRows(s.nurse.id)).toHaveLength(1);
  });
});

describe('the reset link', () => {
  it('sets a new password once, ends every session of the account and is audited', async () => {
    const elsewhere = await apiAs(env.app, s.staff.email);
    expect((await elsewhere.get('/api/auth/session')).statusCode).toBe(200);
    await forgotPassword(env.app, s.staff.email);
    const [token] = await resetTokensOf(env.db, s.staff.email);
    expect((await check(token!)).json()).toEqual({ email: s.staff.email });

    const res = await complete(token!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ email: s.staff.email });
    expect((await elsewhere.get('/api/auth/session')).statusCode).toBe(401);
    expect((await signInFrom(env.app, s.staff.email, TEST_PASSWORD, '10.1.1.1')).statusCode).toBe(
      401,
    );
    expect((await signInFrom(env.app, s.staff.email, NEW_PASSWORD, '10.1.1.1')).statusCode).toBe(
      200,
    );
    expect(await audited('password_reset')).toEqual([
      expect.objectContaining({ userId: s.staff.id, entityType: 'user', entityId: s.staff.id }),
    ]);

    // Used once: the second use changes nothing and says so in one sentence.
    const again = await complete(token!, 'another fresh passphrase 7');
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({ error: 'gone', message: RESET_LINK_DEAD });
    expect((await signInFrom(env.app, s.staff.email, NEW_PASSWORD, '10.1.1.1')).statusCode).toBe(
      200,
    );
  });

  it('works for 30 minutes and no longer', async () => {
    await forgotPassword(env.app, s.staff.email);
    const [token] = await resetTokensOf(env.db, s.staff.email);
    env.advance(29 * 60_000);
    expect((await check(token!)).statusCode).toBe(200);
    env.advance(61_000);
    const late = await complete(token!);
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toBe(RESET_LINK_DEAD);
    const [user] = await env.db.select().from(t.users).where(eq(t.users.id, s.staff.id));
    expect(user!.passwordChangedAt).toBeNull();
  });

  it('answers a made-up link as an old one, and refuses a weak password in the policy’s words without using the link', async () => {
    const made = await complete('A'.repeat(43));
    expect(made.statusCode).toBe(410);
    expect(made.json().message).toBe(RESET_LINK_DEAD);

    await forgotPassword(env.app, s.staff.email);
    const [token] = await resetTokensOf(env.db, s.staff.email);
    const weak = await complete(token!, 'password123');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toMatch(/\.$/);
    expect((await check(token!)).statusCode).toBe(200);
  });

  it('lifts the sign-in throttle of the account', async () => {
    for (let i = 0; i < 4; i++) {
      await signInFrom(env.app, s.staff.email, `wrong guess ${i}`, '10.9.9.9');
    }
    expect((await signInFrom(env.app, s.staff.email, TEST_PASSWORD, '10.9.9.9')).statusCode).toBe(
      429,
    );
    await forgotPassword(env.app, s.staff.email);
    const [token] = await resetTokensOf(env.db, s.staff.email);
    expect((await complete(token!)).statusCode).toBe(200);
    expect((await signInFrom(env.app, s.staff.email, NEW_PASSWORD, '10.9.9.9')).statusCode).toBe(
      200,
    );
  });

  it('does not work once the account is deactivated', async () => {
    await forgotPassword(env.app, s.staff.email);
    const [token] = await resetTokensOf(env.db, s.staff.email);
    await env.db.update(t.users).set({ active: false }).where(eq(t.users.id, s.staff.id));
    expect((await complete(token!)).statusCode).toBe(410);
  });
});

describe('the reset e-mail in the admin’s outbox view', () => {
  it('shows that it was sent, never its link, and cannot be sent again from there', async () => {
    await forgotPassword(env.app, s.staff.email);
    const [token] = await resetTokensOf(env.db, s.staff.email);
    const list = await admin.get('/api/admin/outbox?kind=account.password_reset');
    expect(list.statusCode, list.body).toBe(200);
    const [message] = (list.json() as { data: OutboxMessage[] }).data;
    expect(message).toMatchObject({
      kind: 'account.password_reset',
      subject: 'Choose a new Carebook password',
    });
    expect(message!.preview).not.toContain(token!);

    const detail = await admin.get(`/api/admin/outbox/${message!.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const [mail] = (detail.json() as OutboxMessageDetail).mails;
    expect(mail!.links).toEqual([]);
    expect(detail.body).not.toContain(token!);
    expect(detail.body).not.toContain('/auth/reset');
    expect(mail!.text).toContain(
      '[link withheld: it sets this person’s password, so only they may see it]',
    );
    expect(mail!.text).toContain('The link works once, for 30 minutes.');

    const resend = await admin.post(`/api/admin/outbox/${message!.id}/resend`);
    expect(resend.statusCode).toBe(409);
    expect(resend.json().message).toMatch(/ask for a new password reset/);
    const [row] = await env.db
      .select()
      .from(t.outbox)
      .where(and(eq(t.outbox.id, message!.id)));
    expect(row!.attempts).toBe(0);
  });
});
