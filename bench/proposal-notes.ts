// The written part of "Proposed fixes" in latest.md: what was changed after the previous run, where
// the time goes now, and what to try next. Measured trials, when a proposal has one, are rendered
// from the JSON below these notes.
export const PROPOSAL_NOTES: Array<{ title: string; body: string }> = [
  {
    title: 'This machine',
    body: `This run's machine runs our JavaScript about twice as slowly as the previous full run's
(2026-11-27 at cd1a353, another machine), while its PostgreSQL round trips are no slower: the
slot engine, JavaScript alone, takes 0.79 and 4.08 ms (0.51 and 3.35 ms in a quiet rerun)
against 0.30 and 1.8 ms there; a bare Fastify route answers 18,981 requests a second at 20
clients against 20,060; one appointment's raw SQL takes 0.9 ms at 1 client against 1.2 ms
there. Every ratio of the app to its raw SQL is worse here by that alone: the app's share of
each request is JavaScript, the raw SQL's is mostly PostgreSQL. Same code, previous run beside
this one: one appointment at 20 clients 1.15× there, 1.56× here; never-reused slots 2.01× and
2.59×; booking 0.70× and 0.60×. The load average over the five minutes before the run was 4.4
(the test suite had just ended), and other tenants share the host.`,
  },
  {
    title: 'Done since the previous full run (all tested)',
    body: `- **Reminder due times** read the start's wall clock from the zone's offset instead of
  building a \`TZDate\`: 3 against 6.5 µs per reminder, two in every booking (the property test
  still checks them against \`TZDate\`).
- **Tried and not kept**: the booking's check of the agent's bookings and holds (one statement)
  is planned again at every execution, 0.35 ms of planning for 0.09 ms of running, because its
  generic plan's estimate (an array of agents, open time ranges) is a hundred times its custom
  plans'. Forcing generic plans on the bench database changed nothing measurable: create-only
  runs alternating generic and automatic plans gave 208 and 184 against 202 and 198 bookings a
  second, inside the noise.`,
  },
  {
    title: "Where a booking's time goes now",
    body: `The CPU table measures it directly. Per booking at 20 clients:

| | app run | raw SQL run |
| --- | --- | --- |
| the bench's process (the app, or the replay's \`pg\` driver) | 4.98 ms | 2.22 ms |
| PostgreSQL | 3.66 ms | 3.52 ms |
| together | 8.6 ms | 5.7 ms |

On two cores that bounds the app at about 230 bookings a second and the raw SQL at about 350;
measured, 189 and 314 (0.60×). Both send the same 15 statements and PostgreSQL does nearly the
same work for both. For 0.8× the app's process must come to about 3.5 ms, 1.5 ms less. A CPU
profile of the create endpoint at 20 clients on this machine splits the app's own CPU as: the
\`pg\` driver 23 % (which the replay spends too), our code 19 %, HTTP (Fastify and Node's
server) 10 %, drizzle 10 %, zod 2.5 %, date-fns 3 %, and Node's streams, events, buffers and
garbage collection the rest. Our code and drizzle together are about 1.4 ms a booking: even
without either, the app would only just reach 0.8× on this machine, and neither can go. Our
code's share is spread over dozens of functions, none above 2 % of the app's CPU.

The figure is noisy: five create-only runs here gave 0.55× to 0.67×; the previous machine,
whose JavaScript is about twice as fast, gave 0.70× and 0.77×.`,
  },
  {
    title: 'One appointment at 1 client',
    body: `The same requests against the same database measured a p50 of 1.1 ms in one harness run
(under the profiler, whose sampling thread keeps a core awake) and 1.3 to 2.3 ms in others, with
the raw SQL at 0.7 to 1.0 ms; the app's CPU per request is 0.6 to 0.9 ms. At 1 client the figure
here is as much the scheduling of three processes (load generator, app, PostgreSQL) on a shared
two-core machine as the work: 2.41× in this run, 1.58× in the previous one.`,
  },
  {
    title: 'Next: what would change the figures',
    body: `- **The booking's statements without drizzle**: its prepared execute and row mapping are
  about a tenth of the app's CPU in a booking.
- **Fewer statements do not help the ratio**: the replay sends the same statements, so a round
  trip saved is saved for both, and the share that differs (the app's own work) grows.
- **Never-reused slots**: the engine's own work for every agent of a clinic, JavaScript, so the
  ratio follows the machine's JavaScript speed (2.0× on the previous machine, 2.6× here).
- **Hardware**: the app, PostgreSQL and the load generator share two cores here; the app's
  process and PostgreSQL on cores of their own would each be bounded by its own CPU.`,
  },
];
