import type { ClinicSummary, SessionUser } from '@contracts/auth';
import type { Endpoint } from '@contracts/endpoint';
import type { Role } from '@domain/roles';

export type SessionStage = 'full' | 'second_factor' | 'enrol';

/** The signed-in user of a request, with the clinics that scope everything they may see. */
export interface AuthUser extends SessionUser {
  role: Role;
  sessionId: string;
  /**
   * 'full' for a signed-in user; a session part-way through signing in (ADR 046) reaches only
   * the endpoints whose contract says `signingIn`, and with its stage: 'second_factor' (give it)
   * or 'enrol' (set one up first).
   */
  stage: SessionStage;
  /** How the session began. */
  signInMethod: 'password' | 'passkey' | 'sso';
  /** When a second factor was last given in this session (a step-up is fresh for a while). */
  secondFactorAt: Date | null;
  clinicIds: ReadonlySet<string>;
  /**
   * Each of the user's clinics' data version, read with the session: it moves on, at the commit,
   * with every change to what a list of the clinic shows (ADR 004, ADR 008).
   */
  dataVersions: ReadonlyMap<string, number>;
  /**
   * The roles each of the user's clinics lets change patient records (admins always may), read
   * with a staff session so that the patients page need not ask for them with every search.
   * Absent for integration tokens and patients, whose own rules decide.
   */
  patientEditorRoles?: ReadonlyMap<string, readonly string[]>;
}

/**
 * Who is calling and from where: read once per request, with the session, before the body is
 * parsed (the auth plugin), and handed to services whole or as the part they need. "Now" is not
 * in it: rules read the clock when they decide (AppDeps.now), not when the request arrived.
 */
export interface RequestContext {
  user: AuthUser;
  /** The client's address as the trusted proxies report it (TRUST_PROXY): for audit and limits. */
  ip: string;
  /**
   * Set when another system calls with an integration token (modules/integrations) instead of a
   * staff member's session. `user` then stands for the token: its id is the token's, its name
   * the token's name, its clinics the token's, and its role `staff`, which no rule favours.
   */
  apiToken?: ApiTokenCaller;
  /**
   * Set when the patient acts through their visit link (the session page): `user` then stands
   * for "Patient", scoped to the link's clinic, with no user id. The history names them
   * "Patient"; the audit log has no user, the address, and `by: patient`.
   */
  patient?: { appointmentId: string };
}

export const API_TOKEN_SCOPES = ['read', 'write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

export interface ApiTokenCaller {
  id: string;
  name: string;
  scopes: readonly ApiTokenScope[];
  /** Whether it may read patients' visit links, whose token moves and cancels a visit (ADR 030). */
  visitLinks: boolean;
  /**
   * Set for a SMART Backend Services access token (ADR 059): its client's name and the SMART
   * scopes it was granted, which decide, resource type by resource type, what it may read,
   * search, create, update or delete (`scopes` above then says only whether it may write at all).
   */
  smart?: { scopes: ReadonlyArray<{ type: string; permissions: ReadonlySet<string> }> };
}

/**
 * The staff user a change is recorded against in columns that name a user (the history's
 * by_user_id, an appointment's created_by): none for an integration token, which the history
 * names by its name (by_name) and the audit log by its id.
 */
export function staffUserIdOf(ctx: RequestContext): string | null {
  return ctx.apiToken || ctx.patient ? null : ctx.user.id;
}

/** The user id an audit row names: the staff member or the integration token; none for a patient. */
export function auditUserIdOf(ctx: RequestContext): string | null {
  return ctx.patient ? null : ctx.user.id;
}

/** The name history entries are written by when the patient acts through their link. */
export const PATIENT_ACTOR = 'Patient';

/**
 * The context of a patient's own change through their link: the same use cases as staff's
 * (same booking rules, same constraint, same history and notifications), as "Patient".
 */
export function patientContext(
  link: { appointmentId: string; clinic: ClinicSummary },
  ip: string,
): RequestContext {
  return {
    ip,
    patient: { appointmentId: link.appointmentId },
    user: {
      // Never a users row: nothing written for a patient names a user id (staffUserIdOf).
      id: '00000000-0000-0000-0000-000000000000',
      email: '',
      name: PATIENT_ACTOR,
      role: 'staff',
      timezone: null,
      theme: 'system',
      clinics: [link.clinic],
      sessionId: '',
      stage: 'full',
      signInMethod: 'password',
      secondFactorAt: null,
      clinicIds: new Set([link.clinic.id]),
      dataVersions: new Map(),
    },
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller; null only on public routes, when nobody is signed in. */
    context: RequestContext | null;
  }
}

/**
 * The context a handler of this endpoint receives: always there unless anyone may call the
 * endpoint, since the auth plugin answers 401 before such a handler runs.
 */
export type ContextOf<E extends Endpoint> = 'public' extends E['access']
  ? RequestContext | null
  : RequestContext;
