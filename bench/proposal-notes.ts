// The written part of "Proposed fixes" in latest.md: what was changed after the previous run, where
// the time goes now, and what to try next. Measured trials, when a proposal has one, are rendered
// from the JSON below these notes.
export const PROPOSAL_NOTES: Array<{ title: string; body: string }> = [
  {
    title: 'Done since the previous full run (all in src/, all tested)',
    body: `- **Patient search by the start of a word** (ADR 005, migration 0009): \`patient_search_words\`
  holds each word of a patient's normalised name and email, kept by a trigger on patients, with
  an index on (clinic, word \`text_pattern_ops\`, last name, first name, patient). A keyword is
  nearly always the start of a name or email: one index-only range of a few hundred entries
  ranks it (whole word, then start of a word, then name) in 0.5 ms instead of 9 ms of trigram
  rechecks over all ten clinics. Matches inside words still come from the trigram index when the
  word range has less than a page. An integration property test holds both paths to the
  domain's \`searchMatch\` on PGlite and PostgreSQL.
- **Slots in one statement**: bookable agents come with their week, their date overrides and
  their bookings around the range, so a slots request is the session and one statement.
- **Migrations run without the requests' statement timeout**: filling the word table for
  200,000 patients took longer than 10 s and failed the upgrade.
- Earlier (in the previous report's figures already): counts from a monthly rollup, reused until
  the clinic's data changes (ADR 004); the hot reads as one or two prepared statements; read
  audits group-committed; bookings of one agent queued so the race has one winner and no 5xx.`,
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
    title: "Where a request's time goes now, and why the list and search targets are missed",
    body: `Two cores carry the app, PostgreSQL and the load generator; at 20 clients each request waits
behind the others, so p95 ≈ 1.5 × 20 ÷ (requests per second). 25 ms needs about 1,200 requests a
second, i.e. about 1.7 ms of CPU per request **in total**. Measured with \`bench/profile.ts\`,
per-process CPU from /proc and \`pg_stat_statements\` (not part of the report's runs):

- **List** (20 appointments with histories): PostgreSQL 0.8 of a core and Node (app and load
  generator) 0.7 at ~420 requests/s, the machine 85 % busy: ≈ 2 ms of PostgreSQL and ≈ 1.7 ms of
  Node a request. Of PostgreSQL's part, the page statement is 0.7 ms, the read-audit rows 0.6 ms
  (20 rows at ~28 µs: four indexes and a foreign-key check each), the session 0.1 ms.
- **Search**: PostgreSQL a whole core at ~600 requests/s. The word range is 0.5 ms, the audit of
  the 20 patients shown 0.5 ms, the trigram fallback (1 keyword in 10, "mary.j") 2 ms when it runs.
- Experiments, each alternated with the unchanged app over 3 runs (run-to-run noise is ±15 %):
  reads without audit rows gave +25–50 % requests/s (list p95 50–63 ms); a one-row page
  (\`limit=1\`) 760–835 requests/s and p95 37–43 ms; responses serialised without zod, no
  measurable change; PostgreSQL over a Unix socket, no measurable change (466 against 434).
- The V8 profile puts 30–40 % of the app thread's time in \`writev\`: on two shared cores a
  write to a loopback socket wakes PostgreSQL or the load generator, which then takes the core.

So even the list's fixed cost (a one-row page) misses 25 ms here, and one appointment (the
cheapest audited read) reaches about 1,550 requests/s with p95 18 ms. Meeting 25 ms for a page of
20 would mean a page costing what one appointment costs now.`,
  },
  {
    title: 'Next: what would change the figures',
    body: `- **One read-audit row per request** (the ids of the appointments and patients shown in
  arrays, a GIN index for "who saw this patient") instead of one row per record: 20 times fewer
  index entries for a list or a search, whose audit rows are now a quarter to a third of their
  PostgreSQL time. It changes the audit log's shape and its browser, so it wants its own ADR.
- **History kept on the appointment** (a JSON column written in the same transaction as each
  event) instead of a \`json_agg\` over \`appointment_events\` per row: in the page
  statement's plan above the history subplan is 21 × 0.014 ms of its 0.74 ms, about 40 %.
- **Hardware**: the app, PostgreSQL and the load generator share two cores here; with four,
  the same code should come close to doubling its requests per second at 20 clients (not
  measured: this machine has two).`,
  },
];
