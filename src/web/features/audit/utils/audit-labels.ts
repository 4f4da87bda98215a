import { AUDIT_ACTIONS, type AuditAction } from '@contracts/admin';

/** Every action the server writes, in words: a new action without its words fails to compile. */
const ACTION_LABELS: Record<AuditAction, string> = {
  read: 'Viewed',
  create: 'Created',
  update: 'Updated',
  cancel: 'Cancelled',
  mark: 'Marked',
  confirm: 'Confirmed',
  correct: 'Corrected status',
  notes: 'Edited notes',
  reschedule: 'Rescheduled',
  reassign: 'Reassigned',
  join: 'Joined',
  unlock: 'Unlocked sign-in',
  join_refused: 'Refused entry',
  revoke: 'Revoked',
  api_request: 'Called the FHIR API',
  link_reset: 'Reset the visit link',
  remove: 'Took off the waitlist',
  offer: 'Offered a freed time',
  accept: 'Accepted an offer',
  decline: 'Declined an offer',
  expire: 'Offer expired',
  export: 'Exported',
  erase: 'Erased personal data',
  merge: 'Merged records',
  dismiss: 'Marked not a duplicate',
  archive: 'Archived',
  restore: 'Restored',
  sign_in: 'Signed in',
  sign_out: 'Signed out',
  end_session: 'Ended a session',
  factor_add: 'Added a second factor',
  factor_remove: 'Removed a second factor',
  factor_verify: 'Gave a second factor',
  factor_refused: 'Second factor refused',
  reset_request: 'Asked for a password reset',
  password_reset: 'Reset their password',
  invite: 'Invited',
  invite_accept: 'Accepted an invitation',
  sso_link: 'Linked single sign-on',
  connect: 'Connected',
  disconnect: 'Disconnected',
  sync: 'Synced on demand',
  push_conflict: 'Put back a pushed event changed elsewhere',
};

/** Past-tense wording for an audit action; an action this page does not know reads as itself. */
export function auditActionLabel(action: string): string {
  return Object.hasOwn(ACTION_LABELS, action)
    ? ACTION_LABELS[action as AuditAction]
    : action.charAt(0).toUpperCase() + action.slice(1);
}

/** The action filter's choices, in the order they are declared. */
export const AUDIT_ACTION_OPTIONS = AUDIT_ACTIONS.map((value) => ({
  value,
  label: ACTION_LABELS[value],
}));

const ENTITY_LABELS: Record<string, string> = {
  api_token: 'Integration token',
  webhook_endpoint: 'Webhook endpoint',
  calendar_feed: 'Calendar feed',
  waitlist_entry: 'Waitlist entry',
  notification: 'Notification',
  patient_import: 'Patient import',
  session: 'Session',
  invitation: 'Invitation',
  identity_provider: 'Identity provider',
  outside_calendar: 'Outside calendar',
};

export function entityTypeLabel(entityType: string): string {
  return ENTITY_LABELS[entityType] ?? entityType.charAt(0).toUpperCase() + entityType.slice(1);
}

/** "appointments", "waitlist entries": what a read of several records showed. */
export function entityTypePlural(entityType: string): string {
  const label = entityTypeLabel(entityType).toLowerCase();
  return label.endsWith('y') ? `${label.slice(0, -1)}ies` : `${label}s`;
}

/** Ids are long: the first block is enough to tell rows apart; the full id is in the title. */
export function shortId(id: string): string {
  return id.length > 8 ? `${id.slice(0, 8)}…` : id;
}

function detailValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** `{ from: "BOOKED", to: "CANCELLED" }` → "from: BOOKED · to: CANCELLED". */
export function formatAuditDetails(details: Record<string, unknown> | null): string {
  if (!details) return '';
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${detailValue(value)}`)
    .join(' · ');
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** "6:24:05 PM": an audit trail needs the seconds to order what happened within a minute. */
export function formatAuditTime(at: string, timeZone: string): string {
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hour: 'numeric',
      minute: '2-digit',
      second: '2-digit',
    });
    timeFormats.set(timeZone, format);
  }
  return format.format(new Date(at));
}
