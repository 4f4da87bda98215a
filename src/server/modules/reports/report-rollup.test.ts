// The reports' roll-ups (migrations 0042 and 0053, ADR 052) held to a direct count of the
// appointments they sum (the days), and the weeks and months to the days' sums, after every kind
// of change the product makes and through any mix of raw inserts, updates and deletes. Runs on
// PostgreSQL and PGlite: the database keeps the roll-ups.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { BOOKING_CHANNELS } from '@domain/booking-channels';
import { APPOINTMENT_STATUSES } from '@domain/appointment-status';
import { queryRows } from '../../db/client';
import * as t from '../../db/schema';
import { useScenario, useTestApp } from '../../test/test-app';
import { bookThroughApi } from '../../test/scenario';
import { createAppointment } from '../../test/factories';
import { applyChurn, type ChurnOp } from '../../test/appointment-churn';
import { REPORT_GRANULARITIES } from '@domain/report-periods';
import { addDaysToKey } from '@domain/zoned-time';
import { REPORT_GROUPS } from '@contracts/reports';
import { sumRollup, type RollupSum } from './reports.repository';

const env = useTestApp({ now: '2026-11-23T12:00:00Z' });
const scene = useScenario(env, 'admin');

/**
 * The roll-up as stored (lines that hold anything) and the same sums counted straight from the
 * appointments, each line as one comparable string.
 */
async function storedAndCounted() {
  const stored = await queryRows<{ line: string }>(
    env.db,
    sql`select concat_ws('|', clinic_id, day, staff_id, service_id, channel, booked, attended,
                         no_show, cancelled, late_cancelled, lead_minutes, booked_minutes,
                         new_patients, confirmed_after_reminder) as line
        from ${t.appointmentReportDays}
        where booked <> 0 or attended <> 0 or no_show <> 0 or cancelled <> 0 or late_cancelled <> 0
           or lead_minutes <> 0 or booked_minutes <> 0 or new_patients <> 0
           or confirmed_after_reminder <> 0
        order by 1`,
  );
  const counted = await queryRows<{ line: string }>(
    env.db,
    sql`select concat_ws('|', a.clinic_id, a.day, a.staff_id, a.service, a.channel,
                         count(*),
                         count(*) filter (where a.status = 'COMPLETED'),
                         count(*) filter (where a.status = 'NO_SHOW'),
                         count(*) filter (where a.status = 'CANCELLED'),
                         count(*) filter (where a.status = 'CANCELLED' and a.late_cancel),
                         sum(greatest(0, floor(extract(epoch from a.start_at - a.created_at) / 60))),
                         coalesce(sum(a.duration) filter (where a.status not in ('CANCELLED', 'DISQUALIFIED')), 0),
                         count(*) filter (where a.first_visit),
                         count(*) filter (where a.confirmed_after_reminder)) as line
        from (select a.*, (a.start_at at time zone c.timezone)::date as day,
                     coalesce(a.service_id, '00000000-0000-0000-0000-000000000000') as service
              from ${t.appointments} a join ${t.clinics} c on c.id = a.clinic_id) a
        group by a.clinic_id, a.day, a.staff_id, a.service, a.channel
        order by 1`,
  );
  return { stored: stored.map((r) => r.line), counted: counted.map((r) => r.line) };
}

/**
 * The roll-up by week and month as stored (lines that hold anything) and the days' sums grouped
 * by their week (from Sunday) and month here, with PostgreSQL's own calendar functions.
 */
async function periodsStoredAndSummed() {
  const sums = `sum(booked), sum(attended), sum(no_show), sum(cancelled), sum(late_cancelled),
    sum(lead_minutes), sum(booked_minutes), sum(new_patients), sum(confirmed_after_reminder)`;
  const stored = await queryRows<{ line: string }>(
    env.db,
    sql`select concat_ws('|', clinic_id, granularity, start, staff_id, service_id, channel, booked,
                         attended, no_show, cancelled, late_cancelled, lead_minutes, booked_minutes,
                         new_patients, confirmed_after_reminder) as line
        from ${t.appointmentReportPeriods}
        where booked <> 0 or attended <> 0 or no_show <> 0 or cancelled <> 0 or late_cancelled <> 0
           or lead_minutes <> 0 or booked_minutes <> 0 or new_patients <> 0
           or confirmed_after_reminder <> 0
        order by 1`,
  );
  const summed = await queryRows<{ line: string }>(
    env.db,
    sql`select concat_ws('|', clinic_id, granularity, start, staff_id, service_id, channel,
                         ${sql.raw(sums)}) as line
        from (select d.*, g.granularity,
                     case g.granularity
                       when 'week' then (date_trunc('week', d.day::timestamp + interval '1 day') - interval '1 day')::date
                       else date_trunc('month', d.day::timestamp)::date end as start
              from ${t.appointmentReportDays} d, (values ('week'), ('month')) g (granularity)) d
        group by clinic_id, granularity, start, staff_id, service_id, channel
        having sum(abs(booked)) + sum(abs(attended)) + sum(abs(no_show)) + sum(abs(cancelled))
             + sum(abs(late_cancelled)) + sum(abs(lead_minutes)) + sum(abs(booked_minutes))
             + sum(abs(new_patients)) + sum(abs(confirmed_after_reminder)) > 0
        order by 1`,
  );
  return { stored: stored.map((r) => r.line), summed: summed.map((r) => r.line) };
}

