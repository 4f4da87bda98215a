import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { useScenario, useTestApp } from '../../test/test-app';
import { bookThroughApi } from '../../test/scenario';
import * as t from '../../db/schema';
import type { OutboxMessageDetail, RecordMessages } from '@contracts/outbox';

// Issue 44: every e-mail and text about a patient, and about an appointment, on its record, as
// sent. Admins and the front desk read them (ADR 036, amended); each read is audited.

const PUBLIC_URL = 'https://care.example.org';
const env = useTestApp({ now: '2026-11-23T12:00:00Z', config: { PUBLIC_URL } });
const { s, staff, admin, provider, nurse } = useScenario(env, 'admin', 'provider', 'nurse');

const reads = () =>
  env.db
    .select()
    .from(t.auditLog)
    .where(and(eq(t.auditLog.entityType, 'notification'), eq(t.auditLog.action, 'read')));

/** A text to a patient, as the text worker leaves it once the gateway took it. */
const insertText = async (patientId: string, body: string, appointmentId: string | null = null) => {
  const [row] = await env.db
    .insert(t.outbox)
    .values({
      kind: 'text.staff',
      channel: 'sms',
      clinicId: s.clinic.id,
      patientId,
      appointmentId,
      toNumber: '+12125550142',
      deliveryStatus: 'delivered',
      recipients: [{ email: null, name: 'José', role: 'patient' }],
      payload: { text: body },
      body,
      status: 'sent',
      attempts: 1,
      sentAt: new Date('2026-11-23T11:00:00Z'),
      deliveredAt: new Date('2026-11-23T11:00:05Z'),
    })
    .returning({ id: t.outbox.id });
  return row!.id;
};

async function book(start = '2026-11-26T15:00:00.000Z') {
  return (await bookThroughApi(staff, s, start))._id;
}

const listOf = async (url: string, api = staff) => {
  const res = await api.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as RecordMessages;
};

