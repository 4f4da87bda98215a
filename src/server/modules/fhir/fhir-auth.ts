import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import { clientAddressKey } from '../../security/client-address';
import { isCrossSiteRequest } from '../../security/cross-site';
import { recordReadAudit } from '../audit';
import { authenticate, SESSION_COOKIE } from '../auth';
import { authenticateApiToken } from '../integrations';
import { authenticateSmartToken, isSmartAccessToken } from '../smart';
import { FHIR_PATH } from './bundle';
import { FhirError } from './outcome';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** What the audit row of a token's request keeps of its address: enough to say what was asked. */
const AUDITED_URL_LENGTH = 1000;

const unauthorized = (message: string) => new FhirError(401, 'login', message);

const auditsUnderWay = new WeakMap<FastifyRequest, Promise<void>>();

/**
 * The audit row of this request's token use, once it is in the database: no answer leaves
 * before it, and a failure to write it fails the request.
 */
export function requestAudited(request: FastifyRequest): Promise<void> {
  const written = auditsUnderWay.get(request);
  // Waited for once: the error answer a failed write leads to must not wait for it again.
  auditsUnderWay.delete(request);
  return written ?? Promise.resolve();
}

/**
 * A change, as opposed to a read, told by the route the request matched: GET and HEAD, and a
 * search sent as POST [type]/_search, read; everything else may write. Never by the raw URL,
 * whose query can say anything ("POST /Patient?x=/_search"). A request that matched no route
 * counts as a write: it changes nothing, and a read-only caller hears no more than that.
 */
export function isWrite(
  request: Pick<FastifyRequest, 'method'> & { routeOptions: { url?: string | undefined } },
): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return false;
  const route = request.routeOptions.url;
  return !(request.method === 'POST' && route !== undefined && route.endsWith('/_search'));
}

type SmartPermission = 'c' | 'r' | 'u' | 'd' | 's';

/** The Bulk Data routes ($export kick-offs, status, files): their DELETE cancels, it writes no data. */
export const isBulkRoute = (route: string | undefined) => route?.includes('/$export') === true;
const DOING: Record<SmartPermission, string> = {
  c: 'create',
  r: 'read',
  u: 'update',
  d: 'delete',
  s: 'search',
};

/**
 * What a request does to which resource type, in SMART's terms (ADR 059), told by the route it
 * matched: a search (GET [type], POST [type]/_search) is `s`, a read `r`, a create `c`, an
 * update or patch `u`, a delete `d`. Null for /metadata, which anyone may read.
 */
export function smartInteraction(
  request: Pick<FastifyRequest, 'method'> & { routeOptions: { url?: string | undefined } },
): { type: string; permission: SmartPermission } | null {
  const route = request.routeOptions.url;
  if (route === undefined || !route.startsWith(`${FHIR_PATH}/`)) return null;
  const [type = '', ...rest] = route.slice(FHIR_PATH.length + 1).split('/');
  // A Bulk Data export checks the scopes of each type it is asked for itself (ADR 060).
  if (type === 'metadata' || isBulkRoute(route)) return null;
  switch (request.method) {
    case 'GET':
    case 'HEAD':
      return { type, permission: rest.length === 0 ? 's' : 'r' };
    case 'POST':
      return { type, permission: rest[0] === '_search' ? 's' : 'c' };
    case 'PUT':
    case 'PATCH':
      return { type, permission: 'u' };
    default:
      return { type, permission: 'd' };
  }
}

/** Whether the caller may do this to this resource type: always, unless its SMART scopes say not. */
export function scopesPermit(ctx: RequestContext, type: string, permission: SmartPermission) {
  const smart = ctx.apiToken?.smart;
  return (
    !smart ||
    smart.scopes.some((s) => (s.type === '*' || s.type === type) && s.permissions.has(permission))
  );
}

/**
 * Who calls the FHIR API: another system with an integration token (`Authorization: Bearer`),
 * or a signed-in staff member with the app's session cookie. A token's scopes decide whether it
 * may write; each of its requests is written to the audit log (requestAudited) before it is
 * answered, and its last use recorded. A session's request is audited as the app's are, record by record.
 */
