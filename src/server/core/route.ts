import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteOptions,
} from 'fastify';
import type { WebSocket } from 'ws';
import type { z } from 'zod';
import {
  ERROR_STATUSES,
  errorStatusesOf,
  type Endpoint,
  type EndpointParsed,
  type EndpointResponse,
} from '@contracts/endpoint';
import { errorBody } from '@contracts/errors';
import { upgradeRequired } from '../errors';
import type { ContextOf } from './request-context';

/**
 * The request a handler receives: parsed as its endpoint says, with the caller's context, which
 * is never null unless the endpoint is public.
 */
export type EndpointRequest<E extends Endpoint> = Omit<
  FastifyRequest,
  'params' | 'query' | 'body' | 'context'
> &
  Omit<EndpointParsed<E>, 'headers'> & {
    headers: FastifyRequest['headers'] & EndpointParsed<E>['headers'];
    context: ContextOf<E>;
  };

export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointResponse<E> | FastifyReply>;

/** The handler of a WebSocket endpoint: it gets the open socket and the parsed upgrade request. */
export type SocketHandler<E extends Endpoint> = (
  socket: WebSocket,
  request: EndpointRequest<E>,
) => Promise<void>;

/** What a route adds to its contract: limits that are the server's business, not the caller's. */
export type RouteExtras = Pick<FastifyContextConfig, 'rateLimit'>;

/**
 * Registers the route of one endpoint contract: its method, path, schemas, documented answers,
 * access rule and OpenAPI description all come from the contract, so the route cannot say
 * anything its contract does not.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  extras: RouteExtras = {},
): void {
  app.route({
    ...registration(endpoint, extras),
    handler: handler as unknown as RouteOptions['handler'],
  });
}

/**
 * Registers the WebSocket of one endpoint contract (a GET that upgrades). The upgrade request is
 * checked like any other: access rule, query schema, rate limit. Unlike `websocket: true`, which
 * hides the route from the API reference, this keeps it documented; a plain GET that does not
 * ask to upgrade is answered 426.
 */
export function socketRoute<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: SocketHandler<E>,
  extras: RouteExtras = {},
): void {
  if (endpoint.method !== 'GET') {
    throw new Error(`${endpoint.operationId}: a WebSocket is opened with GET`);
  }
  app.route({
    ...registration(endpoint, extras),
    handler: async () => {
      throw upgradeRequired('This address takes WebSocket connections only.');
    },
    wsHandler: handler as unknown as RouteOptions['wsHandler'],
  });
}

function registration(endpoint: Endpoint, extras: RouteExtras) {
  // A limit the contract does not mention would be an answer its callers were never told of.
  if (extras.rateLimit && !errorStatusesOf(endpoint).includes(429)) {
    throw new Error(`${endpoint.operationId} is rate-limited but its contract lists no 429`);
  }
  return {
    method: endpoint.method,
    url: endpoint.path,
    schema: endpointSchema(endpoint),
    config: { ...extras, access: endpoint.access, endpoint },
  };
}

const errorResponse = (status: keyof typeof ERROR_STATUSES) =>
  errorBody.describe(ERROR_STATUSES[status]);

/** The Fastify schema of an endpoint: validation, serialisation and the OpenAPI operation. */
export function endpointSchema(endpoint: Endpoint) {
  return {
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    tags: [endpoint.tag],
    security: endpoint.access === 'public' ? [] : [{ session: [] }],
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    ...(endpoint.headers ? { headers: endpoint.headers } : {}),
    response: {
      ...endpoint.responses,
      ...Object.fromEntries(errorStatusesOf(endpoint).map((s) => [s, errorResponse(s)])),
    } as Record<number, z.ZodType>,
  };
}
