// One database with the real app listening on it: signed-in sessions, the request mixes each
// endpoint is measured with, a queue of free slots for bookings, and the raw-SQL replay target.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { testConfig, type Config } from '../../src/server/config';
import { capture, instrumentPg, instrumentPglite, type Capture } from '../lib/capture';
import { BENCH_PASSWORD, POOL_SIZE, withoutTimeout, type SeededDatabase } from '../lib/databases';
import type { HttpRequestSpec } from '../lib/load-child';
import { pgliteTarget, pgTarget, type ReplayTarget } from '../lib/replay';
import { physioServiceId } from '../seed/bulk-seed';
import { CLINIC_TIMEZONES, FIRST_NAMES, LAST_NAMES } from '../seed/names';
import { benchPort } from '../lib/spawn';
import { uid } from '../lib/sql';

export interface Variant {
  spec: HttpRequestSpec;
  capture: Capture;
  /** The captured response's body, e.g. the booking whose token a replay must replace. */
  body: string;
}

export interface ApiTarget {
  label: string;
  /** The app's configuration, for a worker the bench runs beside it as main.ts would. */
  config: Config;
  seeded: SeededDatabase;
  url: string;
  staffCookie: string;
  adminCookie: string;
  raw: ReplayTarget;
  close(): Promise<void>;
  /** Captures each request's statements, sent with these headers (a session cookie, a token). */
  variants(specs: HttpRequestSpec[], headers: Record<string, string>): Promise<Variant[]>;
  freeSlots: HttpRequestSpec[];
  /**
   * Free times of every agent for a booking of a service with buffers and a room (issue 42):
   * each agent's own 15-minute service, 5 minutes before and 10 after, in the agent's own room,
   * with the quarter hours either side free and no two overlapping; none is among `freeSlots`.
   */
  roomSlots: HttpRequestSpec[];
  /**
   * Clinic-0's service that needs any of its rooms: the seed's physiotherapy (20 minutes, 10
   * after, a treatment room; a fifth of the seeded bookings are in one), or on a database seeded
   * without it the bench's own (30 minutes, 5 before, 10 after, rooms with no bookings).
   */
  roomServiceId: string;
  explain(text: string, values: unknown[]): Promise<string>;
}

const KEYWORDS = ['smith', 'gar', 'jose', 'mull', 'nguy', 'pat', 'lee', 'kowal', 'maria', 'mary.j'];

