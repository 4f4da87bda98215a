// The written part of "Proposed fixes" in latest.md: what was changed after the previous run, where
// the time goes now, and what to try next. Measured trials, when a proposal has one, are rendered
// from the JSON below these notes.
export const PROPOSAL_NOTES: Array<{ title: string; body: string }> = [
  {
    title: 'Done since the previous full run (all in src/, all tested)',
    body: `- **Slots and patient search reused while the clinic's data stands** (ADR 025, migration
  0023): the clinic's data version now follows everything a day's slots and a search show (an
  agent's busy time wherever it was booked, their weeks and overrides, holds, membership, an
  agent's active, role and time zone, patients added or removed); the slot engine's input and a
  search's rows are kept under it for at most 5 s, and every search is still audited. The
  never-reused rows (\`search-keywords\`, \`slots-days\`) keep the fresh cost in the report.
- **A booking in fewer statements, each prepared** (ADR 026): 18 statements became 15 (the
  check reads bookings and live holds in one, a new appointment's reminders are planned without
  looking for old ones, the answer is the view read for the webhooks), and its inserts go
  through statements prepared per connection and shape (\`insertPrepared\`). drizzle's share of
  the app's thread in a booking fell from about 23 % to 6 %.
- Bench: a section that fails (Chromium missing) no longer loses the figures measured before it
  (they go to \`partial.*\`); the never-reused rows use one queue for all connections, so the
  connections no longer ask for the same day in step.`,
  },
  {
    title: "Where a booking's time goes now",
    body: `\`bench/profile.ts create\` at 20 clients, on the 10M database the growth run had left (profiler
on, about 180 bookings a second):

| | per booking |
| --- | --- |
| round trips to PostgreSQL | 17 (session, patient, agent, check; BEGIN, lock, 5 inserts, reminder plan, view, webhooks, waitlist; COMMIT) |
| the app's thread, user / system CPU | 4.2 ms / 0.4 ms (4.5 / 0.4 before) |
| its samples in \`writev\` (sending a statement) | 36 % |
| its samples in drizzle / in the pg driver | 6 % / 13 % (23 % / 9 % before) |
| waiting for the agent's booking lock (PostgreSQL) | 2.0 ms |
| the session lookup (the admin of all 100 clinics there) | 0.9 ms |
| PostgreSQL's time in the other statements and their triggers | about 2.5 ms |

The app's system CPU is small beside the time its thread spends in \`writev\`: writing a
statement wakes a PostgreSQL backend, which on two busy cores takes the core the app's thread
was on. Each round trip costs the app's thread that time whatever the app does around it; the
raw-SQL replay pays it too, but does nothing else between statements.`,
  },
  {
    title: 'Next: what would change the figures',
    body: `- **A booking's five inserts in one statement** (data-modifying CTEs, the appointment's id
  made by the app): four round trips fewer, cutting across the appointments, notifications and
  audit modules (ADR 026).
- **Counts** cost the app about 0.3 ms over a statement of 0.2 ms: an answer that is reused
  sends only the session lookup, so the ratio measures HTTP and authentication, not the counts.
- **History kept on the appointment** (a JSON column written with each event) instead of a
  \`json_agg\` over \`appointment_events\` per row: about a third of a fresh list page.
- **Hardware**: the app, PostgreSQL and the load generator share two cores here.`,
  },
];
