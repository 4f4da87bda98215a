import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { INVITATION_LINK_DEAD, type InvitationView } from '@contracts/accounts';
import type { OutboxMessage, OutboxMessageDetail } from '@contracts/outbox';
import { useScenario, useTestApp } from '../../test/test-app';
import { apiAs } from '../../test/api-client';
import { createSignInUser, signInFrom } from '../../test/auth-helpers';
import * as t from '../../db/schema';
import { choosePassword, NEW_PASSWORD, tokensSentTo } from './account-test-kit';

// An admin invites a new staff member, who chooses their own password (issue 43, ADR 047).

const env = useTestApp({
  now: '2026-11-23T12:00:00Z',
  config: { PUBLIC_URL: 'https://care.example.org' },
});
const { s, admin, staff, signInAgain } = useScenario(env, 'admin');

const INVITEE = 'jordan.reyes@example.org';
const invite = (overrides: Record<string, unknown> = {}) =>
  admin.post('/api/admin/invitations', {
    email: INVITEE,
    name: 'Jordan Reyes',
    role: 'nurse',
    clinicIds: [s.clinic.id],
    ...overrides,
  });
const accept = (token: string, password = NEW_PASSWORD) =>
  choosePassword(env.app, 'invitation/accept', token, password);
const check = (token: string) =>
  env.app.inject({ method: 'POST', url: '/api/auth/invitation/check', payload: { token } });
const latestToken = async (email = INVITEE) =>
  (await tokensSentTo(env.db, 'account.invitation', email))[0]!;
const usersWithEmail = (email: string) =>
  env.db
    .select()
    .from(t.users)
    .where(sql`lower(${t.users.email}) = ${email.toLowerCase()}`);

