// The reuse rules every reused answer relies on (ADR 004, 008, 025): a key only for callers whose
// versions were read, an answer kept for at most READ_REUSE_MS, and at most `entries` of them.
import { describe, expect, it } from 'vitest';
import { READ_REUSE_MS, ReuseCache, versionsKey } from './reuse';

const user = (versions: Record<string, number>) => ({
  dataVersions: new Map(Object.entries(versions)),
});

describe('versionsKey', () => {
  it('lists the clinics in one order with their versions', () => {
    expect(versionsKey(user({ b: 2, a: 7 }), ['b', 'a'])).toEqual([
      ['a', 7],
      ['b', 2],
    ]);
  });

  it('has no key when a clinic’s version was not read with the caller', () => {
    // A patient's link or the public booking page: reading as version 0 would reuse forever.
    expect(versionsKey(user({}), ['a'])).toBeNull();
    expect(versionsKey(user({ a: 0 }), ['a', 'b'])).toBeNull();
    expect(versionsKey(user({ a: 0 }), ['a'])).toEqual([['a', 0]]);
  });
});

describe('ReuseCache', () => {
  const db = {};
  const at = (ms: number) => new Date(Date.UTC(2026, 10, 24) + ms);

  it('reuses an answer under its key for less than READ_REUSE_MS, then computes it again', async () => {
    const cache = new ReuseCache<number>(10);
    let computed = 0;
    const get = (ms: number, key: unknown = ['k']) =>
      cache.get(db, key, at(ms), async () => ++computed);
    expect(await get(0)).toBe(1);
    expect(await get(READ_REUSE_MS - 1)).toBe(1);
    expect(await get(READ_REUSE_MS)).toBe(2);
    expect(await get(READ_REUSE_MS, ['other'])).toBe(3);
    // A clock that went back does not make an answer younger.
    expect(await get(-1)).toBe(4);
  });

  it('stops reusing an answer at the instant its `until` gives, however young', async () => {
    const cache = new ReuseCache<{ n: number; until: number }>(10);
    let computed = 0;
    const get = (ms: number) =>
      cache.get(
        db,
        'k',
        at(ms),
        async () => ({ n: ++computed, until: at(ms + 1_000).getTime() }),
        (v) => v.until,
      );
    expect((await get(0)).n).toBe(1);
    expect((await get(999)).n).toBe(1);
    expect((await get(1_000)).n).toBe(2);
    expect((await get(1_999)).n).toBe(2);
  });

  it('computes without keeping when there is no key', async () => {
    const cache = new ReuseCache<number>(10);
    let computed = 0;
    expect(await cache.get(db, null, at(0), async () => ++computed)).toBe(1);
    expect(await cache.get(db, null, at(0), async () => ++computed)).toBe(2);
  });

  it('lets go of answers past READ_REUSE_MS when it files a new one', async () => {
    const cache = new ReuseCache<string>(200);
    const file = (key: string, ms: number) => cache.get(db, [key], at(ms), async () => key);
    await file('a', 0);
    await file('b', 1);
    expect(cache.held(db)).toBe(2);
    // Every booking in a busy clinic files the next answers under a new version: the old ones,
    // which nothing can reuse, do not stay until 200 of them push each other out.
    await file('c', READ_REUSE_MS + 1);
    expect(cache.held(db)).toBe(1);
  });

  it('keeps at most its number of answers, dropping the oldest computed', async () => {
    const cache = new ReuseCache<string>(2);
    const fresh: string[] = [];
    const get = (key: string) =>
      cache.get(db, [key], at(0), async () => {
        fresh.push(key);
        return key;
      });
    await get('a');
    await get('b');
    await get('c');
    await get('b');
    await get('a');
    expect(fresh).toEqual(['a', 'b', 'c', 'a']);
  });
});
