import type { z } from 'zod';
import type { EndpointOf } from '@contracts/all-endpoints';
import type { Endpoint, EndpointInput, EndpointResponse, Route } from '@contracts/endpoint';
import { ApiError, apiFetch, type QueryParams } from './api-client';

type Defined<T> = Exclude<T, undefined>;
type In<E extends Endpoint> = EndpointInput<E>;
// A part may be left out when the endpoint takes none, or when everything in it is optional.
type Optional<T> = undefined extends T ? true : object extends T ? true : false;

/** What a call of this endpoint sends; only the parts the endpoint needs are required. */
export type CallInput<E extends Endpoint> = {
  [K in keyof In<E> as Optional<In<E>[K]> extends true ? never : K]: In<E>[K];
} & {
  [K in keyof In<E> as Optional<In<E>[K]> extends true ? K : never]?: Defined<In<E>[K]>;
} & {
  signal?: AbortSignal;
  /** Message used when the error body carries none (spec §8 fallback messages). */
  fallback?: string;
};

/**
 * The contract a call is checked against: a route (src/contracts/routes) leads to its endpoint by
 * operation id; a whole endpoint, as tests define them, is its own.
 */
export type ContractOf<R extends Route> = R extends Endpoint ? R : EndpointOf<R>;

/** `/api/appointments/:id` with `{ id }` → `/api/appointments/3f…`, each value encoded. */
export function endpointPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

// Answers are checked against their contract while developing and in tests, where a drifted
// contract should fail loudly; in production the check would cost every screen for nothing.
const checkAnswers = import.meta.env.DEV || import.meta.env.MODE === 'test';

/**
 * Calls one endpoint through its route, the zod-free part of its contract (src/contracts): the
 * method and path come from the object the server registered its route from, and the types of
 * what is sent and answered from the rest of that contract.
 */
export async function callEndpoint<R extends Route>(
  route: R,
  input: CallInput<ContractOf<R>>,
): Promise<EndpointResponse<ContractOf<R>>> {
  const { params, query, body, headers, signal, fallback } = input as {
    params?: Record<string, unknown>;
    query?: QueryParams;
    body?: unknown;
    headers?: Record<string, string>;
    signal?: AbortSignal;
    fallback?: string;
  };
  const answer = await apiFetch<unknown>(endpointPath(route.path, params), {
    method: route.method,
    query,
    body,
    headers,
    signal,
    fallback,
  });
  if (checkAnswers) assertAnswer(await contractOf(route), answer);
  return answer as EndpointResponse<ContractOf<R>>;
}

/** Only for the checks: the schemas load here, never in a production build. */
async function contractOf(route: Route): Promise<Endpoint> {
  if ('responses' in route) return route as Endpoint;
  const { endpointByOperationId } = await import('@contracts/all-endpoints');
  const endpoint = endpointByOperationId(route.operationId);
  if (!endpoint) throw new Error(`No contract has the operation ${route.operationId}`);
  return endpoint;
}

function assertAnswer(endpoint: Endpoint, answer: unknown) {
  const schemas = Object.values(endpoint.responses) as z.ZodType[];
  if (schemas.some((schema) => schema.safeParse(answer).success)) return;
  const issues = schemas[0]?.safeParse(answer).error?.issues ?? [];
  const first = issues[0];
  throw new ApiError(
    `The answer of ${endpoint.operationId} does not match its contract` +
      (first ? ` (${first.path.join('.')}: ${first.message})` : ''),
    0,
    { body: answer },
  );
}
