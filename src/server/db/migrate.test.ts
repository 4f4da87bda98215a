import { createHash, randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type DbHandle } from './client';
import { migrationsFolder, runMigrations, type MigrationSettings } from './migrate';
import * as t from './schema';
import { testDbKind } from '../test/db-kind';
import { createUser } from '../test/factories';
import { withScratchDatabase } from '../test/scratch-database';
import { createTestDatabase, type TestDatabase } from '../test/test-db';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.destroy());

async function schemaFingerprint() {
  const result = await queryRows<{ fingerprint: string }>(
    testDb.handle.db,
    sql`
    select md5(string_agg(table_name || '.' || column_name || ':' || data_type, ',' order by table_name, column_name)) as fingerprint
    from information_schema.columns where table_schema = 'public'`,
  );
  return result[0]?.fingerprint;
}

describe('migrations', () => {
  it('create every table of the data model with both extensions', async () => {
    const tables = await queryRows<{ table_name: string }>(
      testDb.handle.db,
      sql`
      select table_name from information_schema.tables where table_schema = 'public' order by 1`,
    );
    expect(tables.map((r) => r.table_name)).toEqual([
      'api_tokens',
      'appointment_events',
      'appointment_month_counts',
      'appointment_report_days',
      'appointment_report_periods',
      'appointment_series',
      'appointments',
      'audit_log',
      'bulk_export_files',
      'bulk_exports',
      'calendar_feeds',
      'clinic_data_versions',
      'clinic_members',
      'clinics',
      'idempotency_keys',
      'identity_providers',
      'invitation_clinics',
      'invitations',
      'login_failures',
      'oidc_sign_ins',
      'online_booking_holds',
      'outbox',
      'outside_busy_times',
      'outside_calendar_objects',
      'outside_calendar_push_queue',
      'outside_calendar_pushed_events',
      'outside_calendars',
      'password_resets',
      'patient_duplicate_dismissals',
      'patient_import_rows',
      'patient_imports',
      'patient_notes',
      'patient_search_words',
      'patients',
      'rate_limit_counters',
      'remembered_browsers',
      'resource_time_off',
      'resources',
      'schedule_overrides',
      'schedules',
      'service_agents',
      'services',
      'sessions',
      'sign_in_sources',
      'smart_access_tokens',
      'smart_assertion_jtis',
      'smart_clients',
      'sso_logout_tokens',
      'text_number_states',
      'text_replies',
      'user_identities',
      'user_passkeys',
      'user_recovery_codes',
      'user_totp',
      'users',
      'visit_participants',
      'waitlist_entries',
      'waitlist_events',
      'waitlist_offers',
      'waitlist_openings',
      'webauthn_challenges',
      'webhook_deliveries',
      'webhook_endpoints',
    ]);
    const extensions = await queryRows<{ extname: string }>(
      testDb.handle.db,
      sql`
      select extname from pg_extension where extname in ('btree_gist', 'pg_trgm') order by 1`,
    );
    expect(extensions.map((r) => r.extname)).toEqual(['btree_gist', 'pg_trgm']);
  });

  it('change nothing when run a second time', async () => {
    const before = await schemaFingerprint();
    const applied = await queryRows<{ n: number }>(
      testDb.handle.db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    await runMigrations(testDb.handle);
    expect(await schemaFingerprint()).toBe(before);
    const after = await queryRows<{ n: number }>(
      testDb.handle.db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(after).toEqual(applied);
  });
});

/**
 * A new database of this run's kind migrated up to and including `last`, handed to `use` with a
 * way to run the migrations after it: for tests of what a migration does to rows already there.
 */
async function migratedUpTo(
  last: string,
  use: (
    handle: DbHandle,
    migrateRest: (settings?: MigrationSettings) => Promise<void>,
  ) => Promise<void>,
) {
  const folder = mkdtempSync(path.join(tmpdir(), 'carebook-migrations-'));
  try {
    cpSync(migrationsFolder(), folder, { recursive: true });
    const journalPath = path.join(folder, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
      entries: Array<{ tag: string }>;
    };
    const upTo = journal.entries.findIndex((e) => e.tag === last);
    expect(upTo, `no migration ${last}`).toBeGreaterThanOrEqual(0);
    journal.entries = journal.entries.slice(0, upTo + 1);
    writeFileSync(journalPath, JSON.stringify(journal));
    const run = async (handle: DbHandle) => {
      try {
        await runMigrations(handle, folder);
        await use(handle, (settings) => runMigrations(handle, undefined, settings));
      } finally {
        await handle.close();
      }
    };
    if (testDbKind() === 'pglite') await run(await openDatabase({ memory: true }));
    else await withScratchDatabase('migrate_data', async (url) => run(await openDatabase({ url })));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** A provider of the clinic, a patient and a visit between them, as the factories write them. */
async function visitAt(db: DbHandle['db'], clinicId: string) {
  const agent = await createUser(db, { role: 'provider', clinicIds: [clinicId] });
  // Written with the columns patients had from the first migration: the factory writes today's.
  const [patient] = await queryRows<{ id: string }>(
    db,
    sql`insert into patients (clinic_id, first_name, last_name, email, search_text)
        values (${clinicId}, 'Rosa', 'Lind', 'rosa.lind@example.com', 'rosa lind rosa.lind@example.com')
        returning id`,
  );
  if (!patient) throw new Error('patient not written');
  // The appointment too: services (0037) added columns the factory writes.
  const [visit] = await queryRows<{ id: string }>(
    db,
    sql`insert into appointments (clinic_id, patient_id, staff_id, start_at, end_at, duration, status, token)
        values (${clinicId}, ${patient.id}, ${agent.id}, '2026-12-02T09:00:00Z', '2026-12-02T09:30:00Z', 30, 'BOOKED', ${randomUUID()})
        returning id`,
  );
  if (!visit) throw new Error('appointment not written');
  return { agent, patient, visit };
}

describe('migrations of stored rows', () => {
  it('0015 gives each stored Idempotency-Key to its user, so a retry still gets its answer', async () => {
    await migratedUpTo('0014_visit_participants', async (handle, migrateRest) => {
      const user = await createUser(handle.db);
      await handle.db.execute(sql`
        insert into idempotency_keys (key, user_id, request_hash, status_code, body)
        values ('booking-7f3a', ${user.id}, 'hash-1', 201, '{"_id":"a1"}')`);
      await migrateRest();
      expect(await handle.db.select().from(t.idempotencyKeys)).toEqual([
        expect.objectContaining({
          owner: `user:${user.id}`,
          key: 'booking-7f3a',
          requestHash: 'hash-1',
          statusCode: 201,
          body: { _id: 'a1' },
        }),
      ]);
    });
  }, 60_000);

  it('0024 names the clinic of each delivery already logged, so its admins still see it', async () => {
    await migratedUpTo(
      '0023_data_version_follows_slots_and_search',
      async (handle, migrateRest) => {
        const db = handle.db;
        // Written as 0023 had them: the factory writes today's columns (a clinic's address).
        const [clinic, other] = await queryRows<{ id: string }>(
          db,
          sql`insert into clinics (slug, name) values ('lake', 'Lake'), ('hill', 'Hill') returning id`,
        );
        if (!clinic || !other) throw new Error('clinics not written');
        const { visit } = await visitAt(db, clinic.id);
        const [endpoint] = await queryRows<{ id: string }>(
          db,
          sql`insert into webhook_endpoints (url, events, clinic_ids, secret)
            values ('https://hooks.example.com/x', '{appointment.created,waitlist.offered}',
                    array[${clinic.id}, ${other.id}]::uuid[], 'whsec_x')
            returning id`,
        );
        await db.execute(sql`
        insert into webhook_deliveries (endpoint_id, message_id, event, appointment_id, payload)
        values
          (${endpoint!.id}, 'msg_1', 'appointment.created', ${visit.id},
           ${JSON.stringify({ data: { _id: visit.id, token: 'abc' } })}::jsonb),
          (${endpoint!.id}, 'msg_2', 'waitlist.offered', null,
           ${JSON.stringify({ data: { clinicId: other.id } })}::jsonb),
          (${endpoint!.id}, 'msg_3', 'waitlist.offered', null, '{"data":{}}'::jsonb)`);
        await migrateRest();
        const rows = await queryRows<{ message_id: string; clinic_id: string | null }>(
          db,
          sql`select message_id, clinic_id from webhook_deliveries order by message_id`,
        );
        expect(rows).toEqual([
          { message_id: 'msg_1', clinic_id: clinic.id },
          { message_id: 'msg_2', clinic_id: other.id },
          { message_id: 'msg_3', clinic_id: null },
        ]);
        const [flags] = await queryRows<{ visit_links: boolean }>(
          db,
          sql`select visit_links from webhook_endpoints`,
        );
        expect(flags).toEqual({ visit_links: false });
      },
    );
  }, 60_000);

  it('0031 names the clinic of each message already queued, so its admins see it', async () => {
    await migratedUpTo('0030_booking_locks', async (handle, migrateRest) => {
      const db = handle.db;
      // Written with the columns clinics had then: the factory writes today's.
      const [clinic] = await queryRows<{ id: string }>(
        db,
        sql`insert into clinics (slug, name, timezone)
            values ('lakeside', 'Lakeside Clinic', 'America/New_York') returning id`,
      );
      if (!clinic) throw new Error('clinic not written');
      const { agent, patient, visit } = await visitAt(db, clinic.id);
      const start = '2026-12-01T15:00:00Z';
      const end = '2026-12-01T15:30:00Z';
      const [entry] = await queryRows<{ id: string }>(
        db,
        sql`insert into waitlist_entries (clinic_id, patient_id, duration, window_from, window_to)
            values (${clinic.id}, ${patient.id}, 30, '2026-11-01', '2026-12-31') returning id`,
      );
      const [opening] = await queryRows<{ id: string }>(
        db,
        sql`insert into waitlist_openings (clinic_id, provider_id, start_at, end_at, source)
            values (${clinic.id}, ${agent.id}, ${start}, ${end}, 'cancelled') returning id`,
      );
      await db.execute(sql`
        insert into waitlist_offers (opening_id, entry_id, token, start_at, end_at, expires_at)
        values (${opening!.id}, ${entry!.id}, 'offer-token-1', ${start}, ${end}, ${end})`);
      // A hold stores its token's SHA-256 only (online-booking.service.ts).
      const holdHash = createHash('sha256').update('hold-token-1').digest('hex');
      await db.execute(sql`
        insert into online_booking_holds (clinic_id, staff_id, start_at, end_at, duration, email,
          inbox, patient, token_hash, ip, client_key, expires_at)
        values (${clinic.id}, ${agent.id}, ${start}, ${end}, 30, 'mia@example.com',
          'mia@example.com', '{"firstName":"Mia","lastName":"Okafor","phone":"","dob":""}',
          ${holdHash}, '198.51.100.7', '198.51.100.7', ${end})`);
      await db.execute(sql`
        insert into outbox (kind, appointment_id, payload) values
          ('appointment.booked', ${visit.id}, '{}'),
          ('waitlist.offer', null, '{"token":"offer-token-1"}'),
          ('online.hold', null, '{"token":"hold-token-1"}'),
          ('online.hold', null, '{"token":"purged-hold-token"}'),
          ('admin.notice', null, '{"subject":"A webhook endpoint was disabled"}')`);
      await migrateRest();
      const rows = await queryRows<{ kind: string; clinic_id: string | null }>(
        db,
        sql`select kind, clinic_id from outbox order by id`,
      );
      expect(rows).toEqual([
        { kind: 'appointment.booked', clinic_id: clinic.id },
        { kind: 'waitlist.offer', clinic_id: clinic.id },
        { kind: 'online.hold', clinic_id: clinic.id },
        // Its hold was purged: nothing says which clinic it was; its recipients alone see it.
        { kind: 'online.hold', clinic_id: null },
        { kind: 'admin.notice', clinic_id: null },
      ]);
    });
  }, 60_000);

  it('0037 gives every clinic a default service with the server’s buffers, which then bind', async () => {
    await migratedUpTo('0036_patient_bulk_writes', async (handle, migrateRest) => {
      const db = handle.db;
      const [clinic] = await queryRows<{ id: string }>(
        db,
        sql`insert into clinics (slug, name, timezone)
            values ('harbour', 'Harbour Physio', 'Europe/London') returning id`,
      );
      if (!clinic) throw new Error('clinic not written');
      const { agent, patient, visit } = await visitAt(db, clinic.id);
      await migrateRest({ slotBufferBeforeMinutes: 5, slotBufferAfterMinutes: 10 });

      const services = await queryRows<Record<string, unknown>>(
        db,
        sql`select clinic_id, name, durations, buffer_before_minutes, buffer_after_minutes, kind, is_default
            from services`,
      );
      expect(services).toEqual([
        {
          clinic_id: clinic.id,
          name: 'Video visit',
          durations: [30, 15, 45, 60],
          buffer_before_minutes: 5,
          buffer_after_minutes: 10,
          kind: 'video',
          is_default: true,
        },
      ]);
      // The visit booked before keeps its time and no buffers; its service is the default.
      const [kept] = await queryRows<Record<string, unknown>>(
        db,
        sql`select service_id, buffer_before_minutes, buffer_after_minutes from appointments where id = ${visit.id}`,
      );
      expect(kept).toEqual({ service_id: null, buffer_before_minutes: 0, buffer_after_minutes: 0 });

      // A visit whose before-buffer reaches the stored one (09:00–09:30) is refused by the
      // database itself; one that keeps its buffer clear is not.
      const book = (start: string, end: string) =>
        db.execute(sql`
          insert into appointments (clinic_id, patient_id, staff_id, start_at, end_at, duration, status, token, buffer_before_minutes)
          values (${clinic.id}, ${patient.id}, ${agent.id}, ${start}, ${end}, 30, 'BOOKED', ${randomUUID()}, 10)`);
      await expect(book('2026-12-02T09:35:00Z', '2026-12-02T10:05:00Z')).rejects.toMatchObject({
        cause: { code: '23P01' },
      });
      await book('2026-12-02T09:40:00Z', '2026-12-02T10:10:00Z');

      // A clinic made after the migration gets its own default service, with no buffers.
      const [later] = await queryRows<{ id: string }>(
        db,
        sql`insert into clinics (slug, name, timezone) values ('later', 'Later Clinic', 'UTC') returning id`,
      );
      const [own] = await queryRows<Record<string, unknown>>(
        db,
        sql`select name, buffer_before_minutes, is_default from services where clinic_id = ${later!.id}`,
      );
      expect(own).toEqual({ name: 'Video visit', buffer_before_minutes: 0, is_default: true });
    });
  }, 60_000);

  it('0039 keeps visits booked before rooms, and then keeps a room free across providers', async () => {
    await migratedUpTo('0038_appointments_patient_start', async (handle, migrateRest) => {
      const db = handle.db;
      const [clinic] = await queryRows<{ id: string }>(
        db,
        sql`insert into clinics (slug, name, timezone)
            values ('harbour', 'Harbour Physio', 'Europe/London') returning id`,
      );
      const [other] = await queryRows<{ id: string }>(
        db,
        sql`insert into clinics (slug, name, timezone)
            values ('elsewhere', 'Elsewhere', 'UTC') returning id`,
      );
      if (!clinic || !other) throw new Error('clinics not written');
      const { patient, visit } = await visitAt(db, clinic.id);
      const second = await createUser(db, { role: 'provider', clinicIds: [clinic.id] });
      await migrateRest();

      // The visit booked before has no room; the services have no need.
      const [kept] = await queryRows<Record<string, unknown>>(
        db,
        sql`select resource_id, start_at = '2026-12-02T09:00:00Z' as kept from appointments where id = ${visit.id}`,
      );
      expect(kept).toEqual({ resource_id: null, kept: true });
      const needs = await queryRows<Record<string, unknown>>(
        db,
        sql`select resource_category, resource_id from services`,
      );
      expect(needs.every((n) => n.resource_category === null && n.resource_id === null)).toBe(true);

      const [room] = await queryRows<{ id: string }>(
        db,
        sql`insert into resources (clinic_id, name, kind, category)
            values (${clinic.id}, 'Room 1', 'room', 'Treatment room') returning id`,
      );
      // The room with its 10 minutes of cleaning after: a second provider's visit that reaches
      // into it is refused by the database; one after it is not.
      const book = (staffId: string, start: string, end: string, clinicId = clinic.id) =>
        db.execute(sql`
          insert into appointments (clinic_id, patient_id, staff_id, start_at, end_at, duration, status, token, buffer_after_minutes, resource_id)
          values (${clinicId}, ${patient.id}, ${staffId}, ${start}, ${end}, 30, 'BOOKED', ${randomUUID()}, 10, ${room!.id})`);
      await book(second.id, '2026-12-03T09:00:00Z', '2026-12-03T09:30:00Z');
      const agent = await createUser(db, { role: 'provider', clinicIds: [clinic.id] });
      await expect(
        book(agent.id, '2026-12-03T09:35:00Z', '2026-12-03T10:05:00Z'),
      ).rejects.toMatchObject({
        cause: { code: '23P01', constraint: 'appointments_resource_no_overlap' },
      });
      await book(agent.id, '2026-12-03T09:40:00Z', '2026-12-03T10:10:00Z');
      // Another clinic's appointment cannot name this room, even written by hand.
      await expect(
        book(agent.id, '2026-12-04T09:00:00Z', '2026-12-04T09:30:00Z', other.id),
      ).rejects.toMatchObject({ cause: { code: '23503' } });
    });
  }, 60_000);

  it('0040 keeps those signed in before two-step sign-in signed in, with nothing required of them', async () => {
    await migratedUpTo('0039_resources', async (handle, migrateRest) => {
      const db = handle.db;
      const [clinic] = await queryRows<{ id: string }>(
        db,
        sql`insert into clinics (slug, name, timezone) values ('north', 'North', 'UTC') returning id`,
      );
      const user = await createUser(db, { role: 'admin', clinicIds: [clinic!.id] });
      await db.execute(sql`
        insert into sessions (id, user_id, expires_at) values ('before-0040', ${user.id}, now() + interval '1 hour')`);
      await migrateRest();
      const [session] = await queryRows<Record<string, unknown>>(
        db,
        sql`select stage, method, second_factor_at from sessions where id = 'before-0040'`,
      );
      expect(session).toEqual({ stage: 'full', method: 'password', second_factor_at: null });
      const [policy] = await queryRows<Record<string, unknown>>(
        db,
        sql`select second_factor_policy, passkey_sign_in from clinics where id = ${clinic!.id}`,
      );
      expect(policy).toEqual({ second_factor_policy: 'off', passkey_sign_in: false });
      // A stage or policy of no known kind is refused by the database itself.
      await expect(
        db.execute(sql`update sessions set stage = 'half' where id = 'before-0040'`),
      ).rejects.toMatchObject({ cause: { code: '23514' } });
      await expect(
        db.execute(sql`update clinics set second_factor_policy = 'some' where id = ${clinic!.id}`),
      ).rejects.toMatchObject({ cause: { code: '23514' } });
    });
  }, 60_000);

  it('0041 keeps every message an e-mail and every patient on their channel, and refuses a text without a number', async () => {
    await migratedUpTo('0040_staff_accounts', async (handle, migrateRest) => {
      const db = handle.db;
      const [clinic] = await queryRows<{ id: string }>(
        db,
        sql`insert into clinics (slug, name, timezone)
            values ('bay', 'Bay Clinic', 'America/New_York') returning id`,
      );
      const [patient] = await queryRows<{ id: string }>(
        db,
        sql`insert into patients (clinic_id, first_name, last_name, phone, contact_channel, search_text)
            values (${clinic!.id}, 'Rosa', 'Diaz', '(212) 555-0100', 'sms', 'rosa diaz') returning id`,
      );
      const [mail] = await queryRows<{ id: number }>(
        db,
        sql`insert into outbox (kind, clinic_id, recipients, payload)
            values ('appointment.booked', ${clinic!.id}, '[]', '{}') returning id`,
      );
      await migrateRest();

      const [settings] = await queryRows<Record<string, unknown>>(
        db,
        sql`select text_country, quiet_hours_start, quiet_hours_end, text_number from clinics where id = ${clinic!.id}`,
      );
      expect(settings).toEqual({
        text_country: 'US',
        quiet_hours_start: '21:00:00',
        quiet_hours_end: '08:00:00',
        text_number: null,
      });
      // Choosing texts before consent was recorded sends none: no consent is on the record.
      const [consent] = await queryRows<Record<string, unknown>>(
        db,
        sql`select contact_channel, text_consent_at, text_kinds from patients where id = ${patient!.id}`,
      );
      expect(consent).toEqual({
        contact_channel: 'sms',
        text_consent_at: null,
        text_kinds: ['reminder', 'change'],
      });
      const [kept] = await queryRows<Record<string, unknown>>(
        db,
        sql`select channel, delivery_status from outbox where id = ${mail!.id}`,
      );
      expect(kept).toEqual({ channel: 'email', delivery_status: null });

      // A text has a number and a delivery status; an e-mail neither.
      await expect(
        db.execute(
          sql`insert into outbox (kind, clinic_id, channel) values ('text.answer', ${clinic!.id}, 'sms')`,
        ),
      ).rejects.toMatchObject({ cause: { code: '23514' } });
      // One text per e-mail it stands in for, whoever plans it.
      const twin = sql`insert into outbox (kind, clinic_id, channel, source_outbox_id, to_number, delivery_status)
        values ('text.appointment.booked', ${clinic!.id}, 'sms', ${mail!.id}, '+12125550100', 'queued')`;
      await db.execute(twin);
      await expect(db.execute(twin)).rejects.toMatchObject({ cause: { code: '23505' } });
      // Consent names how it was given.
      await expect(
        db.execute(
          sql`update patients set text_consent_at = now(), text_consent_method = 'guessed' where id = ${patient!.id}`,
        ),
      ).rejects.toMatchObject({ cause: { code: '23514' } });
    });
  }, 60_000);

  it('0042 works out how stored visits were booked and what they count as, and rolls them up', async () => {
    await migratedUpTo('0041_text_messages', async (handle, migrateRest) => {
      const db = handle.db;
      const [clinic] = await queryRows<{ id: string }>(
        db,
        sql`insert into clinics (slug, name, timezone, patient_change_cutoff_hours)
            values ('harbour', 'Harbour', 'Australia/Sydney', 24) returning id`,
      );
      const { agent, patient, visit } = await visitAt(db, clinic!.id);
      const book = async (start: string, extra: { source?: string; createdBy?: string | null }) => {
        const [row] = await queryRows<{ id: string }>(
          db,
          sql`insert into appointments (clinic_id, patient_id, staff_id, start_at, end_at, duration, status, token, source, created_by, created_at)
              values (${clinic!.id}, ${patient.id}, ${agent.id}, ${start}::timestamptz, ${start}::timestamptz + interval '30 minutes', 30, 'BOOKED',
                      ${randomUUID()}, ${extra.source ?? 'carebook'}, ${extra.createdBy ?? null}, '2026-12-01T00:00:00Z')
              returning id`,
        );
        return row!.id;
      };
      const online = await book('2026-12-09T23:00:00Z', { source: 'online' });
      const byStaff = await book('2026-12-10T23:00:00Z', { createdBy: agent.id });
      // Cancelled 2 hours before its start: inside the clinic's 24 hours.
      await db.execute(sql`update appointments set status = 'CANCELLED' where id = ${byStaff}`);
      await db.execute(sql`insert into appointment_events (appointment_id, type, at)
        values (${byStaff}, 'CANCELLED', '2026-12-10T21:00:00Z')`);
      await migrateRest();
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`select id, channel, first_visit, late_cancel from appointments order by start_at`,
      );
      expect(rows).toEqual([
        // The factory's visit, written first (created now, the others later), is the first.
        { id: visit.id, channel: 'fhir', first_visit: true, late_cancel: false },
        { id: online, channel: 'online', first_visit: false, late_cancel: false },
        { id: byStaff, channel: 'front_desk', first_visit: false, late_cancel: true },
      ]);
      const days = await queryRows<Record<string, unknown>>(
        db,
        sql`select day::text, channel, booked, cancelled, late_cancelled, new_patients, booked_minutes::int
            from appointment_report_days order by day, channel`,
      );
      // 23:00 UTC is the next morning in Sydney.
      expect(days).toEqual([
        {
          day: '2026-12-02',
          channel: 'fhir',
          booked: 1,
          cancelled: 0,
          late_cancelled: 0,
          new_patients: 1,
          booked_minutes: 30,
        },
        {
          day: '2026-12-10',
          channel: 'online',
          booked: 1,
          cancelled: 0,
          late_cancelled: 0,
          new_patients: 0,
          booked_minutes: 30,
        },
        {
          day: '2026-12-11',
          channel: 'front_desk',
          booked: 1,
          cancelled: 1,
          late_cancelled: 1,
          new_patients: 0,
          booked_minutes: 0,
        },
      ]);
    });
  }, 60_000);

  it('0044 gives clinics of before languages English as their default, and only a known language', async () => {
    await migratedUpTo('0042_report_rollups', async (handle, migrateRest) => {
      const db = handle.db;
      const [clinic] = await queryRows<{ id: string }>(
        db,
        sql`insert into clinics (slug, name, timezone) values ('plateau', 'Plateau', 'America/Toronto') returning id`,
      );
      await migrateRest();
      const [row] = await queryRows<Record<string, unknown>>(
        db,
        sql`select default_language from clinics where id = ${clinic!.id}`,
      );
      expect(row).toEqual({ default_language: 'en' });
      await db.execute(sql`update clinics set default_language = 'fr' where id = ${clinic!.id}`);
      await expect(
        db.execute(sql`update clinics set default_language = 'de' where id = ${clinic!.id}`),
      ).rejects.toMatchObject({ cause: { code: '23514' } });
    });
  }, 60_000);

  it("0043 keeps outside busy times per staff member, gone with their calendar, and moves the clinics' data version", async () => {
    await migratedUpTo('0042_report_rollups', async (handle, migrateRest) => {
      const db = handle.db;
      await migrateRest();
      const [clinic] = await queryRows<{ id: string }>(
        db,
        sql`insert into clinics (slug, name, timezone) values ('north', 'North', 'UTC') returning id`,
      );
      const agent = await createUser(db, { role: 'provider', clinicIds: [clinic!.id] });
      const version = async () =>
        (
          await queryRows<{ version: number | null }>(
            db,
            sql`select (select version from clinic_data_versions where clinic_id = ${clinic!.id}) as version`,
          )
        )[0]!.version ?? 0;
      const before = await version();
      const [calendar] = await queryRows<{ id: string }>(
        db,
        sql`insert into outside_calendars (staff_id, kind, name, url, url_hint)
            values (${agent.id}, 'ical-url', 'Rota', 'sealed:v1:x', 'example.org/…') returning id`,
      );
      expect(await version()).toBeGreaterThan(before);
      await db.execute(sql`
        insert into outside_calendar_objects (calendar_id, href, etag) values (${calendar!.id}, 'feed', '"1"')`);
      await db.execute(sql`
        insert into outside_busy_times (calendar_id, href, staff_id, uid, instance, start_at, end_at)
        values (${calendar!.id}, 'feed', ${agent.id}, 'a', '', '2026-12-01T09:00Z', '2026-12-01T10:00Z')`);
      const [overlap] = await queryRows<{ blocks: boolean }>(
        db,
        sql`select during && tstzrange('2026-12-01T09:30Z', '2026-12-01T09:45Z') as blocks from outside_busy_times`,
      );
      expect(overlap).toEqual({ blocks: true });
      // A calendar of no known kind, or a busy time that ends before it starts, is refused.
      await expect(
        db.execute(sql`update outside_calendars set kind = 'exchange' where id = ${calendar!.id}`),
      ).rejects.toMatchObject({ cause: { code: '23514' } });
      await expect(
        db.execute(sql`
          insert into outside_busy_times (calendar_id, href, staff_id, uid, instance, start_at, end_at)
          values (${calendar!.id}, 'feed', ${agent.id}, 'b', '', '2026-12-01T10:00Z', '2026-12-01T09:00Z')`),
        // The generated range refuses it (22000) before the check constraint could (23514).
      ).rejects.toMatchObject({ cause: { code: expect.stringMatching(/^(22000|23514)$/) } });
      await db.execute(sql`delete from outside_calendars where id = ${calendar!.id}`);
      const [left] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from outside_busy_times`,
      );
      expect(left).toEqual({ n: 0 });
    });
  }, 60_000);
  it('0047 keeps failing outside calendars blocking in clinics of before, and moves the data version when a clinic changes that', async () => {
    await migratedUpTo('0044_clinic_default_language', async (handle, migrateRest) => {
      const db = handle.db;
      const [clinic] = await queryRows<{ id: string }>(
        db,
        sql`insert into clinics (slug, name, timezone) values ('harbour', 'Harbour', 'UTC') returning id`,
      );
      await migrateRest();
      const read = async () =>
        (
          await queryRows<{ drop: boolean; version: number | null }>(
            db,
            sql`select outside_calendar_drop_failing as drop,
                  (select version from clinic_data_versions where clinic_id = ${clinic!.id}) as version
                from clinics where id = ${clinic!.id}`,
          )
        )[0]!;
      const before = await read();
      expect(before.drop).toBe(false);
      await db.execute(
        sql`update clinics set outside_calendar_drop_failing = true where id = ${clinic!.id}`,
      );
      const after = await read();
      expect(after.drop).toBe(true);
      expect(after.version ?? 0).toBeGreaterThan(before.version ?? 0);
    });
  }, 60_000);
  it('0048 leaves a sending number shared before with the clinic that had it first, audits the others, and refuses a second claim', async () => {
    await migratedUpTo('0047_outside_calendar_drop_failing', async (handle, migrateRest) => {
      const db = handle.db;
      const clinics = await queryRows<{ id: string; slug: string }>(
        db,
        sql`insert into clinics (slug, name, timezone, text_number, created_at) values
              ('first', 'First', 'UTC', '+12125550177', '2026-01-01T00:00Z'),
              ('second', 'Second', 'UTC', '+12125550177', '2026-02-01T00:00Z'),
              ('third', 'Third', 'UTC', '+12125550177', '2026-03-01T00:00Z'),
              ('own', 'Own', 'UTC', '+12125550188', '2026-03-01T00:00Z'),
              ('none', 'None', 'UTC', null, '2026-03-01T00:00Z')
            returning id, slug`,
      );
      const idOf = (slug: string) => clinics.find((c) => c.slug === slug)!.id;
      await migrateRest();
      const numbers = await queryRows<{ slug: string; text_number: string | null }>(
        db,
        sql`select slug, text_number from clinics order by slug`,
      );
      expect(numbers).toEqual([
        { slug: 'first', text_number: '+12125550177' },
        { slug: 'none', text_number: null },
        { slug: 'own', text_number: '+12125550188' },
        { slug: 'second', text_number: null },
        { slug: 'third', text_number: null },
      ]);
      const audits = await queryRows<{ entity_id: string; details: unknown }>(
        db,
        sql`select entity_id, details from audit_log where entity_type = 'clinic' order by entity_id`,
      );
      expect(audits.map((a) => a.entity_id).sort()).toEqual([idOf('second'), idOf('third')].sort());
      expect(audits[0]!.details).toEqual({
        changes: [{ field: 'texts.sendingNumber', from: '+12125550177', to: null }],
        reason: 'Another clinic had this sending number first.',
      });
      await expect(
        db.execute(sql`update clinics set text_number = '+12125550188' where slug = 'none'`),
      ).rejects.toMatchObject({ cause: { code: '23505' } });
    });
  }, 60_000);

  it('0053 sums the days already rolled up into their Sydney week and month, and keeps them after', async () => {
    await migratedUpTo('0052_audit_spool_keys', async (handle, migrateRest) => {
      const db = handle.db;
      const [clinic] = await queryRows<{ id: string }>(
        db,
        sql`insert into clinics (slug, name, timezone) values ('harbour', 'Harbour', 'Australia/Sydney') returning id`,
      );
      // Saturday 28 November 14:00 UTC is Sunday 29 November 01:00 in Sydney: a new week, in November.
      const { agent, patient } = await visitAt(db, clinic!.id);
      const book = (start: string) =>
        db.execute(sql`insert into appointments (clinic_id, patient_id, staff_id, start_at, end_at, duration, status, token)
          values (${clinic!.id}, ${patient.id}, ${agent.id}, ${start}::timestamptz, ${start}::timestamptz + interval '30 minutes', 30, 'BOOKED', ${randomUUID()})`);
      await book('2026-11-28T14:00:00Z');
      await book('2026-11-30T23:00:00Z');
      await migrateRest();
      const periods = () =>
        queryRows<{ granularity: string; start: string; booked: number }>(
          db,
          sql`select granularity, start::text, booked from appointment_report_periods
              where booked <> 0 order by granularity, start`,
        );
      // The factory's visit is 2 December in Sydney; 30 November 23:00 UTC is 1 December there.
      expect(await periods()).toEqual([
        { granularity: 'month', start: '2026-11-01', booked: 1 },
        { granularity: 'month', start: '2026-12-01', booked: 2 },
        { granularity: 'week', start: '2026-11-29', booked: 3 },
      ]);
      await book('2026-12-05T22:00:00Z');
      expect(await periods()).toEqual([
        { granularity: 'month', start: '2026-11-01', booked: 1 },
        { granularity: 'month', start: '2026-12-01', booked: 3 },
        { granularity: 'week', start: '2026-11-29', booked: 3 },
        { granularity: 'week', start: '2026-12-06', booked: 1 },
      ]);
    });
  }, 60_000);
});
