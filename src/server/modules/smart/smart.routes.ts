import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  createSmartClientEndpoint,
  listSmartClientsEndpoint,
  revokeSmartClientEndpoint,
} from '@contracts/integrations';
import type { AppDeps } from '../../app-deps';
import { route } from '../../core/route';
import { reportError } from '../../instrument';
import { requireFreshSecondFactor } from '../auth';
import { FHIR_PATH, FHIR_RESOURCE_TYPES } from '../fhir';
import * as clients from './smart-clients.service';
import {
  issueAccessToken,
  OAuthError,
  SIGNING_ALGORITHMS,
  TOKEN_PATH,
  tokenUrlOf,
} from './token.service';

/**
 * What /.well-known/smart-configuration says (SMART App Launch 2.x §Conformance): Backend
 * Services only, with client_credentials and private_key_jwt, v1 and v2 scope syntax.
 */
export function smartConfiguration(publicUrl: string) {
  const types = FHIR_RESOURCE_TYPES();
  return {
    token_endpoint: tokenUrlOf(publicUrl),
    token_endpoint_auth_methods_supported: ['private_key_jwt'],
    token_endpoint_auth_signing_alg_values_supported: SIGNING_ALGORITHMS,
    grant_types_supported: ['client_credentials'],
    scopes_supported: [
      'system/*.cruds',
      'system/*.rs',
      'system/*.read',
      'system/*.write',
      ...types.flatMap((type) => [`system/${type}.rs`, `system/${type}.cruds`]),
    ],
    capabilities: ['client-confidential-asymmetric', 'permission-v1', 'permission-v2'],
    code_challenge_methods_supported: ['S256'],
  };
}

function sendOAuthError(reply: FastifyReply, err: OAuthError) {
  if (err.status === 401) void reply.header('www-authenticate', 'Bearer realm="Carebook FHIR"');
  // RFC 6749's fields, and the app's own `message` (spec §8) with the same sentence.
  return reply
    .status(err.status)
    .header('cache-control', 'no-store')
    .send({ error: err.error, error_description: err.description, message: err.description });
}

/**
 * SMART Backend Services (ADR 059): the admins' API for clients, the discovery document (at the
 * server's root and at the FHIR base, where the SMART spec looks for it) and the token endpoint.
 */
export function smartRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    route(app, createSmartClientEndpoint, async (request, reply) => {
      await requireFreshSecondFactor(deps, request.context);
      return reply
        .status(201)
        .send(await clients.createSmartClient(deps, request.context, request.body));
    });
    route(app, listSmartClientsEndpoint, async (request) =>
      clients.listSmartClients(deps, request.context),
    );
    route(app, revokeSmartClientEndpoint, async (request) =>
      clients.revokeSmartClient(deps, request.context, request.params.id),
    );

    const discovery = smartConfiguration(deps.config.PUBLIC_URL);
    for (const url of [
      '/.well-known/smart-configuration',
      `${FHIR_PATH}/.well-known/smart-configuration`,
    ]) {
      app.get(url, { schema: { hide: true } }, async (_request, reply) =>
        reply
          .header('cache-control', 'public, max-age=3600')
          .type('application/json')
          .send(discovery),
      );
    }

    await app.register(async (token) => {
      token.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_request, body, done) => {
          const form: Record<string, string[]> = {};
          for (const [name, value] of new URLSearchParams(body as string)) {
            (form[name] ??= []).push(value);
          }
          done(null, form);
        },
      );
      token.setErrorHandler((err, request, reply) => {
        if (err instanceof OAuthError) return sendOAuthError(reply, err);
        const status = (err as { statusCode?: number }).statusCode ?? 500;
        if (status === 429) {
          const retryAfter = reply.getHeader('retry-after');
          return reply.status(429).send({
            error: 'rate_limited',
            error_description: `Too many token requests from this address. Please wait ${retryAfter ?? 60} seconds and try again.`,
            message: `Too many token requests from this address. Please wait ${retryAfter ?? 60} seconds and try again.`,
          });
        }
        if (status === 415) {
          return sendOAuthError(
            reply,
            new OAuthError(
              400,
              'invalid_request',
              'Send the request as application/x-www-form-urlencoded.',
            ),
          );
        }
        if (status >= 400 && status < 500) {
          return sendOAuthError(
            reply,
            new OAuthError(
              400,
              'invalid_request',
              err instanceof Error ? err.message : 'The request is not valid.',
            ),
          );
        }
        request.log.error({ err }, 'token request failed');
        reportError(err);
        return reply.status(500).send({
          error: 'server_error',
          error_description: 'The token could not be issued. Please try again.',
          message: 'The token could not be issued. Please try again.',
        });
      });
      token.post(
        TOKEN_PATH,
        {
          schema: { hide: true },
          config: {
            rateLimit: {
              max: deps.config.SMART_TOKEN_RATE_LIMIT_PER_MINUTE,
              timeWindow: 60_000,
            },
          },
        },
        async (request, reply) => {
          const form = request.body;
          if (typeof form !== 'object' || form === null) {
            throw new OAuthError(
              400,
              'invalid_request',
              'Send the request as application/x-www-form-urlencoded.',
            );
          }
          const issued = await issueAccessToken(deps, form as Record<string, unknown>, request.ip);
          return reply
            .header('cache-control', 'no-store')
            .header('pragma', 'no-cache')
            .send(issued);
        },
      );
    });
  };
}
