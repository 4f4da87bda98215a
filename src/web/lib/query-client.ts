import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';
import { reportError } from './error-reporting';
import { FRESHNESS } from './ui-constants';

/**
 * Spec §9 freshness table. Lists are the client default; spread the others into a feature's
 * query options, e.g. `queryOptions({ queryKey, queryFn, ...detailFreshness })`.
 */
export const listFreshness = {
  staleTime: FRESHNESS.lists.staleTimeMs,
  gcTime: FRESHNESS.lists.gcTimeMs,
} as const;
export const detailFreshness = {
  staleTime: FRESHNESS.detail.staleTimeMs,
  gcTime: FRESHNESS.detail.gcTimeMs,
} as const;
export const countsFreshness = {
  staleTime: FRESHNESS.counts.staleTimeMs,
  gcTime: FRESHNESS.counts.gcTimeMs,
} as const;

const MAX_RETRIES = 2;

/** A 4xx will not get better by asking again; only network and server failures are retried. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

/**
 * An ApiError is the server's answer and the server reports its own failures; anything else
 * thrown while fetching (a parse failure, a bug in a query function) is ours to report.
 */
function reportUnexpected(error: unknown): void {
  if (!isApiError(error)) reportError(error);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: reportUnexpected }),
    mutationCache: new MutationCache({ onError: reportUnexpected }),
    defaultOptions: {
      queries: { ...listFreshness, retry: shouldRetry },
      // Mutations are not idempotent (create, cancel): never repeat them behind the user's back.
      mutations: { retry: false },
    },
  });
}
