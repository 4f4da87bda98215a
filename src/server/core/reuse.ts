import type { AuthUser } from './request-context';
import { readingReplica } from '../db/replica-reads';

/**
 * How long an answer about clinics' data (counts, a list page, the slot engine's input, a patient
 * search) may be reused while none of their data versions moves. The versions follow every change
 * those answers show (ADR 004, 008, 025); what they cannot follow is time, so this bounds how late
 * an appointment whose start has just passed moves from upcoming to pending.
 */
export const READ_REUSE_MS = 5_000;

/**
 * The scope's clinics with their data versions, read with the session: equal for two requests
 * only while no change to those clinics has committed in between. Users who share a clinic
 * share its answers.
 */
export function versionsKey(
  user: Pick<AuthUser, 'dataVersions'>,
  clinicIds: readonly string[],
): Array<[string, number]> | null {
  // A caller whose versions were not read (a patient's link, the public booking page) has no
  // key: its answers are never reused, or they would be reused past any change.
  if (!clinicIds.every((id) => user.dataVersions.has(id))) return null;
  return [...clinicIds].sort().map((id) => [id, user.dataVersions.get(id)!]);
}

/**
 * Answers filed under a key that holds the data versions they were computed after, kept for
 * READ_REUSE_MS (or the `maxAgeMs` given) and at most `entries` of them, per database. An answer is always computed after
 * its versions were read, so a reused one is never older than the versions it is filed under.
 */
export class ReuseCache<T> {
  private readonly byDatabase = new WeakMap<
    object,
    Map<string, { value: T; at: number; until: number }>
  >();

  /**
   * Answers being computed, by database and key, with when: a request that misses while one is
   * under way waits for it instead of computing the same answer beside it. When the answers of a
   * clinic's busy day lapse together, every client asking would otherwise compute at once, each
   * with its own statements, and queue behind each other for the pool's connections.
   */
  private readonly pending = new WeakMap<object, Map<string, { value: Promise<T>; at: number }>>();

  /**
   * `maxAgeMs`: how long an answer is reused while its versions stand. Longer than READ_REUSE_MS
   * only for an answer that time alone cannot change (a report of given days, ADR 052): the
   * versions follow everything else it shows.
   */
  constructor(
    private readonly entries: number,
    private readonly maxAgeMs = READ_REUSE_MS,
  ) {}

  /** How many answers are kept for this database now. */
  held(db: object): number {
    return this.byDatabase.get(db)?.size ?? 0;
  }

  /**
   * `key` null: nothing to file the answer under, so it is computed and not kept. A key that is
   * not a string is filed under its JSON. `until`, when given, says from which instant (epoch
   * ms) an answer is no longer the one time alone would give, however young it is.
   */
  async get(
    db: object,
    key: unknown,
    now: Date,
    compute: () => Promise<T>,
    until?: (value: T) => number,
  ): Promise<T> {
    if (key === null) return compute();
    let cache = this.byDatabase.get(db);
    if (!cache) this.byDatabase.set(db, (cache = new Map()));
    const text = typeof key === 'string' ? key : JSON.stringify(key);
    const hit = cache.get(text);
    const age = hit ? now.getTime() - hit.at : Infinity;
    if (hit && age >= 0 && age < this.maxAgeMs && now.getTime() < hit.until) return hit.value;
    // A replica's answer may be older than the versions the key holds (read on the primary with
    // the session): it is used, not filed nor shared with others (ADR 063).
    if (readingReplica()) return compute();
    let under = this.pending.get(db);
    if (!under) this.pending.set(db, (under = new Map()));
    const started = under.get(text);
    if (started && now.getTime() - started.at >= 0 && now.getTime() - started.at < this.maxAgeMs) {
      // Computed after the same versions were read, from an instant no later than this one: as
      // a hit would be. One that failed, or that time alone has since changed, is computed anew.
      const shared = await started.value.then(
        (value) => ({ value }),
        () => null,
      );
      if (shared && (!until || now.getTime() < until(shared.value))) return shared.value;
      return compute();
    }
    const computing = compute();
    const mine = { value: computing, at: now.getTime() };
    under.set(text, mine);
    let value: T;
    try {
      value = await computing;
    } finally {
      if (under.get(text) === mine) under.delete(text);
    }
    cache.delete(text);
    cache.set(text, { value, at: now.getTime(), until: until ? until(value) : Infinity });
    // Oldest first in a Map: answers past their age, which nothing can reuse (in a busy
    // clinic every booking files the next ones under a new version), and beyond the bound the
    // least recently computed, go.
    for (const [oldest, entry] of cache) {
      const expired = now.getTime() - entry.at >= this.maxAgeMs;
      if (!expired && cache.size <= this.entries) break;
      cache.delete(oldest);
    }
    return value;
  }
}
