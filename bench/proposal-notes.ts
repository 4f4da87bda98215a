// The written part of "Proposed fixes" in latest.md: what was changed after the previous run, where
// the time goes now, and what to try next. Measured trials, when a proposal has one, are rendered
// from the JSON below these notes.
export const PROPOSAL_NOTES: Array<{ title: string; body: string }> = [
  {
    title: 'Done since the previous full run (all in src/, all tested)',
    body: `Found with \`bench/profile.ts\`, which now prints the app's CPU and each statement's
planning and running time per request (\`pg_stat_statements\` with planning tracked):

- **Statements planned once**: with \`LIMIT $n\` PostgreSQL costs a prepared statement's
  generic plan for a tenth of the rows and so planned the list's page (0.6 ms, more than running
  it) and the patient search (0.3 ms) on every execution. Their limits are now in the text.
- **One audit row per read** (ADR 007, migration 0011): a list of 20 wrote 20 rows, a third of
  its database time; a read of several records is now one row with the ids in arrays (a GIN index
  for "who saw this patient"), shown by the audit browser as an entry per record. The batch goes
  as one JSON parameter, and \`audit_log.user_id\` lost its foreign key (its check locked the
  reader's user row for every row; migration 0010).
- **The database writes the JSON** of the list's appointments and the search's patients
  (ADR 006): the app joins the rows into the response instead of turning rows into objects and
  back. Tests hold each item to the single read of the same record.
- **List pages reused while their clinics' data stands** (ADR 008, migration 0012), as counts
  were: for at most five seconds, keyed by each clinic's data version, which now also follows
  history entries and patient, agent and clinic edits. Each read is still audited. Because of
  this the table has a row \`list-days\` (a different day each request, so no page is reused).
- **A keyword typed in full** ("smith", "jose") is answered from the whole word's index range when
  that fills the page, instead of ranking every word that starts with it.
- Earlier: patient search by the start of a word (ADR 005), slots in one statement, counts from a
  monthly rollup (ADR 004), read audits group-committed, bookings of one agent queued.`,
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
    title: "Where a request's time goes now, and why search still misses",
    body: `Two cores carry the app, PostgreSQL and the load generator; at 20 clients p95 ≈ 1.5 × 20 ÷
(requests per second), so 30 ms needs about 1,000 searches a second: about 2 ms of CPU per
request **in total**. Measured with \`bench/profile.ts\` and the app's own CPU counters, per
request at 20 clients:

| | list, before this run | list, a page reused | search, before | search, now |
| --- | --- | --- | --- | --- |
| requests/s | ~520 | ~1,500–2,600 | ~630 | ~700 |
| app thread, user CPU | 1.36 ms | 0.5 ms | ~1.0 ms | 0.85 ms |
| planning | 0.61 ms | 0 | 0.28 ms | 0 |
| main statements, running | 0.41 ms | 0 | 0.57 ms | 0.35 ms (0.6 of a request) + 0.08 ms |
| audit insert | 0.47 ms | ~0.1 ms | ~0.4 ms | ~0.1 ms |
| session lookup | 0.08 ms | 0.1 ms | 0.1 ms | 0.1 ms |

(Times inside PostgreSQL include waiting for a core, so they run high under load.) A search is
now one to three statements (whole word; start of a word when whole words do not fill the page;
inside words when neither does) at about 0.1 ms of app CPU each, the session's statement and the
request's own handling (0.35 ms for a request that reads nothing: Fastify, cookies, helmet's
headers, the session). What is left is spread thin: no single part is a third of it.`,
  },
  {
    title: 'Next: what would change the figures',
    body: `- **Search in one statement**: the whole-word, start-of-word and inside-word reads as one
  statement whose later parts run only when the earlier ones do not fill the page (a one-time
  filter on the count of the earlier CTE). Saves a round trip for most keywords.
- **History kept on the appointment** (a JSON column written with each event) instead of a
  \`json_agg\` over \`appointment_events\` per row: about a third of a fresh page.
- **Hardware**: the app, PostgreSQL and the load generator share two cores here.`,
  },
];
