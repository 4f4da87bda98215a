import type { Resource } from '@medplum/fhirtypes';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { reportError } from '../../instrument';
import { idempotencyHeaders } from '@contracts/common';
import type { AppDeps } from '../../app-deps';
import { tooManyRequests } from '../../errors';
import type { RequestContext } from '../../core/request-context';
import { FHIR_PATH, fhirBase, searchset } from './bundle';
import {
  includesOf,
  isFhirResourceType,
  RESOURCES,
  searchParamNames,
  type FhirResourceType,
} from './fhir-resources';
import { capabilityStatement } from './capability';
import { patchFhirAppointment, updateFhirAppointment } from './fhir-appointment-changes';
import { readFhirAppointment, toResource } from './fhir-appointments';
import { createFhirAppointment } from './fhir-appointment-create';
import {
  authenticateFhirCaller,
  fhirRateLimitKeys,
  isBulkRoute,
  requestAudited,
  scopesPermit,
} from './fhir-auth';
import * as directory from './fhir-directory';
import { FHIR_ID } from './fhir-ids';
import { createFhirPatient, patientsByIds, updateFhirPatient } from './fhir-patients';
import { FhirError, resourceNotFound, toOutcome } from './outcome';
import { appointmentsOfPatients, included, readIfFound, type ManyReader } from './fhir-includes';
import { checkFormat, prefersStrict, SearchRequest } from './search-request';
import { READ, SEARCH } from './fhir-handlers';
import * as bulk from './bulk-export';

export const FHIR_JSON = 'application/fhir+json; charset=utf-8';

/** The caller the auth hook found; only /metadata is answered without one. */
function callerOf(request: FastifyRequest): RequestContext {
  if (!request.context) throw new FhirError(401, 'login', 'Sign in or send an integration token.');
  return request.context;
}

function idOf(request: FastifyRequest, type: string): string {
  const { id } = request.params as { id: string };
  if (!FHIR_ID.test(id)) throw resourceNotFound(type, id);
  return id;
}

/** A resource with its version as an ETag, when it has one. */
function sendResource(reply: FastifyReply, status: number, resource: Resource) {
  void reply.status(status).type(FHIR_JSON);
  if (resource.meta?.versionId) void reply.header('etag', `W/"${resource.meta.versionId}"`);
  if (resource.meta?.lastUpdated) {
    void reply.header('last-modified', new Date(resource.meta.lastUpdated).toUTCString());
  }
  return reply.send(resource);
}

/** Form fields of POST [type]/_search, by name, repeated names kept. */
function parseForm(body: string): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const [name, value] of new URLSearchParams(body)) (fields[name] ??= []).push(value);
  return fields;
}

