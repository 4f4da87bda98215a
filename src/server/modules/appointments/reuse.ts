import type { AuthUser } from '../../core/request-context';

/**
 * How long an answer about clinics' appointments (counts, a list page) may be reused while none
 * of their data versions moves. The versions follow every change a list shows (ADR 004, 008);
 * what they cannot follow is time, so this bounds how late an appointment whose start has just
 * passed moves from upcoming to pending.
 */
export const READ_REUSE_MS = 5_000;

/**
 * The scope's clinics with their data versions, read with the session: equal for two requests
 * only while no change to those clinics has committed in between. Users who share a clinic
 * share its answers.
 */
export function versionsKey(user: Pick<AuthUser, 'dataVersions'>, clinicIds: readonly string[]) {
  return [...clinicIds].sort().map((id) => [id, user.dataVersions.get(id) ?? 0]);
}

/**
 * Answers filed under a key that holds the data versions they were computed after, kept for
 * READ_REUSE_MS and at most `entries` of them, per database. An answer is always computed after
 * its versions were read, so a reused one is never older than the versions it is filed under.
 */
export class ReuseCache<T> {
  private readonly byDatabase = new WeakMap<object, Map<string, { value: T; at: number }>>();

  constructor(private readonly entries: number) {}

  async get(db: object, key: unknown, now: Date, compute: () => Promise<T>): Promise<T> {
    let cache = this.byDatabase.get(db);
    if (!cache) this.byDatabase.set(db, (cache = new Map()));
    const text = JSON.stringify(key);
    const hit = cache.get(text);
    const age = hit ? now.getTime() - hit.at : Infinity;
    if (hit && age >= 0 && age < READ_REUSE_MS) return hit.value;
    const value = await compute();
    cache.delete(text);
    cache.set(text, { value, at: now.getTime() });
    // Oldest first in a Map: beyond the bound, the least recently computed go.
    for (const oldest of cache.keys()) {
      if (cache.size <= this.entries) break;
      cache.delete(oldest);
    }
    return value;
  }
}