async function signIn(url: string, email: string): Promise<string> {
  const res = await fetch(new URL('/api/auth/login', url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed for ${email}: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * The rooms of issue 42's bookings: one per agent in the agent's clinic, each agent's own service
 * needing it (a booking there never races another agent's for the room, so its replay is the same
 * SQL), and a service of clinic-0 any of clinic-0's rooms can hold, offered by all, for the slots
 * figure. Made again on each start.
 */
async function benchRooms(
  query: <T>(text: string, values?: unknown[]) => Promise<T[]>,
  agents: Array<{ agent: string; clinic: number }>,
) {
  // A reused database keeps the last run's, archived (their bookings keep them).
  for (const table of ['services', 'resources']) {
    await query(
      `update ${table} set archived_at = now()
       where name like 'Bench room%' and archived_at is null`,
    );
  }
  const serviceIds: string[] = [];
  for (const [i, { agent, clinic }] of agents.entries()) {
    const clinicId = uid(`'clinic${clinic}'`);
    const [room] = await query<{ id: string }>(
      `insert into resources (clinic_id, name, kind, category)
       values (${clinicId}, $1, 'room', 'Bench room') returning id`,
      [`Bench room ${i}`],
    );
    const [service] = await query<{ id: string }>(
      `insert into services (clinic_id, name, durations, buffer_before_minutes,
         buffer_after_minutes, kind, offered_by_all, resource_id)
       values (${clinicId}, $1, '{15}', 5, 10, 'in_person', false, $2) returning id`,
      [`Bench room service ${i}`, room!.id],
    );
    await query(`insert into service_agents (service_id, agent_id) values ($1, $2)`, [
      service!.id,
      agent,
    ]);
    serviceIds.push(service!.id);
  }
  const [shared] = await query<{ id: string }>(
    `insert into services (clinic_id, name, durations, buffer_before_minutes,
       buffer_after_minutes, kind, resource_category)
     values (${uid(`'clinic0'`)}, 'Bench room visit', '{30}', 5, 10, 'in_person', 'bench room') returning id`,
  );
  return { serviceIds, clinicServiceId: shared!.id };
}

/**
 * Cancels the bookings earlier runs made with their rooms (issue 42). They hold the only times a
 * room booking fits, a free quarter hour with free quarter hours either side: a reused database
 * kept them, ran out of such times after one run, and the next measured nothing.
 */
async function reclaimRoomTimes(query: <T>(text: string, values?: unknown[]) => Promise<T[]>) {
  await query(
    `update appointments set status = 'CANCELLED', updated_at = now()
     where status <> 'CANCELLED' and start_at > now() and service_id in (
       select id from services where name like 'Bench room service%')`,
  );
}

/** The length of each benchmarked booking: a quarter hour of the seeded 08:00–18:00 week. */
const BOOKING_MINUTES = 15;

export async function startApiTarget(label: string, seeded: SeededDatabase): Promise<ApiTarget> {
  const { handle, plan } = seeded;
  if (handle.pglite) instrumentPglite(handle.pglite);
  else instrumentPg();
  // Outside calendars are served from this machine (the features section's .ics server).
  const config = testConfig({
    NODE_ENV: 'production',
    WEB_DIR: '/nonexistent-bench-web',
    OUTSIDE_CALENDAR_ALLOW_PRIVATE: true,
  });
  const app = await buildApp({ config, db: handle, now: () => new Date(), version: 'bench' });
  await app.listen({ host: '127.0.0.1', port: benchPort() });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const staffCookie = await signIn(url, 'staff@bench.carebook.test');
  const adminCookie = await signIn(url, 'admin@bench.carebook.test');

  // The baseline gets its own pool of the app's size, so neither waits for the other's clients.
  const rawPool = handle.pool
    ? new pg.Pool({
        connectionString: handle.url,
        max: POOL_SIZE,
        application_name: 'carebook-bench-raw',
      })
    : null;
  const raw = rawPool ? pgTarget(rawPool) : pgliteTarget(handle.pglite!);
  const query = async <T>(text: string, values: unknown[] = []) =>
    handle.pool
      ? withoutTimeout<T>(handle.pool, text, values)
      : (await handle.pglite!.query<T>(text, values)).rows;

  // Future quarter hours of every agent's working week (to the horizon) that no active
  // appointment overlaps, in random order; each benchmarked booking takes one, 15 minutes long.
  // Quarter hours, not the seed's half hours: the small embedded database must not run out of
  // free times before its last booking run (it did, and the requests went nowhere).
  const apc = plan.agentsPerClinic;
  const tz = `(array[${CLINIC_TIMEZONES.map((z) => `'${z}'`).join(',')}])[(i / ${apc}) % ${CLINIC_TIMEZONES.length} + 1]`;
  await reclaimRoomTimes(query);
  const free = await query<{ agent: number; start: Date }>(`
    with cells as (
      select i as agent, ${uid(`'agent' || i`)} as agent_id,
             ((d::date + time '08:00') + k * interval '${BOOKING_MINUTES} minutes') at time zone ${tz} as start_at
      from generate_series(0, ${plan.clinics * apc - 1}) i,
           generate_series(current_date + 3, current_date + 85, interval '1 day') d,
           generate_series(0, ${(10 * 60) / BOOKING_MINUTES - 1}) k
      where extract(isodow from d) < 6
    ), taken as (
      -- Every quarter hour an active appointment keeps, its buffers included (zone offsets are
      -- whole quarter hours).
      select staff_id, generate_series(
               date_bin(interval '${BOOKING_MINUTES} minutes',
                        start_at - make_interval(mins => buffer_before_minutes),
                        timestamptz '2000-01-01'),
               end_at + make_interval(mins => buffer_after_minutes) - interval '1 microsecond',
               interval '${BOOKING_MINUTES} minutes') as start_at
      from appointments
      where status <> 'CANCELLED' and start_at >= current_date + 2
    )
    select c.agent, c.start_at as start
    from cells c left join taken t on t.staff_id = c.agent_id and t.start_at = c.start_at
    where t.staff_id is null
    order by random()`);
  const perClinic = Math.floor(plan.patients / plan.clinics);
  const ids = await query<{ agent: string; patient: string }>(
    `select ${uid(`'agent' || i`)}::text as agent,
            ${uid(`'patient' || ((i / ${apc}) * ${perClinic} + (i * 37) % ${perClinic})`)}::text as patient
     from generate_series(0, ${plan.clinics * apc - 1}) i order by i`,
  );
  const rooms = await benchRooms(
    query,
    ids.map((i, agent) => ({ agent: i.agent, clinic: Math.floor(agent / apc) })),
  );
  // The room bookings' times: every agent's free quarter hours whose neighbouring quarter hours
  // are free too (the buffers, 5 minutes before and 10 after, reach into them), every other
  // quarter hour only, so that no two of them overlap with their buffers: [t - 5 min, t + 25 min)
  // and [t + 25 min, t + 55 min) only touch. Every agent's, not only clinic-0's: clinic-0's five
  // had about 1,200 such times, fewer than one run books (the app's runs took them all and the
  // raw replay, run after them, found none). Capped, as the other bookings keep half an hour
  // away from them: at most an eighth of the free times, so that a small database (the embedded
  // server's 50,000 appointments) keeps most of them for the other bookings (its room times once
  // took nearly every free time, and its bookings at 20 and 100 clients found none).
  const QUARTER = BOOKING_MINUTES * 60_000;
  const ROOM_TIMES = Math.min(6000, Math.floor(free.length / 8));
  const freeCells = new Set(
    free.map(({ agent, start }) => `${agent}|${new Date(start).getTime()}`),
  );
  const isFree = (agent: number, at: number) => freeCells.has(`${agent}|${at}`);
  const roomCells = free
    .filter(({ agent, start }) => {
      const at = new Date(start).getTime();
      return (
        Math.floor(at / QUARTER) % 2 === 0 &&
        isFree(agent, at - QUARTER) &&
        isFree(agent, at + QUARTER)
      );
    })
    .slice(0, ROOM_TIMES);
  const nearRoom = new Set(
    roomCells.flatMap(({ agent, start }) =>
      [-2, -1, 0, 1, 2].map((q) => `${agent}|${new Date(start).getTime() + q * QUARTER}`),
    ),
  );
  const roomSlots = roomCells.map(({ agent, start }) => ({
    method: 'POST' as const,
    path: '/api/appointments',
    body: JSON.stringify({
      date: new Date(start).toISOString(),
      serviceId: rooms.serviceIds[agent],
      staff: { id: ids[agent]!.agent },
      patient: { id: ids[agent]!.patient, clinic: `clinic-${Math.floor(agent / apc)}` },
      metadata: { notes: 'Benchmark booking with a room' },
    }),
  }));
  const freeSlots = free
    .filter(({ agent, start }) => !nearRoom.has(`${agent}|${new Date(start).getTime()}`))
    .map(({ agent, start }) => ({
      method: 'POST' as const,
      path: '/api/appointments',
      body: JSON.stringify({
        date: new Date(start).toISOString(),
        duration: BOOKING_MINUTES,
        staff: { id: ids[agent]!.agent },
        patient: { id: ids[agent]!.patient, clinic: `clinic-${Math.floor(agent / apc)}` },
        metadata: { notes: 'Benchmark booking' },
      }),
    }));

  return {
    label,
    config,
    seeded,
    url,
    staffCookie,
    adminCookie,
    raw,
    freeSlots,
    roomSlots,
    // The seeded physiotherapy service (its rooms hold a fifth of the clinic's bookings) where
    // the seed made one, else the bench's own, whose rooms are free.
    roomServiceId:
      (
        await query<{ id: string }>(
          `select id::text from services where id = ${physioServiceId(0)}`,
        )
      )[0]?.id ?? rooms.clinicServiceId,
    async variants(specs, headers) {
      const out: Variant[] = [];
      for (const spec of specs) {
        // Each request is captured as the first one after a change to the clinics' data: an
        // answer the app keeps (counts, pages, searches, the slot engine's input) is computed
        // then, so the raw SQL holds the statements that compute it, whatever was captured
        // before (the list computes the counts the counts endpoint would otherwise reuse).
        await query('update clinic_data_versions set version = version + 1');
        const { capture: c, result } = await capture(() =>
          app.inject({
            method: spec.method,
            url: spec.path,
            headers: { ...headers, 'content-type': 'application/json' },
            payload: spec.body,
          }),
        );
        const { statusCode, body } = result as { statusCode: number; body: string };
        if (statusCode >= 300) {
          throw new Error(
            `${spec.method} ${spec.path} answered ${statusCode} while capturing: ${body}`,
          );
        }
        out.push({ spec, capture: c, body });
      }
      return out;
    },
    async explain(text, values) {
      const rows = await query<Record<string, string>>(
        `explain (analyze, buffers) ${text}`,
        values,
      );
      return rows.map((r) => Object.values(r)[0]).join('\n');
    },
    async close() {
      await app.close();
      await rawPool?.end();
    },
  };
}

/** The request mixes of the read endpoints, for the staff user of the first clinic. */
export async function readMixes(target: ApiTarget): Promise<Record<string, HttpRequestSpec[]>> {
  const rows = target.seeded.handle.pool
    ? (
        await target.seeded.handle.pool.query(
          `select id from appointments where clinic_id = ${uid(`'clinic0'`)} order by random() limit 100`,
        )
      ).rows
    : (
        await target.seeded.handle.pglite!.query<{ id: string }>(
          `select id from appointments where clinic_id = ${uid(`'clinic0'`)} order by random() limit 100`,
        )
      ).rows;
  const days: string[] = [];
  for (let d = 1; days.length < 10; d++) {
    const day = new Date(Date.now() + d * 86_400_000);
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) days.push(day.toISOString().slice(0, 10));
  }
  const get = (path: string): HttpRequestSpec => ({ method: 'GET', path });
  // 400 different days around today: more pages than the app keeps (ADR 008), read in turn, so
  // none is reused; the list as a front desk first opens it for a day.
  const listDays = Array.from({ length: 400 }, (_, i) => {
    const day = new Date(Date.now() + (i - 200) * 86_400_000).toISOString().slice(0, 10);
    return get(`/api/appointments/paginated?dateFrom=${day}&dateTo=${day}`);
  });
  return {
    'list-days': listDays,
    list: [get('/api/appointments/paginated')],
    counts: [get('/api/appointments/counts')],
    // The counts of the same 400 days as 'list-days', asked for in turn: none is reused.
    'counts-days': listDays.map((spec) => ({
      ...spec,
      path: spec.path.replace('/paginated?', '/counts?'),
    })),
    one: rows.map((r) => get(`/api/appointments/${(r as { id: string }).id}`)),
    search: KEYWORDS.map((k) =>
      get(`/api/clinics/patient?clinic=clinic-0&keyword=${encodeURIComponent(k)}`),
    ),
    slots: days.map((d) => get(`/api/clinics/clinic-0/slots?from=${d}&to=${d}&duration=30`)),
    // More keywords and days than the app keeps answers of (ADR 025), read in turn, so none is
    // reused: the start of every name the seed gives, and each of the next 80 days at five
    // visit lengths.
    'search-keywords': searchKeywords().map((k) =>
      get(`/api/clinics/patient?clinic=clinic-0&keyword=${encodeURIComponent(k)}`),
    ),
    // The patients page (issue 41): its first page, and a different search each request: the
    // starts of the seed's names, and birth dates, over 200,000 patients.
    patients: [get('/api/patients')],
    'patients-find': [
      ...searchKeywords().map((k) => get(`/api/patients?q=${encodeURIComponent(k)}`)),
      ...Array.from({ length: 100 }, (_, i) =>
        get(
          `/api/patients?q=${new Date(Date.UTC(1950, 0, 1 + i * 97)).toISOString().slice(0, 10)}`,
        ),
      ),
    ],
    // A day of clinic-0 for a service that needs one of its rooms (issue 42), a different day
    // each request.
    'slots-rooms': Array.from({ length: 80 }, (_, i) =>
      get(
        `/api/clinics/clinic-0/slots?from=${new Date(Date.now() + (i + 1) * 86_400_000).toISOString().slice(0, 10)}&to=${new Date(Date.now() + (i + 1) * 86_400_000).toISOString().slice(0, 10)}&serviceId=${target.roomServiceId}`,
      ),
    ),
    'slots-days': Array.from({ length: 80 }, (_, i) =>
      new Date(Date.now() + (i + 1) * 86_400_000).toISOString().slice(0, 10),
    ).flatMap((d) =>
      [15, 20, 30, 45, 60].map((duration) =>
        get(`/api/clinics/clinic-0/slots?from=${d}&to=${d}&duration=${duration}`),
      ),
    ),
  };
}

/** 3-, 4- and 5-letter starts of the seed's first and last names, each once: several hundred. */
function searchKeywords(): string[] {
  const names = [...FIRST_NAMES, ...LAST_NAMES].map((n) => n.toLowerCase());
  return [...new Set([3, 4, 5].flatMap((n) => names.map((name) => name.slice(0, n))))];
}

export const newToken = () => randomBytes(24).toString('base64url');