describe('a patient’s messages on their record', () => {
  it('lists every e-mail and text about them, newest first, as sent, and audits the read', async () => {
    const appointmentId = await book();
    const textId = await insertText(s.patient.id, 'Riverside: see you Thursday at 10:00.');
    await insertText(s.otherPatient.id, 'Someone else’s text.');

    const { data, more } = await listOf(`/api/patients/${s.patient.id}/messages`);
    expect(more).toBe(false);
    // The text, the booking's reminders (one per clinic offset), the booking's e-mail.
    expect(data[0]).toMatchObject({ kind: 'text.staff', channel: 'sms' });
    expect(data.at(-1)).toMatchObject({ kind: 'appointment.booked', channel: 'email' });
    const middle = data.slice(1, -1);
    expect(middle.length).toBeGreaterThan(0);
    expect(middle.every((m) => m.kind === 'appointment.reminder' && m.channel === 'email')).toBe(
      true,
    );
    expect(data[0]).toMatchObject({
      id: textId,
      status: 'sent',
      attempts: 1,
      textBody: 'Riverside: see you Thursday at 10:00.',
      mails: [],
      text: { to: '+1 ••• 0142', deliveryStatus: 'delivered' },
    });
    const booked = data.at(-1)!;
    expect(booked).toMatchObject({ appointmentId, status: 'pending', attempts: 0, textBody: null });

    // The same words and links as the outbox's own view, which the worker sends.
    const detail = (
      await admin.get(`/api/admin/outbox/${booked.id}`)
    ).json() as OutboxMessageDetail;
    expect(booked.mails).toEqual(detail.mails);
    expect(booked.mails[0]).toMatchObject({
      to: s.patient.email,
      subject: 'Your appointment is booked — Riverside Family Clinic',
    });
    expect(booked.mails[0]!.links[0]!.url).toMatch(new RegExp(`^${PUBLIC_URL}/session/`));

    const [read] = await reads();
    expect(read).toMatchObject({
      userId: s.staff.id,
      patientId: s.patient.id,
      details: { messageIds: data.map((m) => m.id) },
    });
  });

  it('shows an e-mail the patient was texted instead as it went: to the staff on it alone, or not at all', async () => {
    const appointmentId = await book();
    const emails = await env.db
      .select()
      .from(t.outbox)
      .where(and(eq(t.outbox.appointmentId, appointmentId), eq(t.outbox.channel, 'email')));
    const booked = emails.find((row) => row.kind === 'appointment.booked')!;
    const reminder = emails.find((row) => row.kind === 'appointment.reminder')!;
    // The text worker planned both as texts (ADR 050): the patient got no e-mail of either.
    for (const row of [booked, reminder]) {
      await env.db.insert(t.outbox).values({
        kind: `text.${row.kind}`,
        channel: 'sms',
        sourceOutboxId: row.id,
        appointmentId,
        clinicId: s.clinic.id,
        patientId: s.patient.id,
        toNumber: '+12125550142',
        deliveryStatus: 'delivered',
        recipients: [{ email: null, name: 'José', role: 'patient' }],
        payload: row.payload,
        body: `Text in place of ${row.kind}`,
        status: 'sent',
        attempts: 1,
        sentAt: new Date('2026-11-23T11:00:00Z'),
      });
    }

    // The admin's Notifications page and its View say the same.
    const page = await admin.get('/api/admin/outbox?limit=100');
    expect(page.statusCode, page.body).toBe(200);
    const listed = (page.json() as { data: Array<{ id: number; recipients: unknown[] }> }).data;
    expect(listed.find((m) => m.id === booked.id)?.recipients).toEqual([
      expect.objectContaining({ email: s.provider.email }),
    ]);
    expect(listed.some((m) => m.id === reminder.id)).toBe(false);
    const one = await admin.get(`/api/admin/outbox/${booked.id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect((one.json() as { mails: Array<{ to: string }> }).mails.map((m) => m.to)).toEqual([
      s.provider.email,
    ]);

    for (const url of [
      `/api/patients/${s.patient.id}/messages`,
      `/api/appointments/${appointmentId}/messages`,
    ]) {
      const { data } = await listOf(url);
      const bookedEmail = data.find((m) => m.id === booked.id);
      expect(bookedEmail?.recipients.map((r) => r.email)).toEqual([s.provider.email]);
      expect(data.some((m) => m.id === reminder.id)).toBe(false);
      expect(data.filter((m) => m.channel === 'sms').map((m) => m.textBody)).toEqual(
        expect.arrayContaining([
          'Text in place of appointment.booked',
          'Text in place of appointment.reminder',
        ]),
      );
    }
  });

  it('leaves out other patients’ messages', async () => {
    await insertText(s.otherPatient.id, 'Someone else’s text.');
    const { data } = await listOf(`/api/patients/${s.patient.id}/messages`);
    expect(data).toEqual([]);
  });
});

describe('an appointment’s messages', () => {
  it('lists its e-mails and texts alone, with the read audited for its patient', async () => {
    const appointmentId = await book();
    const other = await book('2026-11-27T15:00:00.000Z');
    const twin = await insertText(s.patient.id, 'Riverside: booked for Thursday.', appointmentId);
    await insertText(s.patient.id, 'Not about a visit.');

    const { data } = await listOf(`/api/appointments/${appointmentId}/messages`, admin);
    expect(data[0]!.id).toBe(twin);
    expect(data.at(-1)!.kind).toBe('appointment.booked');
    expect(data.filter((m) => m.kind === 'appointment.reminder').length).toBeGreaterThan(0);
    expect(data.every((m) => m.appointmentId === appointmentId)).toBe(true);
    expect(data.some((m) => m.appointmentId === other)).toBe(false);

    const [read] = await reads();
    expect(read).toMatchObject({
      userId: s.admin.id,
      patientId: s.patient.id,
      details: { appointmentId, messageIds: data.map((m) => m.id) },
    });
  });
});

describe('who reads them', () => {
  it('is a 404 for another clinic’s patient or appointment, in the error shape', async () => {
    for (const [url, message] of [
      [`/api/patients/${s.foreignPatient.id}/messages`, 'Patient not found.'],
      [`/api/appointments/${s.foreignAppointment.id}/messages`, 'Appointment not found.'],
      ['/api/patients/00000000-0000-4000-8000-000000000000/messages', 'Patient not found.'],
    ] as const) {
      const res = await admin.get(url);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', message });
    }
    const bad = await staff.get('/api/patients/not-an-id/messages');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    expect(await reads()).toEqual([]);
  });

  it('refuses providers and nurses, and audits nothing', async () => {
    const appointmentId = await book();
    for (const api of [provider, nurse]) {
      for (const url of [
        `/api/patients/${s.patient.id}/messages`,
        `/api/appointments/${appointmentId}/messages`,
      ]) {
        const res = await api.get(url);
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json()).toMatchObject({
          error: expect.any(String),
          message: expect.any(String),
        });
      }
    }
    expect(await reads()).toEqual([]);
  });
});

describe('resend from the record', () => {
  it('is the outbox’s: an admin queues a failed e-mail again, the record shows it waiting; the front desk may not', async () => {
    await book();
    const [booked] = (await listOf(`/api/patients/${s.patient.id}/messages`)).data.filter(
      (m) => m.kind === 'appointment.booked',
    );
    await env.db
      .update(t.outbox)
      .set({ status: 'failed', attempts: 5, lastError: 'Connection refused' })
      .where(eq(t.outbox.id, booked!.id));
    expect(
      (await listOf(`/api/patients/${s.patient.id}/messages`)).data.find(
        (m) => m.id === booked!.id,
      ),
    ).toMatchObject({ status: 'failed', attempts: 5, lastError: 'Connection refused' });

    expect((await staff.post(`/api/admin/outbox/${booked!.id}/resend`)).statusCode).toBe(403);
    const res = await admin.post(`/api/admin/outbox/${booked!.id}/resend`);
    expect(res.statusCode, res.body).toBe(200);
    expect(
      (await listOf(`/api/patients/${s.patient.id}/messages`)).data.find(
        (m) => m.id === booked!.id,
      ),
    ).toMatchObject({ status: 'pending', attempts: 0, lastError: null });
  });
});
