import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteOptions,
} from 'fastify';
import type { z } from 'zod';
import {
  ERROR_STATUSES,
  errorStatusesOf,
  type Endpoint,
  type EndpointParsed,
  type EndpointResponse,
} from '@contracts/endpoint';
import { errorBody } from '@contracts/errors';

/** The request a handler receives: parsed as its endpoint says. */
export type EndpointRequest<E extends Endpoint> = Omit<
  FastifyRequest,
  'params' | 'query' | 'body'
> &
  Omit<EndpointParsed<E>, 'headers'> & {
    headers: FastifyRequest['headers'] & EndpointParsed<E>['headers'];
  };

export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointResponse<E> | FastifyReply>;

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
    method: endpoint.method,
    url: endpoint.path,
    schema: endpointSchema(endpoint),
    config: { ...extras, access: endpoint.access, endpoint },
    handler: handler as unknown as RouteOptions['handler'],
  });
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
