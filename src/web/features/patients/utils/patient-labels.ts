import type { PatientRecord, UpdatePatientBody } from '@contracts/patients';
import { formatCalendarDate } from '@web/lib/calendar-date';
import { IMPORT_FIELD_LABELS } from '@domain/patient-import';
import type { AdministrativeGender, ContactChannel, PatientLanguage } from '@domain/patients';

export const GENDER_LABELS = {
  male: 'Male',
  female: 'Female',
  other: 'Other',
  unknown: 'Unknown',
} as const satisfies Record<AdministrativeGender, string>;

/** Each language in its own words, as the patient would pick it. */
export const LANGUAGE_LABELS = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
} as const satisfies Record<PatientLanguage, string>;

export const CHANNEL_LABELS = {
  email: 'E-mail',
  sms: 'Text message',
  phone: 'Phone call',
} as const satisfies Record<ContactChannel, string>;

/** The fields the edit form holds; archiving is an action of its own. */
export type PatientField = Exclude<keyof UpdatePatientBody, 'version' | 'archived'>;

/**
 * Every field a person can change, in words: the edit form's labels and the history's. The
 * import's names (one list for a column header and a form label), but for two the form words
 * as questions of its own.
 */
export const FIELD_LABELS = {
  ...IMPORT_FIELD_LABELS,
  preferredLanguage: 'Language',
  remindersOptOut: 'Reminders',
} as const satisfies Record<PatientField, string>;

type Named = Pick<PatientRecord, 'firstName' | 'lastName' | 'preferredName'>;

/** Maria “Mia” Garcia: how the profile names the patient. */
export function displayName({ firstName, lastName, preferredName }: Named): string {
  const goesBy = preferredName && preferredName !== firstName ? ` “${preferredName}”` : '';
  return `${firstName}${goesBy} ${lastName}`.trim();
}

/** Garcia, Maria “Mia”: how the list sorts and names the patient. */
export function listName({ firstName, lastName, preferredName }: Named): string {
  const goesBy = preferredName && preferredName !== firstName ? ` “${preferredName}”` : '';
  return `${lastName}, ${firstName}${goesBy}`;
}

const isIn = <T extends string>(labels: Record<T, string>, value: unknown): value is T =>
  typeof value === 'string' && value in labels;

/** A value as the history shows it: in words, and "empty" for nothing. */
export function formatFieldValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'empty';
  if (field === 'remindersOptOut') return value === true ? 'off' : 'on';
  if (field === 'gender' && isIn(GENDER_LABELS, value)) return GENDER_LABELS[value];
  if (field === 'preferredLanguage' && isIn(LANGUAGE_LABELS, value)) return LANGUAGE_LABELS[value];
  if (field === 'contactChannel' && isIn(CHANNEL_LABELS, value)) return CHANNEL_LABELS[value];
  if (field === 'dob' && typeof value === 'string') return formatCalendarDate(value);
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A field's name in words; one the app does not know yet reads as its name split at capitals. */
export function fieldLabel(field: string): string {
  if (isIn(FIELD_LABELS, field)) return FIELD_LABELS[field];
  const words = field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