function registerFhir(app: FastifyInstance, deps: AppDeps) {
  const base = fhirBase(deps.config.PUBLIC_URL);
  const publishedAt = deps.now();
  const json = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser(
    ['application/fhir+json', 'application/json-patch+json'],
    { parseAs: 'string' },
    json,
  );
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, parseForm(body as string)),
  );

  app.setErrorHandler((err, request, reply) => {
    const { status, body } = toOutcome(err, request);
    if (status >= 500 && status !== 503) {
      request.log.error({ err }, 'request failed');
      reportError(err);
    }
    if (status === 503) void reply.header('retry-after', '5');
    const retryAfter = (err as { retryAfterSeconds?: number }).retryAfterSeconds;
    if (retryAfter !== undefined) void reply.header('retry-after', String(retryAfter));
    if (status === 401) void reply.header('www-authenticate', 'Bearer realm="Carebook FHIR"');
    void reply.status(status).type(FHIR_JSON).send(body);
  });

  app.setNotFoundHandler(async (request) => {
    const path = (request.url.split('?')[0] ?? '').slice(FHIR_PATH.length + 1);
    const [type = '', ...rest] = path.split('/');
    const known =
      (type === 'metadata' && rest.length === 0) ||
      (isFhirResourceType(type) &&
        (rest.length <= 1 || (rest.length === 3 && rest[1] === '_history')));
    if (known) {
      throw new FhirError(
        405,
        'not-supported',
        `${request.method} is not supported here; /metadata lists what each resource supports.`,
      );
    }
    throw new FhirError(
      404,
      'not-supported',
      `This server has no ${type || 'such'} resources; /metadata lists those it has.`,
    );
  });

  // Answers carry patient data: no cache, shared or the client's own, may keep them.
  // JSON only, however another format is asked for (Accept or _format): 406, never JSON anyway.
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    // A Bulk Data file is NDJSON, asked for as such (ADR 060).
    if (
      isBulkRoute(request.routeOptions.url) &&
      request.routeOptions.url?.includes('$export-file')
    ) {
      return;
    }
    const format = (request.query as Record<string, unknown> | undefined)?._format;
    checkFormat(
      typeof format === 'string' ? format : Array.isArray(format) ? String(format[0]) : undefined,
      request.headers.accept,
    );
  });

  // Rate limits run first (onRequest), then the caller is found, before the body is read.
  const rateLimitKeys = fhirRateLimitKeys();
  const fhirLimit = {
    max: deps.config.FHIR_RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    // One allowance per token or address for the whole API, not one per resource and route.
    groupId: 'fhir',
  };
  const chargeToken = app.createRateLimit({ ...fhirLimit, keyGenerator: rateLimitKeys.tokenKey });
  app.addHook('preParsing', async (request, _reply, payload) => {
    // An address no route serves is answered 404 or 405 without looking at who asks: no token
    // is looked up and no audit row written for it, so it costs no allowance (it has none; the
    // rate limit belongs to routes) and cannot be used to guess tokens or fill the audit log.
    if (request.is404) return payload;
    if (request.routeOptions.url !== `${FHIR_PATH}/metadata`) {
      request.context = await authenticateFhirCaller(deps, request);
      if (request.context.apiToken && rateLimitKeys.remember(request)) {
        // This token's first request here spent its address's allowance; it spends its own too.
        const charged = await chargeToken(request);
        if (!charged.isAllowed && charged.isExceeded) {
          throw tooManyRequests(
            `Too many requests with this token. Please wait ${charged.ttlInSeconds} seconds and try again.`,
            charged.ttlInSeconds,
          );
        }
      }
    }
    return payload;
  });

  // The token's audit row was started when the caller was found; it is in before the answer.
  app.addHook('onSend', async (request, _reply, payload) => {
    await requestAudited(request);
    return payload;
  });

  const config = { rateLimit: { ...fhirLimit, keyGenerator: rateLimitKeys.key } };
  const route = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  ) =>
    // Documented by its CapabilityStatement, not in the JSON API's OpenAPI document.
    app.route({ method, url, schema: { hide: true }, config, handler });

  route('GET', '/metadata', async (_request, reply) =>
    sendResource(
      reply,
      200,
      capabilityStatement({ base, version: deps.version, date: publishedAt }),
    ),
  );

  for (const type of Object.keys(RESOURCES) as FhirResourceType[]) {
    const search = async (request: FastifyRequest, reply: FastifyReply, query: object) => {
      const ctx = callerOf(request);
      const params = new SearchRequest(
        query as Record<string, string | string[]>,
        searchParamNames(type),
        prefersStrict(request.headers.prefer),
        deps.now(),
      );
      const offered = includesOf(type);
      const includes = params.includes('_include', offered.includes);
      const revincludes = params.includes('_revinclude', offered.revincludes);
      const page = await SEARCH[type](deps, ctx, params);
      const read: ManyReader = async (target, ids) => {
        if (target === 'Patient') return patientsByIds(deps, ctx, ids);
        if (target === 'Practitioner') return directory.practitionersByIds(deps, ctx, ids);
        if (!isFhirResourceType(target)) return [];
        const found = await Promise.all(
          ids.map((id) => readIfFound(() => READ[target](deps, ctx, id))),
        );
        return found.filter((r): r is Resource => r !== undefined);
      };
      const extra = [
        ...(includes.length > 0 ? await included(page.items, includes, read) : []),
        ...(revincludes.length > 0
          ? await appointmentsOfPatients(
              deps,
              ctx,
              page.items.map((p) => p.id!),
            )
          : []),
        // A SMART token sees an included resource only if its scopes let it read that type.
      ].filter((r) => scopesPermit(ctx, r.resourceType, 'r'));
      return sendResource(reply, 200, searchset(base, type, params, page, { included: extra }));
    };
    route('GET', `/${type}`, (request, reply) => search(request, reply, request.query as object));
    route('POST', `/${type}/_search`, (request, reply) =>
      search(request, reply, { ...(request.query as object), ...(request.body as object) }),
    );
    route('GET', `/${type}/:id`, async (request, reply) =>
      sendResource(reply, 200, await READ[type](deps, callerOf(request), idOf(request, type))),
    );
  }

  // FHIR Bulk Data Access 2.0 (ADR 060): kick-off, status (202 with X-Progress, then the
  // manifest), cancel or clean up, and the NDJSON files, all for the client that asked.
  const kickOff =
    (level: bulk.ExportLevel) => async (request: FastifyRequest, reply: FastifyReply) => {
      const ctx = callerOf(request);
      const id = await bulk.kickOff(deps, ctx, {
        level,
        ...(level === 'group' ? { groupId: (request.params as { id: string }).id } : {}),
        query: request.query as Record<string, unknown>,
        prefer: [request.headers.prefer ?? []].flat().join(','),
        url: `${deps.config.PUBLIC_URL.replace(/\/+$/, '')}${request.url}`,
      });
      return reply.status(202).header('content-location', `${base}/$export-status/${id}`).send();
    };
  route('GET', '/$export', kickOff('system'));
  route('GET', '/Group/:id/$export', kickOff('group'));
  route('GET', '/Patient/$export', kickOff('patient'));
  route('GET', '/$export-status/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const status = await bulk.exportStatus(deps, callerOf(request), id, base);
    if (status.state === 'running') {
      return reply
        .status(202)
        .header('x-progress', status.progress)
        .header('retry-after', '2')
        .send();
    }
    return reply.status(200).type('application/json').send(status.manifest);
  });
  app.route({
    method: 'DELETE',
    url: '/$export-status/:id',
    schema: { hide: true },
    config,
    handler: async (request, reply) => {
      await bulk.deleteExport(deps, callerOf(request), (request.params as { id: string }).id);
      return reply.status(202).send();
    },
  });
  route('GET', '/$export-file/:id/:seq', async (request, reply) => {
    const { id, seq } = request.params as { id: string; seq: string };
    const body = await bulk.exportFile(deps, callerOf(request), id, seq);
    return reply.status(200).type('application/fhir+ndjson').send(body);
  });

  route('GET', '/Appointment/:id/_history/:vid', async (request, reply) => {
    const ctx = callerOf(request);
    const id = idOf(request, 'Appointment');
    const resource = await toResource(deps, ctx, await readFhirAppointment(deps, ctx, id));
    const { vid } = request.params as { vid: string };
    if (resource.meta?.versionId !== vid) {
      throw new FhirError(
        404,
        'not-found',
        `Appointment/${id} is at version ${resource.meta?.versionId}: earlier versions are not kept.`,
      );
    }
    return sendResource(reply, 200, resource);
  });

  route('POST', '/Appointment', async (request, reply) => {
    const key = idempotencyHeaders.safeParse({
      'idempotency-key': request.headers['idempotency-key'],
    });
    if (!key.success)
      throw new FhirError(
        400,
        'invalid',
        'Idempotency-Key must be printable ASCII without spaces.',
      );
    const created = await createFhirAppointment(
      deps,
      callerOf(request),
      request.body,
      key.data['idempotency-key'],
    );
    const { id, meta } = created.resource;
    void reply.header('location', `${base}/Appointment/${id}/_history/${meta?.versionId}`);
    if (created.replayed) void reply.header('idempotent-replayed', 'true');
    return sendResource(reply, created.replayed ? 200 : 201, created.resource);
  });

  route('PUT', '/Appointment/:id', async (request, reply) => {
    const ctx = callerOf(request);
    const resource = await updateFhirAppointment(
      deps,
      ctx,
      idOf(request, 'Appointment'),
      request.body,
      request.headers['if-match'],
    );
    return sendResource(reply, 200, resource);
  });

  route('PATCH', '/Appointment/:id', async (request, reply) => {
    if (!request.headers['content-type']?.startsWith('application/json-patch+json')) {
      throw new FhirError(
        415,
        'not-supported',
        'PATCH takes a JSON Patch (Content-Type: application/json-patch+json).',
      );
    }
    const resource = await patchFhirAppointment(
      deps,
      callerOf(request),
      idOf(request, 'Appointment'),
      request.body,
      request.headers['if-match'],
    );
    return sendResource(reply, 200, resource);
  });

  route('POST', '/Patient', async (request, reply) => {
    const patient = await createFhirPatient(deps, callerOf(request), request.body);
    void reply.header('location', `${base}/Patient/${patient.id}`);
    return sendResource(reply, 201, patient);
  });

  route('PUT', '/Patient/:id', async (request, reply) => {
    const resource = await updateFhirPatient(
      deps,
      callerOf(request),
      idOf(request, 'Patient'),
      request.body,
      request.headers['if-match'],
    );
    return sendResource(reply, 200, resource);
  });
}

/** The FHIR R4 API at /fhir/R4 (ADR 015): its own content type, errors and authentication. */
export function fhirRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    await app.register(async (fhir) => registerFhir(fhir, deps), { prefix: FHIR_PATH });
  };
}
