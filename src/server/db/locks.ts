import { sql } from 'drizzle-orm';
import type { Executor } from './client';
import { prepared } from './prepared';

const ph = sql.placeholder;

/**
 * The transaction-scoped advisory locks, each a SQL function of migration 0030 that holds its
 * key (the triggers call the agent's too). Every lock is held until the transaction ends.
 *
 * Order, so that no two transactions wait on each other: a hold's allowances (address, then
 * inbox), then the clinic's hold allowance, then agents in sorted order, then a waitlist opening.
 */

/**
 * Queues this transaction behind any other that is booking one of these agents, until it ends.
 * Two bookings of one time would otherwise both insert, each then wait for the other's row under
 * the exclusion constraint, and one be killed as a deadlock a second later; in a queue the second
 * meets the first's committed row at once and gets the constraint's answer. Several agents (a
 * reassignment) are locked in sorted order, so two changes between the same agents queue too.
 */
export async function lockAgents(db: Executor, agentIds: Iterable<string>): Promise<void> {
  for (const agentId of [...new Set(agentIds)].sort()) {
    await prepared(db, 'lock_agents', (name) =>
      db
        .select({ locked: sql`lock_agent_bookings(${ph('agentId')})` })
        .from(sql`(select 1) as one`)
        .prepare(name),
    ).execute({ agentId });
  }
}

/** One answer at a time to a freed time's waitlist offers. */
export async function lockWaitlistOpening(db: Executor, openingId: string): Promise<void> {
  await db.execute(sql`select lock_waitlist_opening(${openingId})`);
}

/**
 * An online hold's allowances of one client address and one inbox, counted under the lock in the
 * hold's transaction, so two holds that race count each other. A statement's target list is
 * evaluated left to right: the address's lock, then the inbox's.
 */
export async function lockHoldAllowances(
  db: Executor,
  allowance: { clientKey: string; inbox: string },
): Promise<void> {
  await db.execute(
    sql`select lock_hold_allowance(${`address:${allowance.clientKey}`}),
      lock_hold_allowance(${`email:${allowance.inbox}`})`,
  );
}

/** A clinic's hold allowance, then the agent's booking lock (ADR 022), in one round trip. */
export async function lockClinicHoldsAndAgent(
  db: Executor,
  clinicId: string,
  agentId: string,
): Promise<void> {
  await db.execute(
    sql`select lock_hold_allowance(${`clinic:${clinicId}`}), lock_agent_bookings(${agentId})`,
  );
}