async function expectExact() {
  const { stored, counted } = await storedAndCounted();
  expect(stored).toEqual(counted);
  const periods = await periodsStoredAndSummed();
  expect(periods.stored).toEqual(periods.summed);
}

describe('the reports’ roll-up', () => {
  it('equals a direct count after every kind of change the product makes', async () => {
    const { s } = scene;
    // A first visit, booked at the front desk, on the last afternoon of November in New York.
    const first = await bookThroughApi(scene.staff, s, '2026-11-30T22:30:00Z');
    const second = await bookThroughApi(scene.staff, s, '2026-11-25T15:00:00Z', {
      patient: { ...(await patientRef(s.otherPatient.id)), clinic: s.clinic.slug },
    });
    await expectExact();
    const facts = await queryRows<{ id: string; channel: string; first_visit: boolean }>(
      env.db,
      sql`select id, channel, first_visit from ${t.appointments} where id in (${first._id}, ${second._id}) order by start_at`,
    );
    expect(facts.map((f) => [f.channel, f.first_visit])).toEqual([
      ['front_desk', true],
      ['front_desk', true],
    ]);

    // Rescheduled across the month's end (30 November 17:30 → 1 December 10:00 in New York).
    expect(
      (
        await scene.staff.put(`/api/appointments/${first._id}`, {
          date: '2026-12-01T15:00:00Z',
          staff: { id: s.provider.id },
        })
      ).statusCode,
    ).toBe(200);
    await expectExact();
    // Reassigned to another agent.
    expect(
      (
        await scene.staff.put(`/api/appointments/${first._id}`, {
          date: '2026-12-01T15:00:00Z',
          staff: { id: s.nurse.id },
        })
      ).statusCode,
    ).toBe(200);
    await expectExact();
    // Another service.
    const [service] = await queryRows<{ id: string }>(
      env.db,
      sql`insert into ${t.services} (clinic_id, name, durations) values (${s.clinic.id}, 'Physiotherapy', '{30}') returning id`,
    );
    await env.db.execute(
      sql`update ${t.appointments} set service_id = ${service!.id} where id = ${first._id}`,
    );
    await expectExact();

    // Cancelled two days ahead (outside the 24-hour cut-off), and one 10 hours ahead (inside).
    expect(
      (
        await scene.staff.post(`/api/appointments/${second._id}?action=cancel`, {
          reason: 'Feeling better',
        })
      ).statusCode,
    ).toBe(200);
    const late = await bookThroughApi(scene.staff, s, '2026-11-23T22:00:00Z');
    expect(
      (
        await scene.staff.post(`/api/appointments/${late._id}?action=cancel`, {
          reason: 'Stuck at work',
        })
      ).statusCode,
    ).toBe(200);
    const cancels = await queryRows<{ late_cancel: boolean }>(
      env.db,
      sql`select late_cancel from ${t.appointments} where id in (${second._id}, ${late._id}) order by start_at`,
    );
    expect(cancels.map((c) => c.late_cancel)).toEqual([true, false]);
    await expectExact();

    // Attended and no-show, marked once their time has come.
    const came = await bookThroughApi(scene.staff, s, '2026-11-23T13:00:00Z');
    const missed = await bookThroughApi(scene.staff, s, '2026-11-23T14:00:00Z', {
      staff: { id: s.nurse.id, name: s.nurse.name, email: s.nurse.email },
    });
    env.setNow('2026-11-23T15:00:00Z');
    await scene.signInAgain();
    expect(
      (await scene.staff.post(`/api/appointments/${came._id}?action=completed`)).statusCode,
    ).toBe(200);
    expect(
      (await scene.staff.post(`/api/appointments/${missed._id}?action=no_show`)).statusCode,
    ).toBe(200);
    await expectExact();

    // Rescheduled across New York's change to summer time (Saturday EST → Monday EDT).
    env.setNow('2027-03-01T12:00:00Z');
    await scene.signInAgain();
    const spring = await bookThroughApi(scene.staff, s, '2027-03-06T15:00:00Z');
    expect(
      (
        await scene.staff.put(`/api/appointments/${spring._id}`, {
          date: '2027-03-08T14:00:00Z',
          staff: { id: s.provider.id },
        })
      ).statusCode,
    ).toBe(200);
    await expectExact();

    // The patient's record merged into another: their visits move, what they counted stays.
    const versions = await queryRows<{ id: string; version: number }>(
      env.db,
      sql`select id, version from ${t.patients} where id in (${s.patient.id}, ${s.otherPatient.id})`,
    );
    const version = (id: string) => versions.find((v) => v.id === id)!.version;
    const merged = await scene.admin.post(`/api/patients/${s.otherPatient.id}/merge`, {
      mergedAwayId: s.patient.id,
      version: version(s.otherPatient.id),
      mergedAwayVersion: version(s.patient.id),
    });
    expect(merged.statusCode, merged.body).toBe(200);
    await expectExact();

    // Deleted outright, and every row of a clinic at once.
    await env.db.execute(sql`delete from ${t.appointments} where id = ${came._id}`);
    await expectExact();
    // A clinic moving to another zone: its days are other days.
    await env.db.execute(
      sql`update ${t.clinics} set timezone = 'Australia/Sydney' where id = ${s.clinic.id}`,
    );
    await expectExact();
    await env.db.execute(sql`delete from ${t.appointments} where clinic_id = ${s.clinic.id}`);
    await expectExact();
  });

  it('counts a confirmation that follows a sent reminder, and not one before any', async () => {
    const { s } = scene;
    const [reminded, unreminded] = await Promise.all(
      ['2026-11-26T15:00:00Z', '2026-11-27T15:00:00Z'].map((start) =>
        createAppointment(
          env.db,
          { clinicId: s.clinic.id, patientId: s.patient.id, staffId: s.provider.id },
          { start: new Date(start) },
        ),
      ),
    );
    await env.db
      .execute(sql`insert into ${t.outbox} (kind, appointment_id, clinic_id, status, sent_at, due_at, offset_minutes)
      values ('appointment.reminder', ${reminded!.id}, ${s.clinic.id}, 'sent', '2026-11-25T15:00:00Z', '2026-11-25T15:00:00Z', 1440)`);
    await env.db
      .execute(sql`update ${t.appointments} set status = 'CONFIRMED', updated_at = '2026-11-25T16:00:00Z'
      where id in (${reminded!.id}, ${unreminded!.id})`);
    const rows = await queryRows<{ id: string; confirmed_after_reminder: boolean }>(
      env.db,
      sql`select id, confirmed_after_reminder from ${t.appointments} where id in (${reminded!.id}, ${unreminded!.id})`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.id, r.confirmed_after_reminder]))).toEqual({
      [reminded!.id]: true,
      [unreminded!.id]: false,
    });
    await expectExact();
  });

  type Op = ChurnOp<
    { day: number; agent: number; status: number; channel: number; service: boolean },
    {
      day: number | null;
      agent: number | null;
      status: number | null;
      channel: number | null;
      service: boolean | null;
    }
  >;
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({
      kind: fc.constant('insert' as const),
      day: fc.integer({ min: -40, max: 40 }),
      agent: fc.integer({ min: 0, max: 1 }),
      status: fc.integer({ min: 0, max: APPOINTMENT_STATUSES.length - 1 }),
      channel: fc.integer({ min: 0, max: BOOKING_CHANNELS.length - 1 }),
      service: fc.boolean(),
    }),
    fc.record({
      kind: fc.constant('update' as const),
      pick: fc.nat(),
      day: fc.option(fc.integer({ min: -40, max: 40 })),
      agent: fc.option(fc.integer({ min: 0, max: 1 })),
      status: fc.option(fc.integer({ min: 0, max: APPOINTMENT_STATUSES.length - 1 })),
      channel: fc.option(fc.integer({ min: 0, max: BOOKING_CHANNELS.length - 1 })),
      service: fc.option(fc.boolean()),
    }),
    fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  );

  it('stays equal to a direct count through any inserts, updates and deletes, in or out of a transaction', async () => {
    const { s } = scene;
    const [service] = await queryRows<{ id: string }>(
      env.db,
      sql`insert into ${t.services} (clinic_id, name, durations) values (${s.clinic.id}, 'Dietetics', '{30}') returning id`,
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 20 }), fc.boolean(), async (ops, inOneTx) => {
        const db = env.db;
        await db.delete(t.appointments);
        const agents = [s.provider.id, s.nurse.id];
        let cell = 0;
        // Around New York's November change of clocks, at 23:xx local: where a day could slip.
        const startOn = (day: number) =>
          new Date(Date.UTC(2026, 10, 1 + day, 3, 30) + cell++ * 61 * 60_000);
        await applyChurn(db, ops, inOneTx, {
          insert: (exec, o) =>
            createAppointment(
              exec,
              { clinicId: s.clinic.id, patientId: s.patient.id, staffId: agents[o.agent]! },
              {
                start: startOn(o.day),
                status: APPOINTMENT_STATUSES[o.status]!,
                channel: BOOKING_CHANNELS[o.channel]!,
                serviceId: o.service ? service!.id : null,
              },
            ),
          change: (o) => ({
            start: o.day === null ? undefined : startOn(o.day),
            ...(o.agent === null ? {} : { staffId: agents[o.agent]! }),
            ...(o.status === null ? {} : { status: APPOINTMENT_STATUSES[o.status]! }),
            ...(o.channel === null ? {} : { channel: BOOKING_CHANNELS[o.channel]! }),
            ...(o.service === null ? {} : { serviceId: o.service ? service!.id : null }),
          }),
        });
        await expectExact();
      }),
      { numRuns: 20 },
    );
  });
});

