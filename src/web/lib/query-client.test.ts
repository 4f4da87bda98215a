import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import {
  countsFreshness,
  createQueryClient,
  detailFreshness,
  listFreshness,
  shouldRetry,
} from './query-client';

const MINUTE = 60_000;

describe('query freshness (spec §9)', () => {
  it('defaults every query to the list freshness: fresh 5 min, kept 10 min', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.staleTime).toBe(5 * MINUTE);
    expect(defaults?.gcTime).toBe(10 * MINUTE);
    expect(listFreshness).toEqual({ staleTime: 5 * MINUTE, gcTime: 10 * MINUTE });
  });

  it('offers detail (2/10 min) and counts (2/5 min) for features to spread', () => {
    expect(detailFreshness).toEqual({ staleTime: 2 * MINUTE, gcTime: 10 * MINUTE });
    expect(countsFreshness).toEqual({ staleTime: 2 * MINUTE, gcTime: 5 * MINUTE });
  });
});

describe('shouldRetry', () => {
  it('never retries a 4xx answer', () => {
    expect(shouldRetry(0, new ApiError('Not found', 404))).toBe(false);
    expect(shouldRetry(0, new ApiError('Forbidden', 403))).toBe(false);
  });

  it('retries server and network failures a couple of times', () => {
    expect(shouldRetry(0, new ApiError('Unavailable', 503))).toBe(true);
    expect(shouldRetry(1, new ApiError('Network', 0))).toBe(true);
    expect(shouldRetry(2, new ApiError('Unavailable', 503))).toBe(false);
  });
});
