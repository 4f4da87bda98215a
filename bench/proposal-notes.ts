// The written part of "Proposed fixes" in latest.md: what was changed after the previous run, where
// the time goes now, and what to try next. Measured trials, when a proposal has one, are rendered
// from the JSON below these notes.
export const PROPOSAL_NOTES: Array<{ title: string; body: string }> = [
  {
    title: 'This machine',
    body: `This run's machine is about three times slower than the previous full run's (2026-11-26 at
c3b4ce9): a bare Fastify route answers 20,060 requests a second at 20 clients against 58,311,
and 1M appointments seed in 67 s against 43 s. Targets in milliseconds that were met there are
missed here by the machine: the list on a different day each request (p95 33.5 against 17.9 ms
there), patient search (11.9 against 6.2 ms), slots (19.2 against 8.9 ms), and the PGlite
fallback's. The ratios to the raw SQL compare across machines; the p95s do not.`,
  },
  {
    title: 'Done since the previous full run (all in src/, all tested)',
    body: `- **Slots** spend less of the app's CPU on a fresh input:
  - a day's date in a zone is read with \`Intl.DateTimeFormat.format\` (a third of
    \`formatToParts\`) and remembered per instant: the engine asks for the same day's start
    and end once per agent;
  - no closure is made per availability interval;
  - the reused input is filed under a string key, not JSON of its dates;
  - bookings' and holds' times come from the database as epoch milliseconds, not text (a
    \`Date\` from a number costs a quarter of one parsed from text).
  - Never-reused slots measured 2.12× and 2.15× their raw SQL before, 1.60× (a slots-only run)
    and 2.01× (this run) after.
- **Inserts** (\`insertPrepared\`, five in a booking) work out each shape once (statement name,
  encoders, placeholders) and ask only class instances whether they are SQL; committed after
  this run.
- **The bench's method**:
  - each request is captured as the first after a change to the clinics' data, so an answer the
    app keeps is computed in its raw SQL. The list, search and slots already were; counts were
    not (the list captured just before had computed them), so their raw SQL was the session
    lookup alone and the ratio measured HTTP (2.3–2.5×). Now counts are 0.35×, reused;
  - the counts on a different day each request (\`counts-days\`, never reused): 0.84×;
  - CPU per request of the app's process, of the replay's, and of PostgreSQL's in each run, in
    the table after the API on PostgreSQL;
  - \`npm run bench\` runs node with \`--expose-gc\` and collects the heap before each run, so the
    app and the replay, which share a process, do not collect each other's garbage.`,
  },
  {
    title: "Where a booking's time goes now",
    body: `The CPU table measures it directly. Per booking at 20 clients:

| | app run | raw SQL run |
| --- | --- | --- |
| the bench's process (the app, or the replay's \`pg\` driver) | 2.72 ms | 1.55 ms |
| PostgreSQL | 3.05 ms | 2.77 ms |
| together | 5.8 ms | 4.3 ms |

On two cores that bounds the app at about 345 bookings a second and the raw SQL at about 465;
measured, 276 and 393 (0.70×). Both send the same 15 statements, and PostgreSQL does the same
work for both. What separates them is the app's own work beyond the driver, about 1.2 ms a
booking: HTTP, the request's validation, the session, the slot check, drizzle, building the rows
and the answer, and the answer's contract check. For 0.8× the app's process must come to about
2.35 ms, 0.4 ms less, and no single part of that work is as large: the profiler puts our own
code's self time at about a third of it (spread over dozens of functions) and drizzle's at a
sixth.

The figure is noisy here: in create-only runs on this machine the app's CPU per booking moved
between 2.3 and 3.5 ms from run to run (other tenants of the host), and the ratio between 0.67×
and 0.74×. On the previous run's faster machine the ratio was 0.77×.`,
  },
  {
    title: 'Next: what would change the figures',
    body: `- **The booking's statements without drizzle**: its prepared execute and row mapping are
  about a sixth of the app's own JavaScript in a booking.
- **Fewer statements do not help the ratio**: the replay sends the same statements, so a round
  trip saved is saved for both, and the share that differs (the app's own work) grows.
- **Counts and slots**: reused answers are now cheaper than their raw SQL; the never-reused
  slots are still about twice theirs, the engine's own work for every agent of a clinic.
- **Hardware**: the app, PostgreSQL and the load generator share two cores here.`,
  },
];
