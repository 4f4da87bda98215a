// 10,000 due reminders delivered by the outbox worker to a local SMTP sink, beside the rate at
// which that sink accepts the same messages sent straight at it: how much of the mail server's
// own speed the worker keeps. Both run on PostgreSQL, the sink in this process.
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { testConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';
import { renderReminder } from '../../src/server/modules/notifications/messages';
import { createOutboxWorker } from '../../src/server/modules/notifications/outbox-worker';
import { createOwnedDatabase } from '../../src/server/test/scratch-database';
import { ADMIN_URL } from '../lib/sql';
import {
  dayAheadReminderOfA,
  halfHourlyAppointments,
  outboxStatuses,
  sendAll,
} from '../lib/due-reminders';

export interface RemindersResult {
  reminders: number;
  deliveredMs: number;
  deliveredPerSecond: number;
  received: number;
  distinctReceived: number;
  rawMessages: number;
  rawPerSecond: number;
  shareOfRaw: number;
  note: string;
}

function startSink() {
  let received = 0;
  const subjects = new Set<string>();
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 1_000_000,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 4096) head += chunk.toString('utf8');
      });
      stream.on('end', () => {
        received++;
        const id = /token=3D([\w-]+)/.exec(head);
        if (id) subjects.add(id[1]!);
        callback();
      });
    },
  });
  return {
    async listen() {
      await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
      return (sink.server.address() as AddressInfo).port;
    },
    counts: () => ({ received, distinct: subjects.size }),
    reset() {
      received = 0;
      subjects.clear();
    },
    close: () => new Promise<void>((resolve) => sink.close(() => resolve())),
  };
}

/**
 * The sink's own speed: the same number of reminder messages, rendered beforehand (with their
 * .ics), sent straight over five pooled connections, with no database in between.
 */
async function rawRate(port: number, messages: number) {
  const start = new Date(Date.now() + 86_400_000).toISOString();
  const rendered = Array.from({ length: messages }, (_, i) =>
    renderReminder(
      {
        appointmentId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        clinic: { name: 'Bench Clinic', timezone: 'America/New_York' },
        start,
        durationMinutes: 30,
        token: `raw-${i}`,
        confirmed: false,
        patient: { name: `Patient No ${i}` },
        staff: { name: 'Dr. Bench' },
        sequence: 1,
      },
      `patient-${i}@example.com`,
      'https://care.example.org',
    ),
  );
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port,
    secure: false,
    ignoreTLS: true,
    pool: true,
    maxConnections: 5,
  });
  const started = performance.now();
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < messages; i = next++) {
      const m = rendered[i]!;
      await transport.sendMail({
        from: 'bench@carebook.local',
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        icalEvent: { method: m.icsMethod, filename: 'appointment.ics', content: m.ics },
      });
    }
  };
  await Promise.all(Array.from({ length: 5 }, lane));
  const ms = performance.now() - started;
  transport.close();
  return messages / (ms / 1000);
}

export async function benchReminders(
  count: number,
  log: (s: string) => void,
): Promise<RemindersResult> {
  const owned = await createOwnedDatabase(ADMIN_URL, 'carebook_bench_reminders');
  const sink = startSink();
  const port = await sink.listen();
  const handle = await openDatabase({ url: owned.url, poolMax: 10 });
  try {
    await runMigrations(handle);
    const now = new Date();
    log(`reminders: ${count.toLocaleString('en-US')} appointments, each with a due reminder`);
    // One provider, one appointment every 30 minutes from tomorrow: no two overlap.
    await handle.db.execute(sql`
      with c as (
        insert into clinics (slug, name, timezone) values ('bench-reminders', 'Bench Clinic', 'America/New_York')
        returning id
      ), u as (
        insert into users (email, name, role) values ('provider@bench.local', 'Dr. Bench', 'provider')
        returning id
      ), p as (
        insert into patients (clinic_id, first_name, last_name, email, search_text)
        select c.id, 'Patient', 'No ' || g, 'patient-' || g || '@example.com', 'patient no ' || g
        from c, generate_series(1, ${count}) g
        returning id, email
      ), ${halfHourlyAppointments(now, 'bench-token-')}
      insert into outbox (kind, appointment_id, recipients, payload, status, due_at, offset_minutes, next_attempt_at)
      select 'appointment.reminder', a.id,
        -- Addressed to the patient, as the app queues a reminder (reminders.repository.ts): the
        -- worker writes to each recipient, so a row addressed to nobody is sent to nobody.
        jsonb_build_array(jsonb_build_object('email', p.email, 'name', 'Patient', 'role', 'patient')),
        ${dayAheadReminderOfA(now)}
      from a join p on p.id = a.patient_id
    `);

    const config = testConfig({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      PUBLIC_URL: 'https://care.example.org',
      // Only the measured runOnce calls deliver; the worker's own timer stays out of the way.
      OUTBOX_POLL_MS: 3_600_000,
    });
    const worker = createOutboxWorker(
      { config, db: handle, now: () => new Date(), version: 'bench' },
      { logger: pino({ level: 'warn' }) },
    );
    const started = performance.now();
    const sent = await sendAll(worker, count);
    const deliveredMs = performance.now() - started;
    await worker.stop();
    log(`reminders: outbox ${await outboxStatuses(handle.db)}`);
    const delivered = sink.counts();
    log(
      `reminders: ${sent} sent in ${(deliveredMs / 1000).toFixed(1)} s (${delivered.distinct} distinct at the sink)`,
    );

    sink.reset();
    const rawPerSecond = await rawRate(port, count);
    const deliveredPerSecond = sent / (deliveredMs / 1000);
    log(`reminders: the sink accepts ${rawPerSecond.toFixed(0)} messages/s sent straight at it`);
    return {
      reminders: count,
      deliveredMs: Math.round(deliveredMs),
      deliveredPerSecond: Math.round(deliveredPerSecond),
      received: delivered.received,
      distinctReceived: delivered.distinct,
      rawMessages: count,
      rawPerSecond: Math.round(rawPerSecond),
      shareOfRaw: Number((deliveredPerSecond / rawPerSecond).toFixed(2)),
      note: 'Worker: batches of 100 claimed with SKIP LOCKED, each reminder re-read with its appointment before it goes, rendered with its .ics, sent over five pooled SMTP connections and marked sent one by one. Straight: the same number of reminder messages rendered beforehand, sent over five pooled connections with no database in between.',
    };
  } finally {
    await handle.close();
    await sink.close();
    await owned.drop();
  }
}
