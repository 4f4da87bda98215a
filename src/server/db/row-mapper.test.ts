// The compiled row mapping must make exactly the objects drizzle's own mapResultRow makes: the
// same nesting, the same decoded values (timestamps as Dates, JSON as parsed), and a left-joined
// table whose columns all come back null as null. Drizzle's function is the oracle, on real
// statements' fields and on generated rows.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as drizzle from 'drizzle-orm';
import { eq, sql } from 'drizzle-orm';
import { useTestApp } from '../test/test-app';
import { createAppointment } from '../test/factories';
import { prepared } from './prepared';
import { compileRowMapper } from './row-mapper';
import * as t from './schema';

const env = useTestApp({ now: '2026-11-23T12:00:00Z' });

type Field = { path: string[]; field: unknown };
type Prepared = {
  fields: Field[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: unknown;
  execute(values?: Record<string, unknown>): Promise<unknown[]>;
};
const mapResultRow = (drizzle as unknown as Record<string, unknown>).mapResultRow as (
  fields: Field[],
  row: unknown[],
  joins?: Record<string, boolean>,
) => Record<string, unknown>;

/** A users-with-their-week statement: a left join, whole-table and single-column fields. */
const usersWithWeek = (name: string) =>
  env.db
    .select({
      user: t.users,
      schedule: t.schedules,
      timezone: t.schedules.timezone,
      clinicCount:
        sql<number>`(select count(*) from clinic_members m where m.user_id = ${t.users.id})`.mapWith(
          Number,
        ),
    })
    .from(t.users)
    .leftJoin(t.schedules, eq(t.schedules.agentId, t.users.id))
    .orderBy(t.users.email)
    .prepare(name) as unknown as Prepared;

describe('compiled row mapping', () => {
  it('maps a left join, with and without the joined row, as drizzle does', async () => {
    // The scenario's front desk and admin have no week (left join: all null), its agents one.
    await env.scenario();
    const mine = usersWithWeek('row_mapper_users');
    const theirs = usersWithWeek('row_mapper_users_drizzle');
    const ours = prepared(env.db, 'row_mapper_users_prepared', () => mine);
    expect(typeof ours.customResultMapper).toBe('function');
    expect(typeof theirs.customResultMapper).toBe('undefined');
    const [a, b] = [await ours.execute(), await theirs.execute()];
    expect(a).toEqual(b);
    const rows = a as Array<{ schedule: unknown; user: { createdAt: unknown } }>;
    expect(rows.some((r) => r.schedule === null)).toBe(true);
    expect(rows.some((r) => r.schedule !== null)).toBe(true);
    expect(rows.every((r) => r.user.createdAt instanceof Date)).toBe(true);
  });

  it('maps the appointment rows every read uses (joins, JSON history, timestamps)', async () => {
    const { s } = await env.scenario();
    const row = await createAppointment(env.db, {
      clinicId: s.clinic.id,
      patientId: s.patient.id,
      staffId: s.provider.id,
    });
    // The shape of the appointment reads: a whole table, nested picks of three inner joins, and
    // a JSON expression.
    const build = (name: string) =>
      env.db
        .select({
          appointment: t.appointments,
          patient: { id: t.patients.id, firstName: t.patients.firstName, phone: t.patients.phone },
          staff: { id: t.users.id, name: t.users.name },
          clinic: { slug: t.clinics.slug, timezone: t.clinics.timezone },
          history: sql<
            unknown[]
          >`coalesce((select json_agg(json_build_object('type', e.type, 'at', e.at))
            from appointment_events e where e.appointment_id = ${t.appointments.id}), '[]'::json)`,
        })
        .from(t.appointments)
        .innerJoin(t.patients, eq(t.patients.id, t.appointments.patientId))
        .innerJoin(t.users, eq(t.users.id, t.appointments.staffId))
        .innerJoin(t.clinics, eq(t.clinics.id, t.appointments.clinicId))
        .where(eq(t.appointments.id, sql.placeholder('id')))
        .prepare(name) as unknown as Prepared;
    const ours = prepared(env.db, 'row_mapper_appointment', build);
    const theirs = build('row_mapper_appointment_drizzle');
    const [a, b] = [await ours.execute({ id: row.id }), await theirs.execute({ id: row.id })];
    expect(a).toHaveLength(1);
    expect(a).toEqual(b);
  });

  it('agrees with drizzle on any row values, nulls in any column included', () => {
    const statement = usersWithWeek('row_mapper_generated');
    const { fields, joinsNotNullableMap } = statement;
    const mapper = compileRowMapper(fields, joinsNotNullableMap);
    // Text for every column keeps the decoders honest: timestamps parse, others pass through.
    const cell = fc.oneof(
      fc.constant(null),
      fc.constant('2026-11-23 12:00:00+00'),
      fc.string({ maxLength: 8 }),
    );
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: fields.length, maxLength: fields.length }), {
          maxLength: 5,
        }),
        (rows) => {
          const expected = rows.map((r) => mapResultRow(fields, r, joinsNotNullableMap));
          expect(mapper(rows)).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});
