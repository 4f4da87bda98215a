import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { useScenario, useTestApp } from '../../test/test-app';
import { apiAs, type Api } from '../../test/api-client';
import { createSignInUser } from '../../test/auth-helpers';
import { createBody, createUserOfBothClinics } from '../../test/scenario';
import { enableOnlineBooking, holdOnline as holdOnlineFor } from '../../test/online-booking-kit';
import * as t from '../../db/schema';
import type { OutboxMessage, OutboxMessageDetail } from '@contracts/outbox';

// Without a mail server every message waits in the outbox (ADR 036): an admin of the clinic
// reads each as its recipient would, the online booking's confirmation too, and the reading is
// audited, since the links in it book, join or answer for the patient.

const PUBLIC_URL = 'https://care.example.org';
const env = useTestApp({ now: '2026-11-23T12:00:00Z', config: { PUBLIC_URL } });
const { s, staff, admin } = useScenario(env, 'admin');

const holdOnline = () =>
  holdOnlineFor(env.app, s, { email: 'mia.okafor@example.com', remoteAddress: '198.51.100.7' });

const listed = async (api: Api, query = '') => {
  const res = await api.get(`/api/admin/outbox${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: OutboxMessage[] }).data;
};

const viewsAudited = () =>
  env.db
    .select()
    .from(t.auditLog)
    .where(and(eq(t.auditLog.entityType, 'notification'), eq(t.auditLog.action, 'read')));

async function heldMessage(): Promise<OutboxMessage> {
  await enableOnlineBooking(env.app, s);
  const held = await holdOnline();
  expect(held.statusCode, held.body).toBe(202);
  const [message, ...more] = await listed(admin, '?kind=online.hold');
  expect(more).toEqual([]);
  return message!;
}

describe('an online booking’s confirmation, with no mail server', () => {
  it('waits in the clinic’s outbox with its subject, and its link, read by an admin, books the time', async () => {
    const message = await heldMessage();
    expect(message).toMatchObject({
      kind: 'online.hold',
      appointmentId: null,
      status: 'pending',
      recipients: [{ email: 'mia.okafor@example.com' }],
      subject: 'Confirm your booking on Wednesday, November 25, 2026 — Riverside Family Clinic',
    });
    expect(message.preview).toMatch(/^Hello, You asked to book a visit at Riverside Family Clinic/);
    // The list carries no link: the tokens are for the audited full view alone.
    expect(message.preview).not.toMatch(/https?:|confirm\//);

    const res = await admin.get(`/api/admin/outbox/${message.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json() as OutboxMessageDetail;
    expect(detail.mails).toHaveLength(1);
    const [mail] = detail.mails;
    expect(mail).toMatchObject({
      to: 'mia.okafor@example.com',
      subject: message.subject,
      optedOut: false,
    });
    expect(mail!.text).toContain('You asked to book a visit at Riverside Family Clinic.');
    const confirm = mail!.links.find((l) => l.label === 'Confirm this booking');
    expect(confirm?.url).toMatch(new RegExp(`^${PUBLIC_URL}/book-online/confirm/[\\w-]+$`));
    expect(mail!.text).toContain(confirm!.url);

    // Nobody is booked yet, so the read names no patient.
    const [read] = await viewsAudited();
    expect(read).toMatchObject({
      userId: s.admin.id,
      patientId: null,
      details: { messageId: message.id, kind: 'online.hold' },
    });

    const token = confirm!.url.split('/').at(-1)!;
    const booked = await env.app.inject({
      method: 'POST',
      url: `/api/public/holds/${token}/confirm`,
      remoteAddress: '198.51.100.7',
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const [appointment] = await env.db
      .select()
      .from(t.appointments)
      .where(eq(t.appointments.source, 'online'));
    expect(appointment).toMatchObject({ clinicId: s.clinic.id, staffId: s.provider.id });

    // The booking's own message is there too, linked to its appointment.
    const bookedMessages = await listed(admin, '?kind=appointment.booked');
    expect(bookedMessages).toEqual([
      expect.objectContaining({
        appointmentId: appointment!.id,
        subject: 'Your appointment is booked — Riverside Family Clinic',
      }),
    ]);
    // Read again, the confirmation names the patient it booked.
    expect((await admin.get(`/api/admin/outbox/${message.id}`)).statusCode).toBe(200);
    const reads = await viewsAudited();
    expect(reads).toHaveLength(2);
    expect(reads[1]!.patientId).toBe(appointment!.patientId);
  });

  it('is another clinic’s admin’s to neither list, read nor resend, and no one’s but an admin’s', async () => {
    const message = await heldMessage();
    const elsewhere = await createSignInUser(env.db, {
      role: 'admin',
      name: 'Elsewhere Admin',
      clinicIds: [s.foreign.id],
    });
    const foreignAdmin = await apiAs(env.app, elsewhere.email);
    expect(await listed(foreignAdmin)).toEqual([]);
    for (const res of [
      await foreignAdmin.get(`/api/admin/outbox/${message.id}`),
      await foreignAdmin.post(`/api/admin/outbox/${message.id}/resend`),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', message: 'Message not found.' });
    }
    const read = await staff.get(`/api/admin/outbox/${message.id}`);
    expect(read.statusCode).toBe(403);
    expect(await viewsAudited()).toEqual([]);
  });

  it('answers ids out of range or not numbers with a 4xx in the error shape', async () => {
    for (const id of ['0', '-1', 'abc', '1e3', '99999999999999999999', '9007199254740992']) {
      const res = await admin.get(`/api/admin/outbox/${id}`);
      expect(res.statusCode, `${id}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    expect((await admin.get('/api/admin/outbox/9007199254740991')).statusCode).toBe(404);
  });
});

describe('a message of an appointment', () => {
  it('shows every recipient’s e-mail with its links, and the reminder written from the appointment', async () => {
    const created = await staff.post(
      '/api/appointments',
      createBody(s, '2026-11-26T15:00:00.000Z'),
    );
    expect(created.statusCode, created.body).toBe(201);
    const { _id: appointmentId, token } = created.json() as { _id: string; token: string };
    const [booked] = await listed(admin, '?kind=appointment.booked');
    expect(booked).toMatchObject({
      appointmentId,
      subject: 'Your appointment is booked — Riverside Family Clinic',
    });
    expect(booked!.preview).toMatch(/^Hello José Núñez, Your appointment is booked\./);

    const detail = (
      await admin.get(`/api/admin/outbox/${booked!.id}`)
    ).json() as OutboxMessageDetail;
    expect(detail.mails.map((m) => [m.to, m.role])).toEqual([
      [s.patient.email, 'patient'],
      [s.provider.email, 'staff'],
    ]);
    expect(detail.mails[0]!.links).toEqual([
      { label: 'Join your online visit', url: `${PUBLIC_URL}/session/?token=${token}` },
      { label: 'Change or cancel your appointment', url: `${PUBLIC_URL}/session/?token=${token}` },
      {
        label: 'Add it to your calendar',
        url: `${PUBLIC_URL}/api/session/calendar.ics?token=${token}`,
      },
    ]);
    // The provider's copy is worded for them, without the patient's own link (issue 44).
    expect(detail.mails[1]!.subject).toBe(
      'José Núñez was booked with you — Riverside Family Clinic',
    );
    expect(detail.mails[1]!.links).toEqual([]);
    const [read] = await viewsAudited();
    expect(read).toMatchObject({ userId: s.admin.id, patientId: s.patient.id });

    const [reminder] = await listed(admin, '?kind=appointment.reminder');
    expect(reminder!.subject).toMatch(
      /^Reminder: your appointment on .* — Riverside Family Clinic$/,
    );
    const reminderDetail = (
      await admin.get(`/api/admin/outbox/${reminder!.id}`)
    ).json() as OutboxMessageDetail;
    expect(reminderDetail.mails[0]!.links.map((l) => l.label)).toEqual([
      'Confirm that you will come',
      'Join your online visit',
      'Change or cancel your appointment',
      'Add it to your calendar',
    ]);
  });

  it('says which staff member turned that kind of e-mail off', async () => {
    await env.db
      .update(t.users)
      .set({ notificationPrefs: { booked: false } })
      .where(eq(t.users.id, s.provider.id));
    await staff.post('/api/appointments', createBody(s, '2026-11-26T15:00:00.000Z'));
    const [booked] = await listed(admin, '?kind=appointment.booked');
    const detail = (
      await admin.get(`/api/admin/outbox/${booked!.id}`)
    ).json() as OutboxMessageDetail;
    expect(detail.mails.map((m) => [m.to, m.optedOut])).toEqual([
      [s.patient.email, false],
      [s.provider.email, true],
    ]);
  });
});

describe('the list of an admin of several clinics', () => {
  it('merges their clinics’ messages newest first, a page at a time, with notices only to their recipients', async () => {
    const both = await createUserOfBothClinics(env.db, s, { role: 'admin', name: 'Rosa Lind' });
    const notice = (to: string) => ({
      kind: 'admin.notice',
      clinicId: null,
      recipients: [{ email: to, name: 'Admin', role: 'staff' }],
      payload: { subject: `For ${to}`, text: 'A webhook endpoint was disabled.' },
    });
    const [a, b, , c, d] = await env.db
      .insert(t.outbox)
      .values([
        { ...notice('x'), clinicId: s.clinic.id, payload: { subject: 'A', text: '' } },
        { ...notice('x'), clinicId: s.foreign.id, payload: { subject: 'B', text: '' } },
        notice(s.admin.email),
        notice(both.email),
        { ...notice('x'), clinicId: s.clinic.id, payload: { subject: 'D', text: '' } },
      ])
      .returning({ id: t.outbox.id });
    const api = await apiAs(env.app, both.email);
    const ids = async (query: string) => {
      const res = await api.get(`/api/admin/outbox${query}`);
      const body = res.json() as { data: OutboxMessage[]; pagination: { hasNextPage: boolean } };
      return { ids: body.data.map((m) => m.id), more: body.pagination.hasNextPage };
    };
    expect(await ids('')).toEqual({ ids: [d!.id, c!.id, b!.id, a!.id], more: false });
    expect(await ids('?limit=2&page=2')).toEqual({ ids: [b!.id, a!.id], more: false });
    expect(await ids('?limit=3')).toEqual({ ids: [d!.id, c!.id, b!.id], more: true });
  });
});

describe('the signed-in user', () => {
  it('is told that mail is off without SMTP_URL', async () => {
    const res = await staff.get('/api/auth/session');
    expect(res.json().user).toMatchObject({ email: s.staff.email, mailDelivery: 'off' });
  });
});