describe('a report’s sums', () => {
  const groupKey = {
    clinic: 'clinic_id',
    provider: 'staff_id',
    service: 'service',
    source: 'channel',
  };

  it('read whole weeks and months from their roll-up and a cut first or last one by day, as a direct count has them', async () => {
    const { s } = scene;
    await env.db.delete(t.appointments);
    const agents = [s.provider.id, s.nurse.id];
    // 90 visits, one a little over a day apart, across New York's November change of clocks and
    // the local midnights either side of it, every status and channel.
    for (let i = 0; i < 90; i++) {
      await createAppointment(
        env.db,
        { clinicId: s.clinic.id, patientId: s.patient.id, staffId: agents[i % 2]! },
        {
          start: new Date(Date.UTC(2026, 9, 10, 2, 0) + i * 25 * 3_600_000),
          status: APPOINTMENT_STATUSES[i % APPOINTMENT_STATUSES.length]!,
          channel: BOOKING_CHANNELS[i % BOOKING_CHANNELS.length]!,
        },
      );
    }
    const line = (r: RollupSum) =>
      [
        r.bucket,
        r.key,
        r.booked,
        r.attended,
        r.noShow,
        r.cancelled,
        r.lateCancelled,
        r.leadMinutes,
        r.bookedMinutes,
        r.newPatients,
        r.confirmedAfterReminder,
      ].join('|');
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 70 }),
        fc.constantFrom(...REPORT_GRANULARITIES),
        fc.constantFrom(...REPORT_GROUPS),
        async (offset, span, by, group) => {
          const from = addDaysToKey('2026-10-01', offset);
          const to = addDaysToKey(from, span);
          const read = await sumRollup(env.db, { clinicIds: [s.clinic.id], from, to, by, group });
          const bucket =
            by === 'week'
              ? `(date_trunc('week', a.day::timestamp + interval '1 day') - interval '1 day')::date`
              : `date_trunc('month', a.day::timestamp)::date`;
          const counted = await queryRows<RollupSum>(
            env.db,
            sql`select ${sql.raw(bucket)}::text as bucket, a.${sql.raw(groupKey[group])}::text as key,
                  count(*)::float8 as booked,
                  (count(*) filter (where a.status = 'COMPLETED'))::float8 as "attended",
                  (count(*) filter (where a.status = 'NO_SHOW'))::float8 as "noShow",
                  (count(*) filter (where a.status = 'CANCELLED'))::float8 as "cancelled",
                  (count(*) filter (where a.status = 'CANCELLED' and a.late_cancel))::float8 as "lateCancelled",
                  sum(greatest(0, floor(extract(epoch from a.start_at - a.created_at) / 60)))::float8 as "leadMinutes",
                  coalesce(sum(a.duration) filter (where a.status not in ('CANCELLED', 'DISQUALIFIED')), 0)::float8 as "bookedMinutes",
                  (count(*) filter (where a.first_visit))::float8 as "newPatients",
                  (count(*) filter (where a.confirmed_after_reminder))::float8 as "confirmedAfterReminder"
                from (select a.*, (a.start_at at time zone c.timezone)::date as day,
                             coalesce(a.service_id, '00000000-0000-0000-0000-000000000000') as service
                      from ${t.appointments} a join ${t.clinics} c on c.id = a.clinic_id) a
                where a.day between ${from}::date and ${to}::date
                group by 1, 2`,
          );
          const nonZero = read.filter((r) => r.booked !== 0 || r.leadMinutes !== 0);
          expect(nonZero.map(line).sort()).toEqual(counted.map(line).sort());
        },
      ),
      { numRuns: 40 },
    );
  });
});

async function patientRef(id: string) {
  const [p] = await queryRows<{ id: string; name: string; email: string | null }>(
    env.db,
    sql`select id, first_name || ' ' || last_name as name, email from ${t.patients} where id = ${id}`,
  );
  return p!;
}
