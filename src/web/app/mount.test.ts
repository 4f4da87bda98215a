import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPage, REPORTING_LATEST_MS } from './mount';

/** A stand-in for the data router: its state and the listeners `subscribe` adds. */
function fakeRouter(initialized: boolean) {
  const listeners = new Set<(state: { initialized: boolean }) => void>();
  return {
    state: { initialized },
    subscribe(listener: (state: { initialized: boolean }) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set(next: boolean) {
      this.state = { initialized: next };
      listeners.forEach((listener) => listener(this.state));
    },
    listeners,
  };
}

describe('afterFirstPage (error reporting waits for the first page, ADR 064)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits for the router’s first page, then for an idle moment', async () => {
    vi.useFakeTimers();
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    const router = fakeRouter(false);
    let done = false;
    void afterFirstPage(router).then(() => (done = true));

    await vi.advanceTimersByTimeAsync(5000);
    expect(done).toBe(false);
    expect(idle).toHaveLength(0);

    router.set(true);
    expect(router.listeners.size).toBe(0);
    expect(idle).toHaveLength(1);
    await Promise.resolve();
    expect(done).toBe(false);

    idle[0]!();
    await Promise.resolve();
    expect(done).toBe(true);
  });

  it('goes by a timer where the browser has no idle callback', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    let done = false;
    void afterFirstPage(fakeRouter(true)).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(499);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });

  it('starts at the latest after its time limit when the first page never comes', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', () => undefined);
    const router = fakeRouter(false);
    let done = false;
    void afterFirstPage(router).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(REPORTING_LATEST_MS - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    expect(router.listeners.size).toBe(0);
  });
});
