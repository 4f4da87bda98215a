// What an audit row says, as the modules that write the trail give it.

export type AuditAction =
  | 'read'
  | 'create'
  | 'update'
  | 'cancel'
  | 'mark'
  | 'confirm'
  | 'correct'
  | 'notes'
  | 'reschedule'
  | 'reassign'
  | 'join'
  | 'join_refused'
  | 'unlock'
  | 'revoke'
  /** Staff replaced a patient's visit link (the old one no longer opens anything). */
  | 'link_reset'
  /** One request of another system with an integration token (the FHIR API). */
  | 'api_request'
  /** The waitlist (issue 22): an entry taken off, a freed time offered, answered or lapsed. */
  | 'remove'
  | 'offer'
  | 'accept'
  | 'decline'
  | 'expire';
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
  /** A clinic, added by an admin. */
  | 'clinic';

export interface AuditEntry {
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: string;
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
