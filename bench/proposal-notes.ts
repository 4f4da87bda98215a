// The written part of "Proposed fixes" in latest.md: what to change in src/ and why. The measured
// part (plans before and after, p95 before and after) is rendered from the trials in the JSON.
export const PROPOSAL_NOTES: Array<{ title: string; body: string }> = [
  {
    title: '1. Slots and every booking: bound the bookings query from below',
    body: `\`loadBookings\` (src/server/modules/availability/availability.repository.ts) asks for
\`start_at < $to AND end_at > $from\`. On the \`(staff_id, start_at)\` index only the upper bound
narrows the range, so PostgreSQL reads every earlier appointment of each agent (years of history)
or falls back to a sequential scan of the whole table. It runs for every slots request and in
\`checkBookable\` on every create and reschedule. An appointment lasts at most 1,440 minutes
(\`appointments_duration_check\`), so adding a lower bound selects exactly the same rows:

\`\`\`ts
// availability.repository.ts, loadBookings: one more condition in the and(...)
// No appointment lasts longer than a day (appointments_duration_check), so this selects the same
// rows while letting the (staff_id, start_at) index stop at \`from\` instead of reading all history.
gt(t.appointments.startAt, new Date(from.getTime() - 24 * 60 * 60_000)),
\`\`\`

No schema change. The trial below shows the plan with the very parameters the app sent.`,
  },
  {
    title: '2. Lists across several clinics: an index on (start_at DESC, id)',
    body: `For a user in several clinics (every admin) the page query is
\`WHERE clinic_id IN (…) ORDER BY start_at DESC, id LIMIT 21\`. The \`(clinic_id, start_at)\` index
cannot return that order for an IN list, so PostgreSQL joins and sorts every appointment of those
clinics to keep 21: seconds on a million rows, past the 10 s statement timeout under load. An
index in the query's own order lets it read 21 rows and stop:

\`\`\`sql
-- new migration, e.g. 0005_appointments_start_index.sql
CREATE INDEX "appointments_start_id_idx" ON "appointments" USING btree ("start_at" DESC, "id");
\`\`\`

\`\`\`ts
// schema.ts, appointments indexes
index('appointments_start_id_idx').on(t.startAt.desc(), t.id),
\`\`\`

Cost: one more B-tree to maintain per insert and update of start_at.`,
  },
  {
    title: '3. Counts (and so the paginated list, which embeds them): a per-month rollup',
    body: `\`countBuckets\` evaluates six FILTER aggregates over every appointment in scope: about
100,000 rows for one clinic of the 1M database and all of them for an admin. Its cost grows with
history, and at 20 concurrent clients on two cores it cannot meet 25 ms; the paginated list
runs the same count beside its page, so the list misses for the same reason. A covering index
((clinic_id, start_at) INCLUDE (status), index-only scan) only saves the heap reads, about a
third. What does meet it is counting history once:

\`\`\`sql
-- new migration
CREATE TABLE appointment_month_counts (
  clinic_id uuid NOT NULL, staff_id uuid NOT NULL, status text NOT NULL,
  month timestamptz NOT NULL,            -- date_trunc('month', start_at, 'UTC')
  n integer NOT NULL,
  PRIMARY KEY (clinic_id, month, staff_id, status)
);
-- kept exact by an AFTER INSERT / UPDATE OF status, start_at, staff_id, clinic_id / DELETE trigger
-- on appointments that adds -1 / +1 to the old and new (clinic, month, staff, status) rows
\`\`\`

\`countBuckets\` then reads closed months from the rollup and only the current month and the
future from \`appointments\` (the trial below runs exactly that query with the app's parameters).
Filters keep working: staffId is a rollup column; dateFrom/dateTo take whole months from the
rollup and the edge months from the table; search and patientEmail fall back to today's exact
query. Trade-off: a booking also updates one counter row, so two bookings of one agent in one
month queue on that row until commit (an append-only delta table, compacted by the outbox
worker, avoids even that).`,
  },
  {
    title: '4. Booking race: a lost race must be a 409, never a 500',
    body: `Two simultaneous creates of one slot sometimes get a 500 (15 of 100 rounds with only two
requests). PostgreSQL's log for the run shows why: 246 \`deadlock detected\` errors, each between
two \`insert into "appointments"\` statements. With an exclusion constraint each inserter finds
the other's uncommitted row and waits for its transaction: a cycle, so PostgreSQL aborts one with
SQLSTATE 40P01, which \`isUniqueOrExclusion\` in create-appointment.ts does not recognise. The
victim did lose the race; retrying its transaction once turns the outcome into the constraint's
own answer (23P01, a 409) or a success if the other transaction failed after all:

\`\`\`ts
// create-appointment.ts (and the same in change-appointment.ts for reschedules)
const DEADLOCK = '40P01';
const codeOf = (err: unknown) =>
  (err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
// around the db.transaction(...) call: one retry when PostgreSQL chose this booking as the
// deadlock victim of a same-slot race; the retry meets the winner's row and gets 23P01.
for (let attempt = 1; ; attempt++) {
  try {
    return await book();
  } catch (err) {
    if (codeOf(err) === DEADLOCK && attempt === 1) continue;
    throw err;
  }
}
\`\`\``,
  },
  {
    title: '5. Booking race at 50 and 500: 503s and bookings answered with an error',
    body: `With 50 or 500 creates at once, requests that wait more than 5 s for one of the 10 pool
connections (\`connectionTimeoutMillis: 5_000\` in src/server/db/client.ts) are answered 503, and
some rounds booked the slot yet answered no request 201: the winner committed, then
\`getAppointment\` needed a fresh connection to build the answer and timed out. Proposed:
build the created appointment's view inside the booking transaction (as the Idempotency-Key path
already does with \`loadView(deps, ctx, appointmentId, tx)\`) so a committed booking always
answers 201; and answer a full pool quickly and honestly (a 503 with \`Retry-After\` after a
short queue, e.g. @fastify/under-pressure or a semaphore sized to DB_POOL_MAX) rather than after
a 5 s wait. The database itself never double-booked: every raced slot has at most one active row.`,
  },
  {
    title: '6. Overhead over raw SQL: one appointment (~2.8×) and search at 20 clients (~2.2×)',
    body: `For the cheapest reads the SQL takes 2–3 ms and the rest of the request (session check,
zod validation of the response through fastify-type-provider-zod's serializer, JSON, audit
bookkeeping in JavaScript) costs as much again or more. Not profiled yet; the first thing to try
is serialising responses with Fastify's compiled JSON schema (fast-json-stringify) instead of
validating them with zod on every request, then re-run \`npm run bench -- --only api\`.`,
  },
  {
    title: '7. Patient search (and every read) at 20 clients: fewer statements per request',
    body: `The search statement itself runs in 3–4 ms (plan below), yet p95 at 20 clients is far
above 30 ms even for the raw replay: on two cores every request pays for four statements — the
session lookup, the user's clinics, the search and an audit INSERT whose commit waits for a WAL
flush. At 20 clients that is queueing, not one slow query. Options, cheapest first: write read
audits in batches (buffer in memory, one multi-row INSERT every ~100 ms, or
\`SET LOCAL synchronous_commit = off\` for audit-only transactions — a compliance decision: a
crash could lose the last fraction of a second of read audits); fold the clinics lookup into the
session query (one join instead of two round trips). Re-measure with \`--only api\`.`,
  },
];
