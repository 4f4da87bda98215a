import type { QueryClient } from '@tanstack/react-query';

/**
 * Every query key of the staff app, one builder per resource. A key starts with its resource
 * (ADR 002), so a mutation in one feature refreshes another's data by prefix without importing
 * it; keeping them in one place keeps two screens that read the same data on one cached copy, and
 * a prefix that an invalidation names on the keys it is meant to reach. Features build keys only
 * through this module, never as literal arrays.
 */

/** The signed-in user, or null when signed out. */
export const sessionKeys = {
  current: ['auth', 'session'] as const,
  /** Set once the user signed out on purpose, so the login page does not say the session ended. */
  signedOut: ['auth', 'signed-out'] as const,
};

/**
 * Every appointment query starts with 'appointments' (spec §7): one invalidation after a
 * mutation refreshes lists, counts, details, date ranges and the dashboard.
 */
export const appointmentKeys = {
  all: ['appointments'] as const,
  lists: () => [...appointmentKeys.all, 'list'] as const,
  list: (filters: object) => [...appointmentKeys.lists(), filters] as const,
  counts: (filters: object) => [...appointmentKeys.all, 'counts', filters] as const,
  detail: (id: string) => [...appointmentKeys.all, 'detail', id] as const,
  seriesOf: (id: string) => [...appointmentKeys.detail(id), 'series'] as const,
  seriesPreview: (body: unknown) => [...appointmentKeys.all, 'series-preview', body] as const,
  range: (params: object) => [...appointmentKeys.all, 'range', params] as const,
  moveCheck: (id: string, startIso: string) =>
    [...appointmentKeys.all, 'move-check', id, startIso] as const,
  dashboard: (request: object) => [...appointmentKeys.all, 'dashboard', request] as const,
  report: (request: object) => [...appointmentKeys.all, 'report', request] as const,
};

/** Every slot query starts with this: a booking, move or schedule change invalidates them all. */
export const slotKeys = {
  all: ['slots'] as const,
  list: (clinicSlug: string, request: object) => [...slotKeys.all, clinicSlug, request] as const,
};

/** Times patients hold on the public booking page (ADR 034). */
export const heldTimeKeys = {
  all: ['held-times'] as const,
  range: (from: string, to: string, clinic: string, agentIds: string) =>
    [...heldTimeKeys.all, from, to, clinic, agentIds] as const,
};

/** The user's clinics and each clinic's bookable agents. */
export const clinicKeys = {
  all: ['clinics'] as const,
  list: () => [...clinicKeys.all, 'list'] as const,
  agents: (clinicSlug: string) => [...clinicKeys.all, clinicSlug, 'nurses'] as const,
};

/** What a clinic books (issue 42): its services, as its admin page and the booking wizard list them. */
export const serviceKeys = {
  all: ['services'] as const,
  list: (clinicId: string, archived: string) => [...serviceKeys.all, clinicId, archived] as const,
};

/** A clinic's rooms and equipment (issue 42, ADR 045): its admin page, the services form, the calendar and the details. */
export const resourceKeys = {
  all: ['resources'] as const,
  list: (clinicId: string, archived: string) => [...resourceKeys.all, clinicId, archived] as const,
};

export const clinicPolicyKeys = {
  all: ['clinic-policy'] as const,
  one: (slug: string) => [...clinicPolicyKeys.all, slug] as const,
  mailPreviewsOf: (slug: string) => [...clinicPolicyKeys.all, slug, 'mail-previews'] as const,
  mailPreviews: (slug: string, language: string) =>
    [...clinicPolicyKeys.mailPreviewsOf(slug), language] as const,
};

/**
 * Staff administration: the agents page and the audit log's staff filter both start with this,
 * so one invalidation after a change to someone's account refreshes them all.
 */
export const staffKeys = {
  all: ['admin', 'agents'] as const,
  list: (filter: object) => [...staffKeys.all, 'list', filter] as const,
};

export const auditKeys = {
  all: ['admin', 'audit'] as const,
  list: (filters: object, timeZone: string) =>
    [...auditKeys.all, 'list', filters, timeZone] as const,
};

export const availabilityKeys = {
  all: ['availability'] as const,
  own: () => [...availabilityKeys.all, 'own'] as const,
  agent: (agentId: string) => [...availabilityKeys.all, 'agent', agentId] as const,
};

export const waitlistKeys = {
  all: ['waitlist'] as const,
  list: (query: object) => [...waitlistKeys.all, 'list', query] as const,
  /** Of one clinic, or ('') of all the user's. */
  summary: (timezone: string, clinic: string) =>
    [...waitlistKeys.all, 'summary', timezone, clinic] as const,
  offersOf: (appointmentId: string) => [...waitlistKeys.all, 'offers', appointmentId] as const,
};

