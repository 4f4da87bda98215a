// The written part of "Proposed fixes" in latest.md: what was changed after the previous run, where
// the time goes now, and what to try next. Measured trials, when a proposal has one, are rendered
// from the JSON below these notes.
export const PROPOSAL_NOTES: Array<{ title: string; body: string }> = [
  {
    title: 'This machine',
    body: `This run's machine (two AMD EPYC cores, shared with other tenants) runs our JavaScript
about two and a half times as fast as the previous full run's (2026-11-27 at 5143083): the slot
engine alone takes 0.33 and 2.08 ms against 0.79 and 4.08 ms there, and a bare Fastify route
answers 32,547 requests a second at 20 clients against 18,981. So the milliseconds are better
here for nearly the same code, and so are most ratios to the raw SQL.

It was also busier during this run than an hour before it: a full run of nearly the same code
on this machine at 07:43 (9b263ff: before the two changes below; its browser section was lost to
a missing Chromium, so it was not kept) measured one appointment at 1 client 1.39× (1.83× here),
slots p95 16.1 ms (24.8 ms), patient search p95 17.2 ms (17.4 ms) and booking 0.65× (0.72×), and
the raw replay's own CPU per request rose by a fifth to a third for most endpoints between the
two runs. Figures within about 0.3× of a ratio target, or a few milliseconds of a latency
target, move across it from one run to the next here.`,
  },
  {
    title: 'Done since the previous full run (all tested)',
    body: `- **The FHIR searches beside their raw SQL**, at 1 and 20 clients, as issue 27 counts
  them among the reads (before, they were only compared with the JSON API). \`bench/profile.ts\`
  takes them too (\`fhir-appointments\`, \`fhir-slots\`).
- **Rows mapped by a function compiled per statement.** drizzle's \`mapResultRow\` works out
  each column's kind, decoder and joined table again for every row; every prepared statement now
  carries a mapper that worked them out once (\`src/server/db/row-mapper.ts\`, held to drizzle's own
  result on real statements, left joins and generated rows). On the FHIR Appointment search (15
  wide rows a request) drizzle's share of the app's CPU went from 11.7 % to 3.2 % in a profile,
  and the app's CPU per request from 0.90 to 0.84 ms in partial runs of that endpoint alone on a
  quieter machine.`,
  },
  {
    title: 'The FHIR searches',
    body: `The Slot search reads the slot engine's input the JSON slots keep (ADR 025) and stays
within 1.12× of its raw SQL. The Appointment search is 1.91× at 1 client and 1.50× at 20 here
(1.53–1.60× and 1.36–1.38× in two partial runs on a quieter machine): where the JSON list's
appointments come from the database as JSON (ADR 008), the FHIR search maps fifteen wide rows
into the JSON API's view, that into FHIR resources, and serialises the Bundle. A CPU profile at
1 client: building the resources 7 % of the app's CPU, serialising the Bundle 6 %, mapping the
rows 5 %, the token's check 5 %, the read's audit rows 4 %; the rest is HTTP and the driver,
which the replay spends too.`,
  },
  {
    title: "Where a booking's time goes now",
    body: `The CPU table measures it directly. Per booking at 20 clients:

| | app run | raw SQL run |
| --- | --- | --- |
| the bench's process (the app, or the replay's \`pg\` driver) | 2.45 ms | 1.28 ms |
| PostgreSQL | 2.15 ms | 2.14 ms |
| together | 4.60 ms | 3.42 ms |

On two cores that bounds the app at 0.74× the raw SQL; measured, 362 and 505 bookings a second
(0.72×; 0.65× in the run an hour before). Both send the same 15 statements and PostgreSQL does
the same work for both. For 0.8× here the app's process must spend about 0.3 ms less per
booking: on this machine that is about drizzle's whole share of a booking (12 % of the app's
CPU in a profile of the create endpoint this morning, before the compiled mapping, which a
booking's inserts barely use), or our own code's largest fifth. On the previous machine, whose
JavaScript is slower, it was 1.5 ms, more than our code and drizzle together.`,
  },
  {
    title: 'After this run: transactions without drizzle around BEGIN and COMMIT',
    body: `Not in this run's figures (measured after it, at the next commit). Every transaction
now sends BEGIN, COMMIT and ROLLBACK straight to its pooled connection (a failure still wrapped
as drizzle wraps it, where the booking code reads a deadlock's SQLSTATE), and drizzle is no
longer given the schema, so it no longer builds a relational query builder for each of the 27
tables in every transaction (the app never uses that API). Create-only partial runs, alternating
with the previous commit on this (busy) machine: 0.70× and 0.73× against 0.65× and 0.66×, and the
app's CPU per booking above the replay's 1.27 and 1.38 ms against 2.14 and 1.61 ms.`,
  },
  {
    title: 'One appointment at 1 client',
    body: `1.83× in this run, 1.39× in the run an hour before, 1.54× in two partial runs between: at
1 client the app's extra work is about 0.5 ms (HTTP, the session, drizzle, the answer's
serialiser) beside 0.8–1.2 ms of raw SQL, and the scheduling of three processes (load generator,
app, PostgreSQL) on two shared cores moves the ratio by as much as the work.`,
  },
  {
    title: 'Next: what would change the figures',
    body: `- **The booking's statements without drizzle's execute** (placeholders filled, spans,
  the answer's mapping): with the change above, most of the 0.3 ms a booking needs here for
  0.8×.
- **The FHIR Appointment search's resources** made from the rows without the JSON API's view in
  between, and the Bundle written with fewer intermediate objects.
- **Fewer statements do not help the ratios**: the replay sends the same statements, so a round
  trip saved is saved for both, and the share that differs (the app's own work) grows.
- **Never-reused slots** (2.17×): the engine's own work for every agent of a clinic, JavaScript,
  so the ratio follows the machine's JavaScript speed.
- **Hardware**: the app, PostgreSQL and the load generator share two cores here; the app's
  process and PostgreSQL on cores of their own would each be bounded by its own CPU.`,
  },
];
