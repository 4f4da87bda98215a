// The written part of "Proposed fixes" in latest.md: what was changed after the previous run, where
// the time goes now, and what to try next. Measured trials, when a proposal has one, are rendered
// from the JSON below these notes.
export const PROPOSAL_NOTES: Array<{ title: string; body: string }> = [
  {
    title: 'Done since the previous full run (all in src/, all tested)',
    body: `The previous run's proposals, and what its CPU profiles showed (\`npx tsx bench/profile.ts
<endpoint>\` writes one), are in the code measured above:

- **Bookings bounded from below** (availability.repository.ts): the bookings query reads a day
  before the range on the \`(staff_id, start_at)\` index instead of each agent's whole history.
- **Counts from a monthly rollup** (migration 0006): \`appointment_month_counts\` (clinic, UTC month,
  agent, status, n), kept exact by deferred triggers on appointments. Counts read whole months
  from it and only the current month (about 1,500 rows per clinic) from appointments; a patient
  filter (email, search) counts from appointments alone. Integration tests hold it to a
  row-by-row tally for every kind of filter, and a fast-check property to a recount through any
  inserts, updates and deletes, in and out of transactions.
- **The (start_at DESC, id) index rebuilt NULLS FIRST** (migration 0007): the previous one was
  \`DESC NULLS LAST\`, which \`ORDER BY start_at DESC\` cannot use, so the list across several
  clinics sorted the whole table. One clinic is now an equality (the \`(clinic_id, start_at)\` index
  gives the order); several clinics are an unnamed statement planned for the actual list.
- **Fewer, prepared statements per request** (src/server/db/prepared.ts): Drizzle building SQL was
  a third of the app's CPU and PostgreSQL planned every statement again. The hot reads are now
  named prepared statements built once; the session lookup brings the user's clinics; a slug's
  clinic comes from them; an appointment's history comes in its row's statement (json_agg);
  bookable agents come with their schedules. A list is now the session, the page and the counts.
- **Read audits group-committed**: concurrent requests' audit rows share one prepared
  \`INSERT … SELECT FROM unnest(…)\`; each request still waits until its own rows are written.
- **Booking races**: a booking transaction first queues behind other bookings of the same agent
  (\`pg_advisory_xact_lock\`), so two bookings of one time no longer both insert and deadlock on
  the exclusion constraint (a 1 s \`deadlock_timeout\` wait, then a 500 in the previous run); the
  second meets the first's row and answers 409 at once. A deadlock that still happens is retried,
  and the answer is read inside the transaction, so a committed booking is never reported as an
  error.
- **Counts reused until the data changes** (ADR 004, migration 0008): \`clinic_data_versions\`
  moves on with every committed change to a clinic's appointments and is read with the session;
  counts are reused under that version for at most five seconds, so a change on any instance is
  in the next request's counts.`,
  },
  {
    title: 'The counts statement, when it runs',
    body: `Counts served again under the same data version send no statement, so the captured requests
above have none. When they are computed (the first request after a change), one statement reads
the current month from appointments and every other month from the rollup. Its generic plan for
one clinic of the 1M database, \`EXPLAIN ANALYZE\` in psql (executed as prepared, as the app does):

\`\`\`
Append  (cost=1866.96..2102.08 rows=28 width=14) (actual time=1.195..2.070 rows=18 loops=1)
  ->  HashAggregate  (cost=1866.96..1867.17 rows=14 width=14) (actual time=1.194..1.197 rows=9 loops=1)
        Group Key: appointments.status, (appointments.start_at > $2)
        Batches: 1  Memory Usage: 24kB
        ->  Bitmap Heap Scan on appointments  (cost=15.00..1863.09 rows=516 width=10) (actual time=0.139..0.853 rows=1521 loops=1)
              Recheck Cond: ((clinic_id = $1) AND (start_at >= $3) AND (start_at < $4))
              Heap Blocks: exact=336
              ->  Bitmap Index Scan on appointments_clinic_start_idx  (cost=0.00..14.88 rows=516 width=0) (actual time=0.099..0.100 rows=1521 loops=1)
                    Index Cond: ((clinic_id = $1) AND (start_at >= $3) AND (start_at < $4))
  ->  HashAggregate  (cost=234.28..234.49 rows=14 width=15) (actual time=0.867..0.869 rows=9 loops=1)
        Group Key: appointment_month_counts.status, (appointment_month_counts.month > $3)
        Batches: 1  Memory Usage: 24kB
        ->  Bitmap Heap Scan on appointment_month_counts  (cost=70.03..224.99 rows=1238 width=15) (actual time=0.112..0.589 rows=1204 loops=1)
              Recheck Cond: (clinic_id = $1)
              Filter: (month <> $3)
              Rows Removed by Filter: 35
              Heap Blocks: exact=133
              ->  Bitmap Index Scan on appointment_month_counts_clinic_id_month_staff_id_status_pk  (cost=0.00..69.72 rows=1258 width=0) (actual time=0.095..0.095 rows=1239 loops=1)
                    Index Cond: (clinic_id = $1)
Planning Time: 0.045 ms
Execution Time: 2.134 ms
\`\`\``,
  },
  {
    title: "Where a request's time goes now, and why the 25 ms targets are still missed",
    body: `Two cores carry the app, PostgreSQL and the load generator. At 20 clients every request waits
behind the others, so p95 is roughly 20 × (CPU per request) ÷ 2: 25 ms at 20 clients needs about
800 requests a second, or no more than ~2.5 ms of CPU per request **in total**. Measured per
request: the session lookup alone is about 0.3 ms of PostgreSQL and 0.3 ms of Node; each
statement's \`writev\` on the loopback TCP socket is ~15 % of the app's CPU; the paginated list's
page (20 rows with their histories) and counts are about 3–4 ms of PostgreSQL together, and
building, validating and serialising 20 appointments about 2 ms of Node. The cheapest read (one
appointment: session, one indexed row, its audit) reaches ~1,000 requests a second and a p95 near
30 ms; the list cannot reach 25 ms without skipping work it does for every request.`,
  },
  {
    title: 'Next: patient search by word prefix',
    body: `The search statement itself costs 5–13 ms for short keywords ("pat" matches 600 of a clinic's
20,000 patients through the trigram index, each rechecked and ranked by similarity). A table of
(clinic_id, word, patient_id) with a \`text_pattern_ops\` B-tree answers the common case (a name or
email starting with what was typed) from an index range with a LIMIT, leaving the trigram index
for the rare in-word match when fewer than 20 patients start with it.`,
  },
  {
    title: 'Next: a Unix socket to PostgreSQL, and compiled response serialisers',
    body: `On this machine a loopback TCP \`writev\` costs more than building the statement it carries;
\`DATABASE_URL=postgres:///carebook?host=/var/run/postgresql\` (a deployment setting, no code) is
worth measuring. Responses are validated with zod on the way out (about 5 % of the app's CPU for
a list); serialising with the JSON schemas the OpenAPI document already has would halve that.`,
  },
];
