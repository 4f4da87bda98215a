// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useNow } from './use-now';

const START = new Date('2026-11-24T19:45:00Z');

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useNow', () => {
  it('moves on every 30 seconds by default, and keeps the same Date in between', () => {
    const { result, rerender } = renderHook(() => useNow());
    const first = result.current;
    expect(first.toISOString()).toBe('2026-11-24T19:45:00.000Z');
    rerender();
    expect(result.current).toBe(first);
    act(() => vi.advanceTimersByTime(29_999));
    expect(result.current).toBe(first);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.toISOString()).toBe('2026-11-24T19:45:30.000Z');
  });

  it('ticks at the asked interval and adds the clock offset', () => {
    const { result } = renderHook(() => useNow({ intervalMs: 5_000, offsetMs: -120_000 }));
    expect(result.current.toISOString()).toBe('2026-11-24T19:43:00.000Z');
    act(() => vi.advanceTimersByTime(5_000));
    expect(result.current.toISOString()).toBe('2026-11-24T19:43:05.000Z');
  });
});
