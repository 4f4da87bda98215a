// Proposed fixes for missed targets, tried on the bench database only (never on src/): an index
// is created, the endpoint re-measured and the index dropped; a query change is shown as the
// plan of the rewritten statement with the very parameters the app sent.
export interface Proposal {
  id: string;
  title: string;
  /** Which read mix the request comes from, and who sends it. */
  endpoint: 'slots' | 'counts' | 'list';
  as: 'staff' | 'admin';
  /** Picks the captured statement to EXPLAIN before and after. */
  match: (text: string) => boolean;
  apply: string[];
  revert: string[];
  /** For a query change: the statement as it would be sent after the change. */
  rewrite?: (text: string) => string;
  /** Re-run the endpoint at 20 clients after `apply` (only meaningful for schema-only fixes). */
  remeasure: boolean;
}

// Every earlier proposal (bookings lower bound, start index, monthly counts rollup) is now in
// src/; a new one goes here with its trial.
export const PROPOSALS: Proposal[] = [];
