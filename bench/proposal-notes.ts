// The written part of "Proposed fixes" in latest.md: what was changed after the previous run, where
// the time goes now, and what to try next. Measured trials, when a proposal has one, are rendered
// from the JSON below these notes.
export const PROPOSAL_NOTES: Array<{ title: string; body: string }> = [
  {
    title: 'This machine',
    body: `Two AMD EPYC cores, shared with other tenants, as in the previous full run (2026-11-27
at ca02034), and about as fast: the slot engine takes 0.30 and 1.73 ms (0.33 and 2.08 ms
there), a bare Fastify route answers 36,369 requests a second at 20 clients (32,547). It was
quieter than during the previous run (load average 2.1 at the start against 2.1–3.3 there), so
some of the gain below is the machine's. Figures within about 0.3× of a ratio target, or a few
milliseconds of a latency target, move across it from one run to the next here.`,
  },
  {
    title: 'Done since the previous full run (all tested)',
    body: `- **Transactions without drizzle around BEGIN and COMMIT, and drizzle without the
  schema** (ADR 028): create-only partial runs alternating with the previous commit measured
  0.70× and 0.73× against 0.65× and 0.66×. The embedded server's booking p95 is 90.2 ms in this
  run (117.2 ms before): met.
- **A day's slots reused as an answer, not only as the engine's input** (ADR 029), for exactly as
  long as running the engine again would give the same answer: until the first offered start
  enters the notice or a hold it counts expires, never when the horizon cuts the range, and no
  longer than its input. \`slotsStableUntil\` is property-tested as exact (fast-check: at every
  instant before the bound the engine gives the same answer, at the bound the first slot is
  gone). In partial runs the app's CPU per reused slots request fell from 0.50 to 0.33 ms and
  the p95 from 15.8 to 11.5 ms; here 13.9 ms: met. FHIR Slot searches reuse answers the same way
  (0.78× their raw SQL at 20 clients).
- **A reused patient search keeps its JSON text**, and a read's audit rows take the kind of the
  entry before instead of writing each entry's JSON again: 0.33 against 0.35 ms of app CPU per
  search in partial runs. Search p95 12.1 ms here (17.4 ms before), still above 10 ms.`,
  },
  {
    title: 'Tried and dropped: the booking without drizzle’s execute',
    body: `The previous notes expected most of the 0.3 ms a booking needs for 0.8× from running
its prepared statements without drizzle's execute (placeholders filled per parameter with
\`is()\`, three tracing spans that are no-ops, the cache check). Built and tested (the same rows,
raw results and errors as drizzle's own execute, fast-check on the placeholders), it measured
nothing: a prepared one-row read costs about 100 µs of the app's CPU either way (4,000 in a row,
four alternating rounds: 96–152 µs with it, 97–130 µs without), and alternating create-only runs
gave 0.71× and 0.72× with it against 0.70× and 0.71× without. Drizzle's own share of a statement
is a few microseconds; the rest is the driver, the protocol and the socket, which the replay
spends too. It was not kept.`,
  },
  {
    title: "Where a booking's time goes now",
    body: `Per booking at 20 clients (the CPU table):

| | app run | raw SQL run |
| --- | --- | --- |
| the bench's process (the app, or the replay's \`pg\` driver) | 2.58 ms | 1.34 ms |
| PostgreSQL | 2.28 ms | 2.36 ms |
| together | 4.86 ms | 3.70 ms |

On two cores that bounds the app at 0.76× the raw SQL; measured, 337 and 477 bookings a second
(0.71×). A profile of the create endpoint spreads the app's extra 1.2 ms thinly: the driver
about as much as the replay's, then the time-zone arithmetic of the slot check and the
reminders' due times (5 %), zod (3 %), the row mapping and prepared inserts (5 %), helmet's
headers (3 %), Fastify and HTTP, the session, garbage collection. No single part is the 0.3 ms.`,
  },
  {
    title: 'The FHIR Appointment search at 1 client',
    body: `1.45× at 20 clients (met), 1.76× at 1 client: at 1 client the request's latency is the
app's CPU plus PostgreSQL's, and the app spends about 1 ms building fifteen FHIR resources
through the JSON API's view and serialising the Bundle (serialising alone is 5 % of its CPU,
building the resources and mapping the rows another 12 %) beside 1.7 ms of raw SQL. 1.5× needs
about 0.5 ms less, which only building the resources' JSON in the database (as the JSON list
does, ADR 006) would give; that would write the FHIR mapping a second time, in SQL.`,
  },
  {
    title: 'After this run: security headers worked out once',
    body: `Not in this run's figures (measured after it, at the next commit). Helmet's thirteen
middlewares ran against every raw response; its headers are the same for every request with this
policy, so they are now worked out once at start-up and given to each reply as Fastify headers (a
test holds them to what helmet writes itself on a real Node response, with HSTS and without, on an
answer, a page, an error and a 404). Partial runs alternating with the previous commit: the app's
CPU per request at 20 clients 0.43 and 0.37 ms against 0.47 and 0.40 ms for one appointment, 0.24
and 0.28 ms against 0.28 and 0.32 ms for a patient search, whose p95 measured 9.5 and 11.4 ms
against 10.6 and 12.9 ms: at the 10 ms target, on either side of it from run to run.`,
  },
  {
    title: 'Next: what would change the figures',
    body: `- **Patient search p95** (12.1 ms): a reused search still writes its audit rows, and a
  read is never answered before they are in the database (ADR 007); the audit insert is most of
  PostgreSQL's 0.22 ms per search and the wait for it most of the p95.
- **The FHIR Appointment resources' JSON from the database**, as above.
- **Never-reused slots** (2.09×): the engine's own work for every agent of a clinic, JavaScript,
  so the ratio follows the machine's JavaScript speed.
- **Fewer statements do not help the ratios**: the replay sends the same statements, so a round
  trip saved is saved for both, and the share that differs (the app's own work) grows.
- **Hardware**: the app, PostgreSQL and the load generator share two cores here; the app's
  process and PostgreSQL on cores of their own would each be bounded by its own CPU.`,
  },
];
