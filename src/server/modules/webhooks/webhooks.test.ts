import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import {
  webhookDeliveriesPage,
  webhookEndpointsResponse,
  webhookEndpointView,
  type WebhookEndpointView,
} from '@contracts/webhooks';
import type { Appointment } from '@contracts/appointments';
import { testConfig } from '../../config';
import * as t from '../../db/schema';
import { apiAs, type Api } from '../../test/api-client';
import { createSignInUser } from '../../test/auth-helpers';
import { bookThroughApi, createBody, createUserOfBothClinics } from '../../test/scenario';
import { useScenario, useTestApp } from '../../test/test-app';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver';
import { appointmentWebhooksFor } from './queue-webhooks';
import { createWebhookWorker } from './webhook-worker';

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

// The clock starts at the real time, so the package's verifier (which allows five minutes of
// skew from the real clock) accepts the signatures; tests that need a day move it.
const env = useTestApp({
  now: new Date(),
  config: { WEBHOOK_ALLOW_PRIVATE: true },
});
const { s, staff, admin, signInAgain } = useScenario(env, 'admin');
beforeEach(async () => {
  receiver.received.length = 0;
  receiver.answer(() => 200);
});

function worker() {
  return createWebhookWorker(
    {
      config: testConfig({
        WEBHOOK_ALLOW_PRIVATE: true,
        WEBHOOK_TIMEOUT_MS: 300,
        OUTBOX_POLL_MS: 3_600_000,
      }),
      db: env.handle,
      now: () => env.now(),
      version: 'test',
    },
    { logger: env.app.log },
  );
}

async function deliverNow(): Promise<number> {
  const w = worker();
  try {
    return await w.runOnce();
  } finally {
    await w.stop();
  }
}

type ManagedEndpoint = WebhookEndpointView & { secret: string };

