import {
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query';
import type { EndpointResponse, Route } from '@contracts/endpoint';
import { callEndpoint, type CallInput, type ContractOf } from './endpoint-client';

/** What a query sends to its endpoint; the query itself supplies the abort signal. */
export type QueryCallInput<R extends Route> = Omit<CallInput<ContractOf<R>>, 'signal'>;

type Answer<R extends Route> = EndpointResponse<ContractOf<R>>;

/** A query's own settings besides its key and its call (freshness, polling, `enabled`, …). */
export type QuerySettings<TData, K extends QueryKey> = Omit<
  UseQueryOptions<TData, Error, TData, K>,
  'queryKey' | 'queryFn'
>;

/**
 * The query options of one endpoint read: the key it is cached under (queries/query-keys.ts),
 * the call, and whatever the query sets besides. A feature's `api/` file states only those.
 */
export function endpointQuery<R extends Route, const K extends QueryKey>(
  queryKey: K,
  route: R,
  input: QueryCallInput<R>,
  settings: QuerySettings<Answer<R>, K> = {},
) {
  return queryOptions<Answer<R>, Error, Answer<R>, K>({
    ...settings,
    queryKey,
    queryFn: ({ signal }) => callEndpoint(route, { ...input, signal } as CallInput<ContractOf<R>>),
  });
}

/** What a write refreshes once it succeeded: the queries under these keys, or its own update. */
export type AfterWrite<TData, TVariables> =
  readonly QueryKey[] | ((queryClient: QueryClient, data: TData, variables: TVariables) => unknown);

/** Refreshes every query under each key; the promise settles when they have been fetched again. */
export function invalidateAll(queryClient: QueryClient, keys: readonly QueryKey[]) {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/**
 * A mutation that writes through the API, then refreshes what the write changed. Given keys, the
 * mutation stays pending until their queries are fetched again, so a screen that closes on
 * success shows the new data at once; given a function, the function decides.
 */
export function useWriteThenRefresh<TData, TVariables = void>(
  write: (variables: TVariables) => Promise<TData>,
  afterWrite: AfterWrite<TData, TVariables>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (data: TData, variables: TVariables) =>
      typeof afterWrite === 'function'
        ? afterWrite(queryClient, data, variables)
        : invalidateAll(queryClient, afterWrite),
  });
}
