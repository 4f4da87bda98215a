// Issue 44: 10,000 due text reminders through a real Kannel (bearerbox, smsbox and its fake
// SMSC), each delivered exactly once, in at most 60 s. The texts' worker plans each reminder's
// text twin, claims and sends it to Kannel's sendsms; the time runs until the fake SMSC has
// printed every text (the phone network's side).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { testConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';
import { createTextWorker, textGatewayOf } from '../../src/server/modules/text-messages';
import { KANNEL_USER, kannelPorts, startKannel } from '../../src/server/test/kannel';
import { createOwnedDatabase } from '../../src/server/test/scratch-database';
import { ADMIN_URL } from '../lib/sql';
import {
  dayAheadReminderOfA,
  halfHourlyAppointments,
  outboxStatuses,
  sendAll,
} from '../lib/due-reminders';

export interface TextsResult {
  texts: number;
  sentMs: number;
  deliveredMs: number;
  textsPerSecond: number;
  received: number;
  distinctReceived: number;
  targetMs: number;
}

/** Answers Kannel's delivery reports at once, so that they cost the gateway nothing. */
async function reportSink() {
  const server = http.createServer((_req, res) => res.writeHead(200).end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function benchTexts(count: number, log: (s: string) => void): Promise<TextsResult> {
  const owned = await createOwnedDatabase(ADMIN_URL, 'carebook_bench_texts');
  const reports = await reportSink();
  const ports = await kannelPorts();
  const kannel = await startKannel(ports, `${reports.url}/inbound?text=%a`);
  const handle = await openDatabase({ url: owned.url, poolMax: 10 });
  try {
    await runMigrations(handle);
    const now = new Date();
    log(
      `texts: ${count.toLocaleString('en-US')} patients who chose texts, each with a due reminder`,
    );
    // Quiet hours off (equal start and end): the benchmark may run at night.
    await handle.db.execute(sql`
      with c as (
        insert into clinics (slug, name, timezone, quiet_hours_start, quiet_hours_end)
        values ('bench-texts', 'Bench Clinic', 'America/New_York', '00:00', '00:00')
        returning id
      ), u as (
        insert into users (email, name, role) values ('provider@bench-texts.local', 'Dr. Bench', 'provider')
        returning id
      ), p as (
        insert into patients (clinic_id, first_name, last_name, phone, contact_channel,
          text_consent_at, text_consent_method, search_text)
        select c.id, 'Pat', 'No ' || g, '+1212' || (5550000 + g)::text, 'sms',
          ${now}::timestamptz, 'written', 'pat no ' || g
        from c, generate_series(1, ${count}) g
        returning id
      ), ${halfHourlyAppointments(now, 'bench-text-token-')}
      insert into outbox (kind, appointment_id, clinic_id, recipients, payload, status, due_at, offset_minutes, next_attempt_at)
      select 'appointment.reminder', a.id, a.clinic_id, '[]'::jsonb,
        ${dayAheadReminderOfA(now)}
      from a
    `);
    const config = testConfig({
      TEXT_GATEWAY: 'kannel',
      KANNEL_SENDSMS_URL: kannel.sendsmsUrl,
      KANNEL_USERNAME: KANNEL_USER.username,
      KANNEL_PASSWORD: KANNEL_USER.password,
      KANNEL_INBOUND_SECRET: 'bench-kannel-inbound-secret',
      TEXT_FROM: '+12125550199',
      PUBLIC_URL: reports.url,
    });
    const worker = createTextWorker(
      { config, db: handle, now: () => new Date(), version: 'bench' },
      // Given its gateway, the worker runs only when asked: the measured calls alone send.
      { logger: pino({ level: 'warn' }), gateway: textGatewayOf(config) },
    );
    const started = performance.now();
    const sent = await sendAll(worker, count);
    const sentMs = performance.now() - started;
    await worker.stop();
    // Until the phone network's side has every text, or nothing new came for 10 s.
    let last = -1;
    let quietSince = performance.now();
    while (kannel.received.length < count && performance.now() - quietSince < 10_000) {
      if (kannel.received.length !== last) {
        last = kannel.received.length;
        quietSince = performance.now();
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const deliveredMs = performance.now() - started;
    log(`texts: outbox ${await outboxStatuses(handle.db, 'sms')}`);
    const distinct = new Set(kannel.received.map((r) => r.to)).size;
    log(
      `texts: ${sent} sent in ${(sentMs / 1000).toFixed(1)} s, ${kannel.received.length} at the fake SMSC (${distinct} distinct numbers) after ${(deliveredMs / 1000).toFixed(1)} s`,
    );
    return {
      texts: count,
      sentMs: Math.round(sentMs),
      deliveredMs: Math.round(deliveredMs),
      textsPerSecond: Math.round(kannel.received.length / (deliveredMs / 1000)),
      received: kannel.received.length,
      distinctReceived: distinct,
      targetMs: 60_000,
    };
  } finally {
    await handle.close();
    await kannel.stop();
    await reports.close();
    await owned.drop();
  }
}
