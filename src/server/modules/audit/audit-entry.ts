// What an audit row says, as the modules that write the trail give it.
import type { AuditAction } from '@contracts/admin';

/** The actions, declared once in the contract the audit page filters by. */
export type { AuditAction };

/**
 * `user`: a staff account, for an admin's change to how someone signs in. `api_token`: an
 * integration token, created, revoked or used. `webhook_endpoint` and `calendar_feed`: where
 * appointment data leaves the app, set up, changed or turned off.
 */
export type AuditEntityType =
  | 'patient'
  | 'appointment'
  | 'user'
  | 'api_token'
  | 'webhook_endpoint'
  | 'calendar_feed'
  | 'waitlist_entry'
  /** A CSV file of patients applied (ADR 043): one row with its counts. */
  | 'patient_import'
  /** A clinic, added by an admin. */
  | 'clinic'
  /** A clinic's service (issue 42): added, changed, archived or restored by an admin. */
  | 'service'
  /** A clinic's room or equipment (issue 42): added, changed, archived, restored, time off. */
  | 'resource'
  /** An outbox message read in full (its links carry tokens): no uuid, details.messageId. */
  | 'notification'
  /** A staff member's sign-in session (issue 43): signed in, out, or ended by an admin. */
  | 'session'
  /** An admin's invitation to a new staff member. */
  | 'invitation'
  /** An OpenID Provider staff sign in through. */
  | 'identity_provider'
  /** A staff member's outside calendar (issue 46): its owner in details, never its secrets. */
  | 'outside_calendar'
  /** A system connecting with SMART Backend Services (ADR 059): registered, revoked, its tokens and requests. */
  | 'smart_client';

export interface AuditEntry {
  action: AuditAction;
  entityType: AuditEntityType;
  /** Null for a record without a uuid of its own; its details then name it. */
  entityId: string | null;
  /** The patient the record belongs to, so an admin can ask "who saw this patient". */
  patientId: string | null;
  details?: Record<string, unknown>;
}

export interface AuditActor {
  userId: string | null;
  ip: string;
}

/** One read call: its actor and time, and an entry per record shown. */
export interface ReadGroup {
  actor: AuditActor;
  at: Date;
  entries: readonly AuditEntry[];
}