export async function authenticateFhirCaller(
  deps: AppDeps,
  request: FastifyRequest,
): Promise<RequestContext> {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const secret = BEARER.exec(header)?.[1];
    if (!secret) throw unauthorized('Send the integration token as Authorization: Bearer <token>.');
    const smart = isSmartAccessToken(secret);
    const ctx = smart
      ? await authenticateSmartToken(deps, secret, request.ip)
      : await authenticateApiToken(deps, secret, request.ip);
    if (!ctx?.apiToken) {
      throw unauthorized(
        smart
          ? 'This access token has expired or its client has been revoked: ask the token endpoint for a new one.'
          : 'This integration token is not valid or has been revoked.',
      );
    }
    // Written while the request is served, and waited for before it is answered (fhir.routes).
    const written = recordReadAudit(
      deps.db.db,
      { userId: ctx.apiToken.id, ip: ctx.ip },
      [
        {
          action: 'api_request',
          entityType: smart ? 'smart_client' : 'api_token',
          entityId: ctx.apiToken.id,
          patientId: null,
          details: { method: request.method, url: request.url.slice(0, AUDITED_URL_LENGTH) },
        },
      ],
      deps.now(),
    );
    auditsUnderWay.set(request, written);
    const interaction = smartInteraction(request);
    if (interaction && !scopesPermit(ctx, interaction.type, interaction.permission)) {
      throw new FhirError(
        403,
        'forbidden',
        `This access token's scopes (${(ctx.apiToken.smart?.scopes ?? []).map(scopeWords).join(' ')}) do not allow it to ${DOING[interaction.permission]} ${interaction.type} resources.`,
      );
    }
    if (
      isWrite(request) &&
      !isBulkRoute(request.routeOptions.url) &&
      !ctx.apiToken.scopes.includes('write')
    ) {
      throw new FhirError(
        403,
        'forbidden',
        'This integration token may only read. An admin can create one that may also write.',
      );
    }
    return ctx;
  }
  const cookie = request.cookies[SESSION_COOKIE];
  const user = cookie ? await authenticate(deps, cookie) : null;
  if (!user) {
    throw unauthorized('Send an integration token as Authorization: Bearer <token>, or sign in.');
  }
  // The cookie goes with any request the browser makes, so a change must come from our own pages.
  if (isWrite(request) && isCrossSiteRequest(request)) {
    throw new FhirError(403, 'forbidden', 'Requests from other sites are not allowed.');
  }
  return { user, ip: request.ip };
}

const scopeWords = (s: { type: string; permissions: ReadonlySet<string> }) =>
  `system/${s.type}.${['c', 'r', 'u', 'd', 's'].filter((p) => s.permissions.has(p)).join('')}`;

/** The SHA-256 of the request's bearer token, if it sends one. */
function bearerHash(request: FastifyRequest): string | undefined {
  const secret = BEARER.exec(request.headers.authorization ?? '')?.[1];
  return secret ? createHash('sha256').update(secret).digest('hex') : undefined;
}

/** How many valid tokens an instance remembers; the least recently seen is forgotten first. */
const KNOWN_TOKENS = 10_000;

/**
 * Whose allowance a request spends (FHIR_RATE_LIMIT_PER_MINUTE, ADR 032). A token this instance
 * has seen valid spends its own, known by the secret's hash without a database read; any other
 * request spends its address's (by its /64): a cookie's, and a token not (yet) known valid, so
 * random tokens sent from one address share one allowance instead of each having a fresh one.
 * A valid token's first request on an instance counts against its address once.
 */
export function fhirRateLimitKeys() {
  const valid = new Map<string, true>();
  const tokenKey = (hash: string) => `fhir-token:${hash}`;
  return {
    key(request: FastifyRequest): string {
      const hash = bearerHash(request);
      return hash !== undefined && valid.has(hash)
        ? tokenKey(hash)
        : `fhir-ip:${clientAddressKey(request.ip)}`;
    },
    /** The token's own key, whether known or not: for charging a first request to it. */
    tokenKey(request: FastifyRequest): string {
      return tokenKey(bearerHash(request) ?? '');
    },
    /**
     * Called once the request's token has been found valid. True when this instance did not know
     * it: the request was counted against its address, and must be charged to the token too.
     */
    remember(request: FastifyRequest): boolean {
      const hash = bearerHash(request);
      if (hash === undefined) return false;
      const known = valid.delete(hash);
      valid.set(hash, true);
      if (valid.size > KNOWN_TOKENS) valid.delete(valid.keys().next().value!);
      return !known;
    },
  };
}
