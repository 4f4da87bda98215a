// Counts read whole months from the appointment_month_counts rollup and only the current month
// (and a date filter's partial months) from appointments. These tests hold the rollup to a
// row-by-row tally: for every kind of filter, and through every kind of change to appointments.
import { beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { APPOINTMENT_STATUSES, tallyCounts } from '@domain/appointment-status';
import { queryRows } from '../../db/client';
import { useTestApp } from '../../test/test-app';
import { apiAs, type Api } from '../../test/api-client';
import { bookThroughApi, clinicScenario, type ClinicScenario } from '../../test/scenario';
import { createAppointment } from '../../test/factories';
import { applyChurn, type ChurnOp } from '../../test/appointment-churn';
import * as t from '../../db/schema';
import { READ_REUSE_MS } from '../../core/reuse';

const now = new Date('2026-11-23T12:00:00Z');
const env = useTestApp({ now });
let s: ClinicScenario;
let staff: Api;
const STATUSES = APPOINTMENT_STATUSES;

interface Seeded {
  start: Date;
  status: string;
  staffId: string;
  patientId: string;
}

/** The rollup as stored, and as a recount of appointments would make it (zero rows left out). */
async function rollupAndRecount() {
  const db = env.db;
  const stored = await queryRows<{ key: string; n: number }>(
    db,
    sql`select concat_ws('|', clinic_id, month, staff_id, status) as key, n
        from ${t.appointmentMonthCounts} where n <> 0 order by 1`,
  );
  const recount = await queryRows<{ key: string; n: number }>(
    db,
    sql`select concat_ws('|', clinic_id, date_trunc('month', start_at, 'UTC'), staff_id, status)
               as key, count(*)::int as n
        from ${t.appointments} group by 1 order by 1`,
  );
  return { stored, recount };
}

describe('counts from the monthly rollup', () => {
  let seeded: Seeded[];

  /**
   * Five months back to three ahead, both agents, every status, with appointments on the very
   * first and last minutes of months (in UTC and in New York), where a rollup would slip.
   */
  beforeEach(async () => {
    ({ s, staff } = await env.scenario());
    seeded = [];
    const starts: Date[] = [
      new Date('2026-10-01T00:00:00Z'),
      new Date('2026-09-30T23:30:00Z'),
      new Date('2026-11-01T00:00:00Z'),
      new Date('2026-10-31T23:30:00Z'),
      new Date('2026-12-01T00:00:00Z'),
      new Date('2026-10-01T03:30:00Z'), // still 30 September in New York
      new Date('2026-10-01T04:00:00Z'), // 1 October in New York
      new Date('2026-11-23T11:30:00Z'), // current month, just past
      new Date('2026-11-23T12:30:00Z'), // current month, just ahead
    ];
    for (let i = 0; i < 70; i++) {
      const month = (i % 9) - 5; // June 2026 … February 2027
      // Same month, later hour: never two at one time.
      starts.push(new Date(Date.UTC(2026, 10 + month, 1 + ((i * 7) % 27), 6 + Math.floor(i / 9))));
    }
    for (const [i, start] of starts.entries()) {
      const staffId = i % 3 === 0 ? s.nurse.id : s.provider.id;
      const patientId = i % 4 === 0 ? s.otherPatient.id : s.patient.id;
      const status = STATUSES[(i * 5) % STATUSES.length]!;
      await createAppointment(
        env.db,
        { clinicId: s.clinic.id, patientId, staffId },
        { start, status },
      );
      seeded.push({ start, status, staffId, patientId });
    }
  });

  const tally = (keep: (a: Seeded) => boolean) =>
    tallyCounts(
      seeded.filter(keep).map((a) => ({ date: a.start.toISOString(), status: a.status })),
      now,
    );
  const between = (from: string | null, to: string | null) => (a: Seeded) =>
    (from === null || a.start.getTime() >= Date.parse(from)) &&
    (to === null || a.start.getTime() <= Date.parse(to));

  it('match a row-by-row tally for every kind of date and agent filter', async () => {
    const cases: Array<[string, (a: Seeded) => boolean]> = [
      ['', () => true],
      [`staffId=${s.nurse.id}`, (a) => a.staffId === s.nurse.id],
      ['dateFrom=2026-09-01', between('2026-09-01T00:00:00Z', null)],
      ['dateFrom=2026-09-15', between('2026-09-15T00:00:00Z', null)],
      ['dateTo=2026-10-31', between(null, '2026-10-31T23:59:59.999Z')],
      ['dateTo=2026-10-15', between(null, '2026-10-15T23:59:59.999Z')],
      [
        'dateFrom=2026-11-01&dateTo=2026-11-30',
        between('2026-11-01T00:00:00Z', '2026-11-30T23:59:59.999Z'),
      ],
      [
        'dateFrom=2027-01-01&dateTo=2027-02-28',
        between('2027-01-01T00:00:00Z', '2027-02-28T23:59:59.999Z'),
      ],
      ['dateFrom=2026-12-01&dateTo=2026-09-30', () => false],
      [
        `dateFrom=2026-07-10&dateTo=2027-01-20&staffId=${s.provider.id}`,
        (a) =>
          a.staffId === s.provider.id &&
          between('2026-07-10T00:00:00Z', '2027-01-20T23:59:59.999Z')(a),
      ],
      [
        'dateFrom=2026-10-01T00:00:00.000Z&dateTo=2026-10-01T00:00:00.000Z',
        between('2026-10-01T00:00:00Z', '2026-10-01T00:00:00Z'),
      ],
      ['search=smith', (a) => a.patientId === s.otherPatient.id],
      [
        'search=smith&dateFrom=2026-08-01',
        (a) => a.patientId === s.otherPatient.id && between('2026-08-01T00:00:00Z', null)(a),
      ],
    ];
    for (const [query, keep] of cases) {
      const res = await staff.get(`/api/appointments/counts?timezone=UTC&${query}`);
      expect(res.statusCode, query).toBe(200);
      expect(res.json(), query).toEqual(tally(keep));
    }
    // A New York calendar month starts at 04:00 UTC: its edges are partial UTC months.
    const ny = await staff.get(
      '/api/appointments/counts?timezone=America/New_York&dateFrom=2026-10-01&dateTo=2026-10-31',
    );
    expect(ny.json()).toEqual(tally(between('2026-10-01T04:00:00Z', '2026-11-01T03:59:59.999Z')));
  });

  it('match the tally in the paginated list too, with a status filter', async () => {
    const res = await staff.get('/api/appointments/paginated?status=pending&timezone=UTC');
    expect(res.json().counts).toEqual(tally(() => true));
    expect(
      res.json().data.every((a: { date: string }) => Date.parse(a.date) <= now.getTime()),
    ).toBe(true);
  });

  it('follow every booking, move, reassignment, status change and cancellation through the API', async () => {
    const booked = await bookThroughApi(staff, s, '2027-01-12T15:30:00.000Z');
    const id = booked._id;
    seeded.push({
      start: new Date('2027-01-12T15:30:00Z'),
      status: 'BOOKED',
      staffId: s.provider.id,
      patientId: s.patient.id,
    });
    expect((await staff.get('/api/appointments/counts')).json()).toEqual(tally(() => true));

    const moved = await staff.put(`/api/appointments/${id}`, {
      date: '2026-12-15T15:30:00.000Z',
      staff: { id: s.nurse.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    Object.assign(seeded.at(-1)!, { start: new Date('2026-12-15T15:30:00Z'), staffId: s.nurse.id });
    expect((await staff.get('/api/appointments/counts')).json()).toEqual(tally(() => true));

    const cancelled = await staff.post(`/api/appointments/${id}?action=cancel`, {
      reason: 'Patient moved away',
    });
    expect(cancelled.statusCode).toBe(200);
    seeded.at(-1)!.status = 'CANCELLED';
    expect((await staff.get('/api/appointments/counts')).json()).toEqual(tally(() => true));
    const { stored, recount } = await rollupAndRecount();
    expect(stored).toEqual(recount);
  });
});

describe('the appointment_month_counts triggers', () => {
  beforeEach(async () => {
    s = await clinicScenario(env.db);
  });

  type Op = ChurnOp<
    { month: number; agent: number; status: number },
    { month: number | null; agent: number | null; status: number | null }
  >;
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({
      kind: fc.constant('insert' as const),
      month: fc.integer({ min: -3, max: 3 }),
      agent: fc.integer({ min: 0, max: 1 }),
      status: fc.integer({ min: 0, max: 6 }),
    }),
    fc.record({
      kind: fc.constant('update' as const),
      pick: fc.nat(),
      month: fc.option(fc.integer({ min: -3, max: 3 })),
      agent: fc.option(fc.integer({ min: 0, max: 1 })),
      status: fc.option(fc.integer({ min: 0, max: 6 })),
    }),
    fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  );

  it('keep the rollup equal to a recount through any inserts, updates and deletes, in or out of a transaction', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 25 }), fc.boolean(), async (ops, inOneTx) => {
        const db = env.db;
        await db.delete(t.appointments);
        const agents = [s.provider.id, s.nurse.id];
        let cell = 0;
        // Distinct 61-minute cells within a month: no two appointments of an agent overlap.
        const startIn = (month: number) =>
          new Date(Date.UTC(2026, 10 + month, 1) + cell++ * 61 * 60_000);
        await applyChurn(db, ops, inOneTx, {
          insert: (exec, o) =>
            createAppointment(
              exec,
              { clinicId: s.clinic.id, patientId: s.patient.id, staffId: agents[o.agent]! },
              { start: startIn(o.month), status: STATUSES[o.status]! },
            ),
          change: (o) => ({
            start: o.month === null ? undefined : startIn(o.month),
            ...(o.agent === null ? {} : { staffId: agents[o.agent]! }),
            ...(o.status === null ? {} : { status: STATUSES[o.status]! }),
          }),
        });
        const { stored, recount } = await rollupAndRecount();
        expect(stored).toEqual(recount);
      }),
      { numRuns: 25 },
    );
  });

  it('count nothing for a transaction that rolls back, and empty with a truncate', async () => {
    const db = env.db;
    const refs = { clinicId: s.clinic.id, patientId: s.patient.id, staffId: s.provider.id };
    await expect(
      db.transaction(async (tx) => {
        await createAppointment(tx, refs, { start: new Date('2026-12-01T10:00:00Z') });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await rollupAndRecount()).stored).toEqual((await rollupAndRecount()).recount);
    await createAppointment(db, refs, { start: new Date('2026-12-02T10:00:00Z') });
    expect((await rollupAndRecount()).stored).toHaveLength(2); // the scenario's foreign one too
    await env.handle.exec('TRUNCATE appointments CASCADE');
    expect(await db.select().from(t.appointmentMonthCounts)).toEqual([]);
  });

  it('stay exact when many bookings of one agent and month commit at once', async () => {
    const db = env.db;
    const refs = { clinicId: s.clinic.id, patientId: s.patient.id, staffId: s.provider.id };
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        createAppointment(db, refs, { start: new Date(Date.UTC(2026, 11, 1 + i, 10)) }),
      ),
    );
    const [counter] = await db
      .select()
      .from(t.appointmentMonthCounts)
      .where(sql`${t.appointmentMonthCounts.staffId} = ${s.provider.id}`);
    expect(counter?.n).toBe(20);
  });
});

