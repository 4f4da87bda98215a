// What a patient record holds beyond a name and an e-mail, and the rules read from it: how a
// search box's text is understood, which cancellations count as late, and what an edit changed.

/** FHIR R4 AdministrativeGender (http://hl7.org/fhir/administrative-gender). */
export const ADMINISTRATIVE_GENDERS = ['male', 'female', 'other', 'unknown'] as const;
export type AdministrativeGender = (typeof ADMINISTRATIVE_GENDERS)[number];

/** The languages patients may read their messages and pages in. */
export const PATIENT_LANGUAGES = ['en', 'es', 'fr'] as const;
export type PatientLanguage = (typeof PATIENT_LANGUAGES)[number];

/** How a patient prefers to be reached. */
export const CONTACT_CHANNELS = ['email', 'sms', 'phone'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

/** Roles that may change patient records unless an admin decides otherwise for a clinic. */
export const DEFAULT_PATIENT_EDITOR_ROLES = ['admin', 'staff'] as const;

/** The roles an admin may let change a clinic's patient records; admins always may. */
export const PATIENT_EDITOR_CHOICES = ['staff', 'provider', 'nurse'] as const;
export type PatientEditorChoice = (typeof PATIENT_EDITOR_CHOICES)[number];

/** Whether someone of this role may change patient records in a clinic that chose these roles. */
export function mayEditPatientsAs(role: string, clinicEditorRoles: readonly string[]): boolean {
  return role === 'admin' || clinicEditorRoles.includes(role);
}

/**
 * What a person typed in the patients page's search box, read as what it most likely is: a date
 * of birth (2026-01-31 or 1/31/2026, the US order the app writes dates in), digits of a phone
 * number or record number, or words that start the patient's names or e-mail. A record number is
 * matched by its start whatever the text looks like.
 */
export type PatientQuery =
  | { kind: 'all' }
  | { kind: 'birthDate'; date: string; text: string }
  | { kind: 'digits'; digits: string; text: string }
  | { kind: 'words'; text: string };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const PHONE_LIKE = /^\+?[\d\s().-]+$/;

export function parsePatientQuery(raw: string): PatientQuery {
  const text = raw.trim().replace(/\s+/g, ' ');
  if (text === '') return { kind: 'all' };
  const date = birthDateOf(text);
  if (date) return { kind: 'birthDate', date, text };
  if (PHONE_LIKE.test(text)) {
    const digits = text.replace(/\D/g, '');
    if (digits.length >= 3) return { kind: 'digits', digits, text };
  }
  return { kind: 'words', text };
}

function birthDateOf(text: string): string | null {
  const iso = ISO_DATE.exec(text);
  const us = US_DATE.exec(text);
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : us
      ? [Number(us[3]), Number(us[1]), Number(us[2])]
      : [0, 0, 0];
  if (year < 1900 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null;
  return date.toISOString().slice(0, 10);
}

/** The hours before a visit inside which a cancellation is late, when the clinic set none. */
export const DEFAULT_LATE_CANCELLATION_HOURS = 24;

/**
 * Whether a cancellation came late: inside the clinic's self-service cut-off before the start
 * (the time after which patients may no longer cancel themselves), or inside a day when the
 * clinic has no cut-off. A cancellation after the start is late too.
 */
export function isLateCancellation(cancelledAt: Date, startAt: Date, cutoffHours: number): boolean {
  const hours = cutoffHours > 0 ? cutoffHours : DEFAULT_LATE_CANCELLATION_HOURS;
  return startAt.getTime() - cancelledAt.getTime() < hours * 3_600_000;
}

/** One field an edit changed, as the profile's history and the audit row say it. */
export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

/**
 * The fields whose value an edit changes, in the order given. Values are compared as JSON, so an
 * address object or a list is equal when its content is; undefined in `next` means "not sent".
 */
export function changedFields<T extends Record<string, unknown>>(
  current: T,
  next: Partial<T>,
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const [field, to] of Object.entries(next)) {
    if (to === undefined) continue;
    const from = current[field] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to ?? null)) {
      changes.push({ field, from, to: to ?? null });
    }
  }
  return changes;
}