describe('inviting a staff member', () => {
  it('sends a link where they choose their password; the account is made then, at the invitation’s clinics and role', async () => {
    const res = await invite();
    expect(res.statusCode, res.body).toBe(201);
    const invitation = res.json() as InvitationView;
    expect(invitation).toMatchObject({
      email: INVITEE,
      name: 'Jordan Reyes',
      role: 'nurse',
      invitedBy: 'Alex Morgan',
      clinics: [{ id: s.clinic.id, name: 'Riverside Family Clinic' }],
      expired: false,
      expiresAt: '2026-11-30T12:00:00.000Z',
    });
    expect(await usersWithEmail(INVITEE)).toEqual([]);
    const listed = await admin.get('/api/admin/invitations');
    expect(listed.json().data).toEqual([invitation]);

    const token = await latestToken();
    const seen = await check(token);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toEqual({
      email: INVITEE,
      name: 'Jordan Reyes',
      role: 'nurse',
      invitedBy: 'Alex Morgan',
      clinics: ['Riverside Family Clinic'],
      expiresAt: '2026-11-30T12:00:00.000Z',
    });

    const accepted = await accept(token);
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json()).toEqual({ email: INVITEE });
    const [user] = await usersWithEmail(INVITEE);
    expect(user).toMatchObject({ name: 'Jordan Reyes', role: 'nurse', active: true });
    const members = await env.db
      .select()
      .from(t.clinicMembers)
      .where(eq(t.clinicMembers.userId, user!.id));
    expect(members.map((m) => m.clinicId)).toEqual([s.clinic.id]);
    // Accepting signs nobody in: they sign in with what they chose.
    expect(accepted.cookies).toEqual([]);
    expect((await signInFrom(env.app, INVITEE, NEW_PASSWORD, '10.3.3.3')).statusCode).toBe(200);
    expect((await admin.get('/api/admin/invitations')).json().data).toEqual([]);

    const audit = await env.db
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.entityType, 'invitation'));
    expect(audit.map((a) => [a.action, a.userId])).toEqual([
      ['invite', s.admin.id],
      ['invite_accept', user!.id],
    ]);
  });

  it('answers a second acceptance, or one after the link was withdrawn, sent again or expired, in one sentence, changing nothing', async () => {
    await invite();
    const first = await latestToken();
    expect((await accept(first)).statusCode).toBe(201);
    const twice = await accept(first, 'a different long passphrase 9');
    expect(twice.statusCode).toBe(410);
    expect(twice.json()).toEqual({ error: 'gone', message: INVITATION_LINK_DEAD });
    expect((await signInFrom(env.app, INVITEE, NEW_PASSWORD, '10.3.3.4')).statusCode).toBe(200);

    const other = 'casey.lin@example.org';
    const made = (await invite({ email: other, name: 'Casey Lin' })).json() as InvitationView;
    const oldLink = await latestToken(other);
    const resent = await admin.post(`/api/admin/invitations/${made.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect((await accept(oldLink)).json().message).toBe(INVITATION_LINK_DEAD);
    const newLink = await latestToken(other);
    expect(newLink).not.toBe(oldLink);
    expect((await check(newLink)).statusCode).toBe(200);

    expect((await admin.post(`/api/admin/invitations/${made.id}/revoke`)).statusCode).toBe(200);
    expect((await accept(newLink)).statusCode).toBe(410);
    expect(await usersWithEmail(other)).toEqual([]);

    const late = 'robin.hale@example.org';
    await invite({ email: late, name: 'Robin Hale' });
    env.advance(7 * 86_400_000 + 1000);
    expect((await accept(await latestToken(late))).statusCode).toBe(410);
    await signInAgain();
    expect(await usersWithEmail(late)).toEqual([]);
    // An expired invitation is listed as such, and the address may be invited again.
    const open = await admin.get('/api/admin/invitations');
    expect(open.statusCode, open.body).toBe(200);
    const [expired] = (open.json() as { data: InvitationView[] }).data;
    expect(expired).toMatchObject({ email: late, expired: true });
    expect((await invite({ email: late, name: 'Robin Hale' })).statusCode).toBe(201);
  });

  it('makes one account of two acceptances at once, and tells the other it was used', async () => {
    await invite();
    const token = await latestToken();
    const answers = await Promise.all([
      accept(token),
      accept(token, 'another strong passphrase 5'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 410]);
    expect(answers.find((a) => a.statusCode === 410)!.json().message).toBe(INVITATION_LINK_DEAD);
    expect(await usersWithEmail(INVITEE)).toHaveLength(1);
  });

  it('leaves the invitation open when the address got an account meanwhile, and says so', async () => {
    await invite();
    const token = await latestToken();
    await createSignInUser(env.db, { email: INVITEE, clinicIds: [s.clinic.id] });
    const res = await accept(token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'An account with this e-mail address already exists. Sign in with it, or ask for a password reset if you forgot the password.',
    );
    expect(await usersWithEmail(INVITEE)).toHaveLength(1);
  });

  it('refuses an address that has an account or an open invitation, in words', async () => {
    const taken = await invite({ email: s.staff.email.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('A user with this email already exists.');
    expect((await invite()).statusCode).toBe(201);
    const again = await invite({ email: INVITEE.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already has an open invitation/);
  });

  it('refuses clinics the admin does not manage, and keeps other admins’ invitations to themselves', async () => {
    const outside = await invite({ clinicIds: [s.clinic.id, s.foreign.id] });
    expect(outside.statusCode).toBe(404);
    expect(outside.json().message).toBe(`Clinic ${s.foreign.id} was not found.`);
    expect(await env.db.select().from(t.invitations)).toEqual([]);

    const made = (await invite()).json() as InvitationView;
    const foreignAdmin = await apiAs(
      env.app,
      (await createSignInUser(env.db, { role: 'admin', clinicIds: [s.foreign.id] })).email,
    );
    expect((await foreignAdmin.get('/api/admin/invitations')).json().data).toEqual([]);
    for (const action of ['resend', 'revoke']) {
      const res = await foreignAdmin.post(`/api/admin/invitations/${made.id}/${action}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('No such open invitation.');
    }
    // An admin of only some of its clinics sees it, with their clinics, but may not change it.
    const both = await createSignInUser(env.db, {
      role: 'admin',
      clinicIds: [s.clinic.id, s.foreign.id],
    });
    const bothAdmin = await apiAs(env.app, both.email);
    const wide = (
      await bothAdmin.post('/api/admin/invitations', {
        email: 'wide@example.org',
        name: 'Wide Reach',
        role: 'staff',
        clinicIds: [s.clinic.id, s.foreign.id],
      })
    ).json() as InvitationView;
    const seen = (await admin.get('/api/admin/invitations')).json().data as InvitationView[];
    expect(seen.find((i) => i.id === wide.id)?.clinics.map((c) => c.id)).toEqual([s.clinic.id]);
    const refused = await admin.post(`/api/admin/invitations/${wide.id}/revoke`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/Only an admin of all its clinics/);
    // Staff who are not admins cannot invite at all.
    expect(
      (await staff.post('/api/admin/invitations', { email: 'x@example.org' })).statusCode,
    ).toBe(403);
  });

  it('keeps the link out of the admins’ outbox view', async () => {
    await invite();
    const token = await latestToken();
    const list = await admin.get('/api/admin/outbox?kind=account.invitation');
    expect(list.statusCode, list.body).toBe(200);
    const [message] = (list.json() as { data: OutboxMessage[] }).data;
    expect(message).toMatchObject({ subject: 'You are invited to Carebook' });
    const detail = await admin.get(`/api/admin/outbox/${message!.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.body).not.toContain(token);
    const [mail] = (detail.json() as OutboxMessageDetail).mails;
    expect(mail!.links).toEqual([]);
    expect(mail!.text).toContain('Alex Morgan invited you to Carebook at Riverside Family Clinic.');
    expect(mail!.text).toContain('[link withheld');
    expect((await admin.post(`/api/admin/outbox/${message!.id}/resend`)).statusCode).toBe(409);
  });
});