describe('counts reused between changes', () => {
  beforeEach(async () => {
    s = await clinicScenario(env.db);
  });

  const version = async (clinicId: string) =>
    (
      await env.db
        .select()
        .from(t.clinicDataVersions)
        .where(sql`${t.clinicDataVersions.clinicId} = ${clinicId}`)
    )[0]?.version ?? 0;

  it('move the clinic’s data version on with every committed change, and not on a rollback', async () => {
    const db = env.db;
    const refs = { clinicId: s.clinic.id, patientId: s.patient.id, staffId: s.provider.id };
    const v0 = await version(s.clinic.id);
    const foreign = await version(s.foreign.id);
    const row = await createAppointment(db, refs, { start: new Date('2026-12-01T10:00:00Z') });
    const v1 = await version(s.clinic.id);
    expect(v1).toBeGreaterThan(v0);
    await db
      .update(t.appointments)
      .set({ startAt: new Date('2026-12-01T10:30:00Z'), endAt: new Date('2026-12-01T11:00:00Z') })
      .where(sql`${t.appointments.id} = ${row.id}`);
    const v2 = await version(s.clinic.id);
    expect(v2).toBeGreaterThan(v1);
    await expect(
      db.transaction(async (tx) => {
        await tx.delete(t.appointments).where(sql`${t.appointments.id} = ${row.id}`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await version(s.clinic.id)).toBe(v2);
    await db.delete(t.appointments).where(sql`${t.appointments.id} = ${row.id}`);
    expect(await version(s.clinic.id)).toBeGreaterThan(v2);
    // The provider is not a member there: none of this moved the other clinic's number.
    expect(await version(s.foreign.id)).toBe(foreign);
  });

  it('see a change written straight to the database (as another instance would) at once', async () => {
    const api = await apiAs(env.app, s.staff.email);
    const before = (await api.get('/api/appointments/counts')).json();
    await createAppointment(
      env.db,
      { clinicId: s.clinic.id, patientId: s.patient.id, staffId: s.nurse.id },
      { start: new Date('2026-12-03T15:00:00Z') },
    );
    const after = (await api.get('/api/appointments/counts')).json();
    expect(after).toEqual({ ...before, all: before.all + 1, upcoming: before.upcoming + 1 });
    const page = (await api.get('/api/appointments/paginated')).json();
    expect(page.counts).toEqual(after);
  });

  it('move an appointment whose start has passed to pending within the reuse time', async () => {
    const api = await apiAs(env.app, s.staff.email);
    await createAppointment(
      env.db,
      { clinicId: s.clinic.id, patientId: s.patient.id, staffId: s.provider.id },
      { start: new Date('2026-11-23T12:00:01Z') },
    );
    const first = (await api.get('/api/appointments/counts')).json();
    expect(first).toMatchObject({ upcoming: 1, pending: 0 });
    // It has started; counts computed before then are reused no longer than READ_REUSE_MS.
    env.advance(READ_REUSE_MS);
    expect((await api.get('/api/appointments/counts')).json()).toMatchObject({
      upcoming: 0,
      pending: 1,
    });
  });
});
