// The written part of "Proposed fixes" in latest.md: what was changed after the previous run, where
// the time goes now, and what to try next. Measured trials, when a proposal has one, are rendered
// from the JSON below these notes.
export const PROPOSAL_NOTES: Array<{ title: string; body: string }> = [
  {
    title: 'This machine',
    body: `Two Intel Xeon cores this time, shared with other tenants; the previous full run (2026-11-27
at e2334b5) had two AMD EPYC cores. JavaScript is slower here (the slot engine takes 0.38 and
2.13 ms against 0.30 and 1.73 ms there) and a bare Fastify route faster (38,378 requests a second
at 20 clients against 36,369). The machine was quiet at the start (load average 0.9). Figures
within about 0.3× of a ratio target, or a few milliseconds of a latency target, move across it
from one run to the next: one appointment at 1 client measured 1.43× there and 1.78× here with
the same statements and less of the app's work (the headers below).`,
  },
  {
    title: 'Done since the previous full run (all tested)',
    body: `- **Security headers worked out once**: helmet's thirteen middlewares ran against every raw
  response; its headers are the same for every request with this policy, so they are worked out
  once at start-up and given to each reply as Fastify headers (a test holds them to what helmet
  writes itself on a real Node response, with HSTS and without, on an answer, a page, an error and
  a 404). Partial runs alternating with the previous commit: the app's CPU per request at 20
  clients 0.43 and 0.37 ms against 0.47 and 0.40 ms for one appointment, 0.24 and 0.28 ms against
  0.28 and 0.32 ms for a patient search. Search p95 12.4 ms in this run (12.1 ms before, on the
  faster machine for JavaScript): still above 10 ms.
- **\`bench/profile.ts\` counts the app's involuntary context switches** per request (below).`,
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
| the bench's process (the app, or the replay's \`pg\` driver) | 2.67 ms | 1.42 ms |
| PostgreSQL | 2.32 ms | 2.28 ms |
| together | 4.99 ms | 3.70 ms |

On two cores that bounds the app at 0.74× the raw SQL; measured, 326 and 459 bookings a second
(0.71×). A profile of the create endpoint spreads the app's extra 1.25 ms thinly: the driver
about as much as the replay's, then the time-zone arithmetic of the slot check and the
reminders' due times (5 %), zod (3 %), the row mapping and prepared inserts (5 %), Fastify and
HTTP, the session, garbage collection. No single part is the 0.3 ms.

The app's process is one thread, and it is the busiest process here: at 2.67 ms a booking it
answers at most about 375 a second however idle PostgreSQL is. It also waits for its core: each
statement it sends wakes a PostgreSQL backend, which on two shared cores often takes the app's
core at once. \`bench/profile.ts create 20\` counts 6.2 involuntary context switches of the app's
process per booking (2.0 at 1 client), and the V8 profile then shows the app in the socket
write (\`writev\`) for about a third of its samples: time spent waiting for the core, not
working. A second app process (Node's cluster, two instances on one port) would let the app use
both cores, bounded by the sum of the CPU (4.99 ms a booking on two cores, about 0.87×), but
each instance keeps its own reused answers (rate limits are shared since ADR 032): not done,
and not needed for a clinic's load (a busy front desk books a few a minute).`,
  },
  {
    title: 'Small reads at 1 client',
    body: `At 1 client a request's latency is its parts one after another, so the ratio is the app's
fixed cost per request over the SQL's time. **One appointment**, 1.78× (+0.7 ms): its raw SQL is
three statements (the session, the appointment with its history, the audit row) in 0.8 ms; the
app adds an HTTP round trip from the load generator's process (a bare Fastify route: 0.11 ms),
its own CPU (0.42 ms a request at 20 clients) and a wake-up of its process per step. It met
1.5× in the previous run (1.43×). **The FHIR Appointment search**, 1.65× (1.76× before; 1.30× at
20 clients, met): the app spends about 1 ms building fifteen FHIR resources through the JSON
API's view and serialising the Bundle (serialising alone is 5 % of its CPU, building the
resources and mapping the rows another 12 %) beside 2.0 ms of raw SQL. 1.5× needs about 0.3 ms
less, which only building the resources' JSON in the database (as the JSON list does, ADR 006)
would give; that would write the FHIR mapping a second time, in SQL.`,
  },
  {
    title: 'Next: what would change the figures',
    body: `- **Patient search p95** (12.4 ms): a reused search still writes its audit rows, and a
  read is never answered before they are in the database (ADR 007); the audit insert is most of
  PostgreSQL's 0.22 ms per search and the wait for it most of the p95.
- **The patients page's search** (issue 49, p95 ≤ 10 ms at 20 clients): its own statements
  replayed raw at 20 clients already have a p95 over 20 ms on this machine (the search itself is
  a page of 50 patients with each one's next visit, about 1.4 ms of PostgreSQL, 370 buffers), so
  the app cannot meet it by sending less; the editor roles it asked for in a statement of its
  own now come with the session (three statements a search: session, search, audit row). Below
  10 ms needs a cheaper page (no next visit per patient until it is shown) or cores of its own.
- **The FHIR Appointment resources' JSON from the database**, as above.
- **Never-reused slots** (2.13×): the engine's own work for every agent of a clinic, JavaScript,
  so the ratio follows the machine's JavaScript speed.
- **A never-reused list page** (p95 33.0 ms, its raw SQL alone 26.4 ms): a day's page query
  takes 0.6 ms of PostgreSQL, most of it building its JSON (to_char and json_build_object for 21
  appointments and their history, ADR 006), with a generic plan after five executions; the SQL
  alone is near the 25 ms target at 20 clients on two shared cores.
- **Fewer statements do not help the ratios**: the replay sends the same statements, so a round
  trip saved is saved for both, and the share that differs (the app's own work) grows.
- **Hardware**: the app, PostgreSQL and the load generator share two cores here; the app's
  process and PostgreSQL on cores of their own would each be bounded by its own CPU.`,
  },
];
