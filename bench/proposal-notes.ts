// The written part of "Proposed fixes" in latest.md: what was changed after the previous run, where
// the time goes now, and what to try next. Measured trials, when a proposal has one, are rendered
// from the JSON below these notes.
export const PROPOSAL_NOTES: Array<{ title: string; body: string }> = [
  {
    title: 'Done since the previous full run (all in src/, all tested)',
    body: `- **Under the agent's booking lock, only a booking's writes** (ADR 027). Every booking of an
  agent waits for that agent's lock until the booking ahead commits, so a booking now reads the
  clinic's reminder policy and whether any webhook endpoint listens before it, writes its audit
  row (with an id the app makes) before it, lets the appointment's insert take the lock (its
  trigger of migration 0022 takes the same key) instead of a statement of its own, and makes its
  answer from the row it inserted instead of reading it back. Under the lock: the appointment,
  its history entry, confirmation, reminders and the waitlist update, then COMMIT (ten
  statements before). In all, 17 round trips became 15.
- Bench: \`--endpoints\` measures some endpoints only (\`--endpoints create\` for a booking
  change); the raw replay of a booking gives each replay its own appointment id, as the app does.`,
  },
  {
    title: "Where a booking's time goes now",
    body: `\`bench/profile.ts create\` at 20 clients on the 1M database (profiler on, about 565
bookings a second):

| | per booking |
| --- | --- |
| round trips to PostgreSQL | 15 (session, patient, agent, check; BEGIN, reminder policy, webhook listeners, audit; appointment (takes the lock), history, confirmation, reminders, waitlist; COMMIT) |
| the app's thread, user / system CPU | 1.06 ms / 0.25 ms |
| its samples in \`writev\` and \`writeBuffer\` (sending) | 45 % and 7 % |
| its samples in the pg driver / drizzle / our code | 7 % / 5 % / 9 % |

Both the app and its raw-SQL replay got faster with the shorter lock (create-only runs: 580 and
748 bookings a second before, 634 and 819 after), so the ratio hardly moved: the replay sends
the same statements and waits for the same lock. What separates them is the app's own work per
booking (parsing and checking the request, the slot check, building the rows and the answer),
about 0.7 ms of a core at 20 clients, against 0.03 ms for a bare Fastify route.`,
  },
  {
    title: 'Next: what would change the figures',
    body: `- **The booking's remaining writes in one statement** (data-modifying CTEs): the history
  entry, confirmation, reminders and waitlist update after the appointment, three round trips
  fewer under the lock; it would speed the replay as much as the app.
- **The app's own CPU per booking**: the request's validation, the slot engine's check (Intl
  date formatting is about 2 % of it), the rows' encoding and the answer.
- **Counts** cost the app about 0.2 ms over a statement of 0.1 ms: an answer that is reused
  sends only the session lookup, so the ratio measures HTTP and authentication, not the counts
  (a bare Fastify route alone is 0.07 ms at p50).
- **Hardware**: the app, PostgreSQL and the load generator share two cores here.`,
  },
];
