import type { z } from 'zod';
import type { Role } from '@domain/roles';

/**
 * Who may call an endpoint: anyone ('public'), any signed-in staff member ('authenticated'), or
 * the listed roles. The server refuses everyone else before the request is even parsed.
 */
export type AccessRule = 'public' | 'authenticated' | { readonly roles: readonly Role[] };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The groups the API reference shows its operations in. */
export const API_TAGS = {
  System: 'Health and what the web app needs at start-up.',
  Auth: 'Signing in and out, the signed-in user and their password and preferences.',
  Appointments: 'Booking, listing, counting, rescheduling, reassigning, cancelling and marking.',
  Clinics: 'Clinics, their bookable staff, patients and free time slots.',
  Patients: 'Patient records: finding, reading and correcting them, with their visits and notes.',
  Availability: 'Weekly hours and time off of providers and nurses.',
  Dashboard: 'The day at a glance.',
  Reports:
    'A clinic’s numbers over weeks and months: no-shows, cancellations, lead time, utilisation.',
  Waitlist: 'Patients waiting for a time, and the offers of freed time they answer by their link.',
  'Online booking':
    'The public booking page: a clinic’s online providers and free times, held times and their confirmation by e-mail.',
  'Text messages':
    'Texts to patients (ADR 050): the gateways’ inbound replies and delivery reports, and a patient’s texts and consent.',
  Sessions: 'The online visit: the patient page by token, joining, and video-call signalling.',
  Admin:
    'Staff administration, the audit log, the notification outbox and integration tokens for the FHIR API (admins).',
} as const;
export type ApiTag = keyof typeof API_TAGS;

/** What each error status means here; every error body is `{error, message, details?}`. */
export const ERROR_STATUSES = {
  400: 'The request is not valid; `details` says which part and why.',
  401: 'Not signed in, or the session has ended.',
  403: 'Signed in but not allowed to do this, or a change sent from another site.',
  404: 'No such record among the caller’s clinics.',
  408: 'The request did not arrive in time.',
  409: 'The record’s state or another booking does not allow this.',
  410: 'The link has expired; nothing more is said about what it led to.',
  413: 'The body is too large.',
  415: 'The body is not JSON.',
  422: 'A rule of the clinic does not allow this.',
  426: 'This address takes WebSocket connections only.',
  429: 'Too many requests; `Retry-After` says when to try again.',
  500: 'Something failed on the server; `digest` identifies it in the logs.',
  503: 'The database is unavailable; try again shortly.',
} as const;
export type ErrorStatus = keyof typeof ERROR_STATUSES;

/**
 * Where an endpoint lives and its name: the part of its contract the web app needs to call it.
 * Kept apart from the schemas (src/contracts/routes) so calling brings no zod into the first load.
 */
export interface Route {
  readonly method: HttpMethod;
  /** Fastify's form: `/api/appointments/:id`. */
  readonly path: string;
  readonly operationId: string;
}

export function defineRoute<const R extends Route>(route: R): R {
  return route;
}

/**
 * One endpoint, whole: where it lives, who may call it, what it takes and what it answers,
 * including the errors it can give. The server registers its route from this object and the web
 * app calls it through its route (spread in here), so neither side can drift from the other.
 */
export interface Endpoint extends Route {
  readonly summary: string;
  readonly description?: string;
  readonly tag: ApiTag;
  readonly access: AccessRule;
  /**
   * Whether a session part-way through signing in (password given, second factor not yet: ADR
   * 046) reaches it as its user. Everywhere else such a session is no session at all.
   */
  readonly signingIn?: true;
  /**
   * Where its reads may be answered from (ADR 063). 'replica': its plain SELECTs may go to a
   * streaming replica that has replayed the caller's last write, so what it shows may lag other
   * people's changes by the replica's delay. Absent or 'primary' (the safe default): every
   * query goes to the primary. Slots, the patient's page and every change stay on the primary.
   */
  readonly reads?: 'replica' | 'primary';
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly headers?: z.ZodType;
  /** The answers that are not errors, by status. */
  readonly responses: { readonly [status: number]: z.ZodType };
  /**
   * The errors this endpoint can answer besides those every endpoint may: 400 when it takes any
   * input, 401 unless it is public, 403 unless it is a public read, 413 and 415 when it takes a
   * body, 408, 500 and 503.
   */
  readonly errors?: readonly ErrorStatus[];
}

export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

/** Every error status an endpoint can answer, the common ones included, in order. */
export function errorStatusesOf(endpoint: Endpoint): ErrorStatus[] {
  const takesInput = Boolean(
    endpoint.params || endpoint.query || endpoint.body || endpoint.headers,
  );
  // A change sent from another site is refused with 403 even where anyone may make it.
  const mutates = endpoint.method !== 'GET';
  const statuses = new Set<ErrorStatus>([
    ...(takesInput ? ([400] as const) : []),
    ...(endpoint.access === 'public' ? [] : ([401] as const)),
    ...(endpoint.access === 'public' && !mutates ? [] : ([403] as const)),
    ...(endpoint.body ? ([413, 415] as const) : []),
    408,
    500,
    503,
    ...(endpoint.errors ?? []),
  ]);
  return [...statuses].filter((status) => !(status in endpoint.responses)).sort((a, b) => a - b);
}

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;
type Input<S> = S extends z.ZodType ? z.input<S> : undefined;
type Success<E extends Endpoint> = E['responses'][keyof E['responses']];

/** What the endpoint answers on success, as the server writes it. */
export type EndpointResponse<E extends Endpoint> = z.output<Success<E>>;
/** What a caller sends: params, query, body and headers as the caller writes them. */
export interface EndpointInput<E extends Endpoint> {
  params: Input<E['params']>;
  query: Input<E['query']>;
  body: Input<E['body']>;
  headers: Input<E['headers']>;
}
/** What the server's handler receives, parsed. */
export interface EndpointParsed<E extends Endpoint> {
  params: Output<E['params']>;
  query: Output<E['query']>;
  body: Output<E['body']>;
  headers: Output<E['headers']>;
}
