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

  it('reuses for the age it was given instead, where time alone changes nothing', async () => {
    const cache = new ReuseCache<number>(10, 60_000);
    let computed = 0;
    const get = (ms: number) => cache.get(db, ['k'], at(ms), async () => ++computed);
    expect(await get(0)).toBe(1);
    expect(await get(READ_REUSE_MS)).toBe(1);
    expect(await get(59_999)).toBe(1);
    expect(await get(60_000)).toBe(2);
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

  it('has a request that misses while the same answer is being computed wait for it', async () => {
    const cache = new ReuseCache<string>(10);
    const started: string[] = [];
    let finish!: (v: string) => void;
    const slow = (name: string) => async () => {
      started.push(name);
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const first = cache.get(db, 'k', at(0), slow('first'));
    const second = cache.get(db, 'k', at(10), slow('second'));
    const other = cache.get(db, 'other', at(10), async () => 'other');
    finish('answer');
    expect(await first).toBe('answer');
    expect(await second).toBe('answer');
    expect(await other).toBe('other');
    expect(started).toEqual(['first']);
  });

  it('computes anew when the answer it waited for failed or time alone has changed it', async () => {
    const cache = new ReuseCache<{ n: number; until: number }>(10);
    let computed = 0;
    let fail!: (err: Error) => void;
    const failing = cache.get(db, 'k', at(0), () => new Promise((_, reject) => (fail = reject)));
    const waiting = cache.get(db, 'k', at(1), async () => ({ n: ++computed, until: Infinity }));
    fail(new Error('connection lost'));
    await expect(failing).rejects.toThrow('connection lost');
    expect((await waiting).n).toBe(1);

    let finish!: (v: { n: number; until: number }) => void;
    const byUntil = (v: { until: number }) => v.until;
    const early = cache.get(
      db,
      'j',
      at(0),
      () => new Promise((resolve) => (finish = resolve)),
      byUntil,
    );
    const late = cache.get(
      db,
      'j',
      at(500),
      async () => ({ n: ++computed, until: Infinity }),
      byUntil,
    );
    // Stands until 400 ms: the request at 500 ms cannot take it.
    finish({ n: 0, until: at(400).getTime() });
    expect((await early).n).toBe(0);
    expect((await late).n).toBe(2);
  });
});