export const outboxKeys = {
  all: ['outbox'] as const,
  list: (status: string, kind: string) => [...outboxKeys.all, status, kind] as const,
  message: (id: number) => [...outboxKeys.all, 'message', id] as const,
  /** A patient's and an appointment's messages (issue 44): refreshed with the outbox's. */
  ofPatient: (id: string) => [...outboxKeys.all, 'patient', id] as const,
  ofAppointment: (id: string) => [...outboxKeys.all, 'appointment', id] as const,
};

export const webhookKeys = {
  all: ['webhooks'] as const,
  endpoint: (id: string) => [...webhookKeys.all, id] as const,
  deliveries: (id: string, page: number) =>
    [...webhookKeys.endpoint(id), 'deliveries', page] as const,
};

export const apiTokenKeys = {
  all: ['api-tokens'] as const,
};

/** SMART Backend Services clients (ADR 059), on the integrations page. */
export const smartClientKeys = {
  all: ['smart-clients'] as const,
};

export const calendarFeedKeys = {
  /** The signed-in user's own feed. */
  mine: ['calendar-feed'] as const,
  /** The feeds an admin oversees. */
  all: ['calendar-feeds'] as const,
  clinic: (slug: string) => [...calendarFeedKeys.all, 'clinic', slug] as const,
};

/** Busy times from outside calendars, as the calendar draws them (ADR 053). */
export const outsideBusyKeys = {
  all: ['outside-busy'] as const,
  range: (from: string, to: string, clinic: string, agentIds: string) =>
    [...outsideBusyKeys.all, from, to, clinic, agentIds] as const,
};

/** A provider's or nurse's outside calendars (ADR 053): their own, or one agent's for an admin. */
export const outsideCalendarKeys = {
  all: ['outside-calendars'] as const,
  own: () => [...outsideCalendarKeys.all, 'own'] as const,
  agent: (agentId: string) => [...outsideCalendarKeys.all, 'agent', agentId] as const,
  /** Every calendar of the admin's clinics' staff, on the integrations page. */
  clinics: () => [...outsideCalendarKeys.all, 'clinics'] as const,
};

/** A video visit as staff join it. */
export const staffSessionKeys = {
  detail: (id: string) => ['sessions', 'detail', id] as const,
};

/** The patient a booking link names, on the page that books for them. */
export const bookPageKeys = {
  patient: (clinic: string, patientRef: string) =>
    ['book-page', 'patient', clinic, patientRef] as const,
};

/**
 * After any appointment write: all appointment data (lists, counts, details, ranges, the
 * dashboard) and the free times the pickers offer.
 */
export function refreshAppointmentData(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: appointmentKeys.all }),
    queryClient.invalidateQueries({ queryKey: slotKeys.all }),
  ]);
}

/** Patient records (issue 41): the list's pages and each profile; an edit refreshes both. */
export const patientKeys = {
  all: ['patients'] as const,
  list: (query: object) => [...patientKeys.all, 'list', query] as const,
  profile: (id: string) => [...patientKeys.all, 'profile', id] as const,
  duplicates: (query: object) => [...patientKeys.all, 'duplicates', query] as const,
  duplicatesOf: (id: string) => [...patientKeys.all, 'duplicates-of', id] as const,
  /** A patient's texts, replies and text preference (ADR 050). */
  texts: (id: string) => [...patientKeys.all, 'texts', id] as const,
};

/** A CSV import of patients (ADR 043): its status, and pages of its rows. */
export const patientImportKeys = {
  one: (id: string) => [...patientKeys.all, 'import', id] as const,
  rows: (id: string, query: object) => [...patientImportKeys.one(id), 'rows', query] as const,
};

/** The signed-in user's second factors and remembered browsers (ADR 046). */
export const twoStepKeys = {
  all: ['two-step'] as const,
  status: () => [...twoStepKeys.all, 'status'] as const,
  browsers: () => [...twoStepKeys.all, 'browsers'] as const,
};

/** The signed-in user's own passkeys (Settings). */
export const passkeyKeys = {
  all: ['passkeys'] as const,
};

/** Staff accounts (issue 43, ADR 047): open invitations, and the signed-in user's sessions. */
export const accountKeys = {
  invitations: ['admin', 'invitations'] as const,
  mySessions: ['auth', 'sessions'] as const,
  /** A reset or invitation link, checked when its page opens. */
  link: (kind: 'reset' | 'invitation', token: string) => ['account-link', kind, token] as const,
};