async function register(
  overrides: Record<string, unknown> = {},
  as: Api = admin,
): Promise<ManagedEndpoint> {
  const res = await as.post('/api/admin/webhooks', {
    url: receiver.url,
    description: 'Billing',
    events: [
      'appointment.created',
      'appointment.rescheduled',
      'appointment.reassigned',
      'appointment.cancelled',
      'appointment.status_changed',
      'appointment.confirmed',
    ],
    clinicIds: [s.clinic.id],
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  const view = webhookEndpointView.parse(res.json());
  expect(view.secret).not.toBeNull();
  return view as ManagedEndpoint;
}

/** A weekday at the given UTC hour, some days from now: inside the scenario's default hours. */
function inDays(days: number, hour = 15): string {
  const at = new Date(env.now().getTime() + days * 86_400_000);
  while (at.getUTCDay() === 0 || at.getUTCDay() === 6) at.setUTCDate(at.getUTCDate() + 1);
  at.setUTCHours(hour, 0, 0, 0);
  return at.toISOString();
}

const book = (start = inDays(2)) => bookThroughApi(staff, s, start);

function verified(secret: string, index: number) {
  const hit = receiver.received[index]!;
  return new Webhook(secret).verify(hit.body, hit.headers) as {
    type: string;
    timestamp: string;
    data: Appointment;
  };
}

async function deliveriesOf(endpoint: WebhookEndpointView, as: Api = admin) {
  const res = await as.get(`/api/admin/webhooks/${endpoint.id}/deliveries`);
  expect(res.statusCode, res.body).toBe(200);
  return webhookDeliveriesPage.parse(res.json()).data;
}

describe('webhook endpoints', () => {
  it('are for admins only, and only for their clinics', async () => {
    const denied = await staff.post('/api/admin/webhooks', {
      url: receiver.url,
      events: ['appointment.created'],
      clinicIds: [s.clinic.id],
    });
    expect(denied.statusCode).toBe(403);
    const foreign = await admin.post('/api/admin/webhooks', {
      url: receiver.url,
      events: ['appointment.created'],
      clinicIds: [s.foreign.id],
    });
    expect(foreign.statusCode).toBe(404);
    for (const url of ['ftp://example.com/x', '', 'not a url', 'https://user:pw@example.com/']) {
      const bad = await admin.post('/api/admin/webhooks', {
        url,
        events: [],
        clinicIds: [s.clinic.id],
      });
      expect(bad.statusCode, url).toBe(400);
      expect(bad.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    expect(await env.db.select().from(t.webhookEndpoints)).toEqual([]);
  });

  it('lists, edits and removes an endpoint, with a Standard Webhooks secret', async () => {
    const endpoint = await register();
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(endpoint.clinics).toEqual([
      { id: s.clinic.id, slug: s.clinic.slug, name: s.clinic.name },
    ]);
    const list = webhookEndpointsResponse.parse((await admin.get('/api/admin/webhooks')).json());
    expect(list.data.map((e) => e.id)).toEqual([endpoint.id]);

    const edited = await admin.put(`/api/admin/webhooks/${endpoint.id}`, {
      url: receiver.url,
      description: 'Billing (paused)',
      events: ['appointment.cancelled'],
      clinicIds: [s.clinic.id],
      enabled: false,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      enabled: false,
      events: ['appointment.cancelled'],
      disabledReason: 'Disabled by an admin.',
    });
    await book();
    expect(await env.db.select().from(t.webhookDeliveries)).toEqual([]);

    expect((await admin.call('DELETE', `/api/admin/webhooks/${endpoint.id}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/admin/webhooks/${endpoint.id}/deliveries`)).statusCode).toBe(404);
  });
});

describe('webhook delivery', () => {
  it('signs each delivery so the package verifies it, with the appointment in the API shape', async () => {
    const endpoint = await register();
    const created = await book();
    // Written with the booking: due before any worker has run.
    const rows = await env.db.select().from(t.webhookDeliveries);
    expect(rows).toHaveLength(1);

    expect(await deliverNow()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const payload = verified(endpoint.secret, 0);
    expect(payload.type).toBe('appointment.created');
    // Without the visit token, which this endpoint was not given (ADR 030).
    const { token: _token, ...withoutToken } = created;
    expect(payload.data).toEqual(withoutToken);
    expect(receiver.received[0]!.headers['webhook-id']).toBe(rows[0]!.messageId);
    expect(() =>
      new Webhook(endpoint.secret).verify(
        receiver.received[0]!.body.replace('BOOKED', 'booked'),
        receiver.received[0]!.headers,
      ),
    ).toThrow();

    const [log] = await deliveriesOf(endpoint);
    expect(log).toMatchObject({
      status: 'sent',
      responseStatus: 200,
      attempts: 1,
      event: 'appointment.created',
      appointmentId: created._id,
    });
  });

  it('tells of every visit of a series booked or cancelled at once, as of single ones', async () => {
    const endpoint = await register();
    const start = inDays(2);
    const booked = await staff.post('/api/appointments/series', {
      ...createBody(s, start),
      recurrence: { rrule: 'FREQ=WEEKLY;COUNT=3', dtstart: start },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const visits = (booked.json() as { created: Appointment[] }).created;
    expect(visits).toHaveLength(3);
    const cancelled = await staff.post(`/api/appointments/${visits[0]!._id}?action=cancel`, {
      reason: 'Course of treatment ended',
      scope: 'all',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    expect(await deliverNow()).toBe(6);
    const events = receiver.received.map((_, i) => verified(endpoint.secret, i));
    for (const visit of visits) {
      expect(
        events.filter((e) => e.data._id === visit._id).map((e) => e.type),
        visit._id,
      ).toEqual(['appointment.created', 'appointment.cancelled']);
    }
  });

  it('sends only the events and clinics an endpoint asked for', async () => {
    const endpoint = await register({ events: ['appointment.cancelled'] });
    const created = await book();
    await staff.post(`/api/appointments/${created._id}?action=cancel`, { reason: 'Sick' });
    expect(await deliverNow()).toBe(1);
    expect(verified(endpoint.secret, 0).type).toBe('appointment.cancelled');
    expect(verified(endpoint.secret, 0).data.metadata.status).toBe('CANCELLED');
  });

  it('writes a change’s deliveries to the endpoints subscribed when it writes them', async () => {
    const gone = await register();
    const kept = await register({ description: 'Kept' });
    const created = await book();
    await env.db.transaction(async (tx) => {
      // A booking reads who listens before it waits for the agent's lock (ADR 027); an endpoint
      // removed meanwhile gets no delivery, and the booking does not fail on it.
      const queue = await appointmentWebhooksFor(tx, s.clinic.id, ['BOOKED']);
      await tx.delete(t.webhookEndpoints).where(eq(t.webhookEndpoints.id, gone.id));
      await queue(created, env.now());
    });
    const rows = await env.db.select().from(t.webhookDeliveries);
    expect(rows.filter((r) => r.endpointId === kept.id)).toHaveLength(2);
    expect(rows.filter((r) => r.endpointId !== kept.id)).toHaveLength(0);
  });

  it('tells of a confirmation the patient makes through their link', async () => {
    const endpoint = await register({ events: ['appointment.confirmed'] });
    const created = await book();
    const confirmed = await env.app.inject({
      method: 'POST',
      url: '/api/session/confirm',
      payload: { token: created.token },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await deliverNow()).toBe(1);
    const payload = verified(endpoint.secret, 0);
    expect(payload.type).toBe('appointment.confirmed');
    expect(payload.data.metadata.status).toBe('CONFIRMED');
    expect(payload.data.statusHistory.at(-1)).toMatchObject({ type: 'CONFIRMED', by: 'Patient' });
  });

  it('keeps each appointment’s events in order: a later one waits while an earlier one fails', async () => {
    const endpoint = await register();
    const created = await book();
    const moved = await staff.put(`/api/appointments/${created._id}`, {
      date: inDays(2, 14),
      staff: { id: s.provider.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const cancelled = await staff.post(`/api/appointments/${created._id}?action=cancel`, {
      reason: 'Moved away',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    receiver.answer(() => 500);
    expect(await deliverNow()).toBe(0);
    // Only the first was tried: the others wait behind it.
    expect(receiver.received).toHaveLength(1);
    const [first] = (await deliveriesOf(endpoint)).slice(-1);
    expect(first).toMatchObject({ status: 'pending', responseStatus: 500, attempts: 1 });
    // The first retry is within a minute.
    expect(new Date(first!.nextAttemptAt).getTime() - env.now().getTime()).toBeLessThanOrEqual(
      60_000,
    );
    expect(await deliverNow()).toBe(0);
    expect(receiver.received).toHaveLength(1);

    receiver.answer(() => 204);
    env.advance(60_000);
    expect(await deliverNow()).toBe(3);
    const types = receiver.received.slice(1).map((_, i) => verified(endpoint.secret, i + 1).type);
    expect(types).toEqual([
      'appointment.created',
      'appointment.rescheduled',
      'appointment.cancelled',
    ]);
    // The retry is the same message.
    expect(receiver.received[1]!.headers['webhook-id']).toBe(
      receiver.received[0]!.headers['webhook-id'],
    );
    const [endpointRow] = await env.db
      .select()
      .from(t.webhookEndpoints)
      .where(eq(t.webhookEndpoints.id, endpoint.id));
    expect(endpointRow!.failingSince).toBeNull();
  });

  it('retries a receiver that does not answer in time', async () => {
    const endpoint = await register();
    await book();
    receiver.answer(() => 'hang');
    expect(await deliverNow()).toBe(0);
    const [log] = await deliveriesOf(endpoint);
    expect(log).toMatchObject({ status: 'pending', responseStatus: null, attempts: 1 });
    expect(log!.lastError).toMatch(/No answer within 300 ms/);

    receiver.answer(() => 200);
    env.advance(60_000);
    expect(await deliverNow()).toBe(1);
    expect((await deliveriesOf(endpoint))[0]).toMatchObject({ status: 'sent', attempts: 2 });
    expect(receiver.received[1]!.headers['webhook-id']).toBe(
      receiver.received[0]!.headers['webhook-id'],
    );
  });

  it('disables an endpoint that has failed for a day, tells the admins, and resumes in order when enabled', async () => {
    const endpoint = await register();
    await book();
    receiver.answer(() => 503);
    expect(await deliverNow()).toBe(0);
    for (let hour = 1; hour <= 24; hour++) {
      env.advance(3_600_000);
      await deliverNow();
    }
    const [row] = await env.db
      .select()
      .from(t.webhookEndpoints)
      .where(eq(t.webhookEndpoints.id, endpoint.id));
    expect(row).toMatchObject({
      enabled: false,
      disabledReason: 'Every delivery failed for 24 hours.',
    });
    const notices = await env.db.select().from(t.outbox).where(eq(t.outbox.kind, 'admin.notice'));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.recipients).toEqual([
      { email: s.admin.email, name: s.admin.name, role: 'staff' },
    ]);
    expect((notices[0]!.payload as { text: string }).text).toContain(receiver.url);
    // The endpoint serves one clinic: the notice is that clinic's, for all its admins to see.
    expect(notices[0]!.clinicId).toBe(s.clinic.id);

    // Disabled: nothing more is tried, and new changes queue nothing for it.
    const tried = receiver.received.length;
    env.advance(3_600_000);
    await deliverNow();
    expect(receiver.received).toHaveLength(tried);
    // A day has passed: the sessions have ended.
    await signInAgain();
    await book(inDays(2, 16));
    expect(await env.db.select().from(t.webhookDeliveries)).toHaveLength(1);

    const list = webhookEndpointsResponse.parse((await admin.get('/api/admin/webhooks')).json());
    expect(list.data[0]).toMatchObject({ enabled: false, disabledAt: expect.any(String) });
    // The notice is in the admin's outbox page, and not in another clinic's admin's.
    const noticesOf = (api: Api) =>
      api
        .get('/api/admin/outbox?kind=admin.notice')
        .then((r) => (r.json() as { data: unknown[] }).data);
    expect(await noticesOf(admin)).toHaveLength(1);
    const elsewhere = await createSignInUser(env.db, {
      role: 'admin',
      name: 'Elsewhere Admin',
      clinicIds: [s.foreign.id],
    });
    expect(await noticesOf(await apiAs(env.app, elsewhere.email))).toEqual([]);

    receiver.answer(() => 200);
    const enabled = await admin.put(`/api/admin/webhooks/${endpoint.id}`, {
      url: endpoint.url,
      events: endpoint.events,
      clinicIds: [s.clinic.id],
      enabled: true,
    });
    expect(enabled.json()).toMatchObject({ enabled: true, disabledAt: null, failingSince: null });
    expect(await deliverNow()).toBe(1);
  });

  it('resends a delivery from the log with the same webhook-id', async () => {
    const endpoint = await register();
    await book();
    await deliverNow();
    const [log] = await deliveriesOf(endpoint);
    const resent = await admin.post(
      `/api/admin/webhooks/${endpoint.id}/deliveries/${log!.id}/resend`,
    );
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ status: 'pending' });
    const again = await admin.post(
      `/api/admin/webhooks/${endpoint.id}/deliveries/${log!.id}/resend`,
    );
    expect(again.statusCode).toBe(409);
    expect(await deliverNow()).toBe(1);
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.headers['webhook-id']).toBe(log!.messageId);
    expect(verified(endpoint.secret, 1).type).toBe('appointment.created');
    expect((await deliveriesOf(endpoint))[0]).toMatchObject({ status: 'sent', attempts: 2 });

    const staffResend = await staff.post(
      `/api/admin/webhooks/${endpoint.id}/deliveries/${log!.id}/resend`,
    );
    expect(staffResend.statusCode).toBe(403);
  });
});

describe('an endpoint shared by clinics with different admins (ADR 030)', () => {
  let headAdmin: Api;
  beforeEach(async () => {
    const head = await createUserOfBothClinics(env.db, s, { role: 'admin', name: 'Head Admin' });
    headAdmin = await apiAs(env.app, head.email);
  });

  const bothClinics = () => ({ clinicIds: [s.clinic.id, s.foreign.id] });

  async function bookElsewhere(): Promise<Appointment> {
    const res = await headAdmin.post(
      '/api/appointments',
      createBody(s, inDays(2), {
        staff: { id: s.foreignAgent.id, name: s.foreignAgent.name, email: s.foreignAgent.email },
        patient: {
          id: s.foreignPatient.id,
          name: `${s.foreignPatient.firstName} ${s.foreignPatient.lastName}`,
          email: s.foreignPatient.email,
          phone: s.foreignPatient.phone,
          clinic: s.foreign.slug,
        },
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Appointment;
  }

  it('shows an admin of one of its clinics that it exists, without its secret or controls', async () => {
    const endpoint = await register(bothClinics(), headAdmin);
    const list = webhookEndpointsResponse.parse((await admin.get('/api/admin/webhooks')).json());
    expect(list.data).toEqual([
      {
        ...endpoint,
        clinics: [{ id: s.clinic.id, slug: s.clinic.slug, name: s.clinic.name }],
        otherClinics: 1,
        canManage: false,
        secret: null,
      },
    ]);
    expect(JSON.stringify(list)).not.toContain(endpoint.secret);
    expect(endpoint).toMatchObject({ canManage: true, otherClinics: 0 });
  });

  it('refuses every change by an admin of one of its clinics with 403, and changes nothing', async () => {
    const endpoint = await register(bothClinics(), headAdmin);
    const [before] = await env.db
      .select()
      .from(t.webhookEndpoints)
      .where(eq(t.webhookEndpoints.id, endpoint.id));
    const body = {
      url: 'https://attacker.example.net/hooks',
      events: endpoint.events,
      clinicIds: [s.clinic.id],
      enabled: true,
    };
    for (const change of [
      body,
      { ...body, url: endpoint.url },
      { ...body, url: endpoint.url, enabled: false },
      { ...body, url: endpoint.url, visitLinks: true },
    ]) {
      const res = await admin.put(`/api/admin/webhooks/${endpoint.id}`, change);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({
        error: 'forbidden',
        message:
          'This endpoint also serves clinics you do not administer. Only an admin of all its ' +
          'clinics can change, disable or remove it.',
      });
    }
    const removed = await admin.call('DELETE', `/api/admin/webhooks/${endpoint.id}`);
    expect(removed.statusCode).toBe(403);
    const [after] = await env.db
      .select()
      .from(t.webhookEndpoints)
      .where(eq(t.webhookEndpoints.id, endpoint.id));
    expect(after).toEqual(before);

    // The other clinic's booking by its own admin still goes to the receiver they chose.
    await bookElsewhere();
    expect(await deliverNow()).toBe(1);
    expect(receiver.received).toHaveLength(1);

    // An admin of all its clinics may.
    const changed = await headAdmin.put(`/api/admin/webhooks/${endpoint.id}`, {
      ...body,
      url: receiver.url,
      enabled: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ enabled: false, clinics: [{ id: s.clinic.id }] });
    // Now the clinic's own: its admin manages it.
    const mine = await admin.put(`/api/admin/webhooks/${endpoint.id}`, {
      ...body,
      url: receiver.url,
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({ canManage: true, secret: endpoint.secret });
  });

  it('shows each admin the deliveries of their own clinics only', async () => {
    const endpoint = await register(bothClinics(), headAdmin);
    const here = await book();
    const elsewhere = await bookElsewhere();
    expect(await deliverNow()).toBe(2);

    const seenByHead = await deliveriesOf(endpoint, headAdmin);
    expect(seenByHead.map((d) => d.appointmentId).sort()).toEqual([here._id, elsewhere._id].sort());
    const seenHere = await deliveriesOf(endpoint, admin);
    expect(seenHere.map((d) => d.appointmentId)).toEqual([here._id]);

    const theirs = seenByHead.find((d) => d.appointmentId === elsewhere._id)!;
    const resend = await admin.post(
      `/api/admin/webhooks/${endpoint.id}/deliveries/${theirs.id}/resend`,
    );
    expect(resend.statusCode).toBe(404);
    const ours = await admin.post(
      `/api/admin/webhooks/${endpoint.id}/deliveries/${seenHere[0]!.id}/resend`,
    );
    expect(ours.statusCode, ours.body).toBe(200);
  });
});

describe('visit links in webhook payloads (ADR 030)', () => {
  it('are left out unless the endpoint was given the permission', async () => {
    const plain = await register();
    expect(plain.visitLinks).toBe(false);
    const trusted = await register({ description: 'Video', visitLinks: true });
    expect(trusted.visitLinks).toBe(true);
    const created = await book();
    expect(await deliverNow()).toBe(2);

    const bodies = receiver.received.map((hit) => hit.body);
    const toPlain = bodies.filter((body) => !body.includes(created.token));
    expect(toPlain).toHaveLength(1);
    const rows = await env.db.select().from(t.webhookDeliveries);
    const plainRow = rows.find((r) => r.endpointId === plain.id)!;
    expect(JSON.stringify(plainRow.payload)).not.toContain(created.token);
    expect((plainRow.payload as { data: object }).data).not.toHaveProperty('token');
    const trustedRow = rows.find((r) => r.endpointId === trusted.id)!;
    expect((trustedRow.payload as { data: Appointment }).data.token).toBe(created.token);
  });

  it('are taken out of every delivery once the permission is withdrawn', async () => {
    const endpoint = await register({ visitLinks: true });
    const created = await book();
    const off = await admin.put(`/api/admin/webhooks/${endpoint.id}`, {
      url: endpoint.url,
      events: endpoint.events,
      clinicIds: [s.clinic.id],
      visitLinks: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ visitLinks: false });
    expect(await deliverNow()).toBe(1);
    expect(receiver.received[0]!.body).not.toContain(created.token);
    expect(verified(endpoint.secret, 0).data._id).toBe(created._id);
  });
});
