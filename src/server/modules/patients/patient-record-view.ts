import type { PatientRecord } from '@contracts/patients';
import type { AdministrativeGender, ContactChannel, PatientLanguage } from '@domain/patients';
import type { PatientRecordRow } from './patient-records.repository';

/** A patient's row as the API shows it. */
export function toPatientRecord(row: PatientRecordRow): PatientRecord {
  const { patient: p } = row;
  return {
    id: p.id,
    clinic: { slug: row.clinicSlug, name: row.clinicName, timezone: row.clinicTimezone },
    firstName: p.firstName,
    lastName: p.lastName,
    preferredName: p.preferredName,
    dob: p.dob,
    gender: p.gender as AdministrativeGender | null,
    email: p.email,
    phone: p.phone,
    addressLine: p.addressLine,
    city: p.city,
    region: p.region,
    postalCode: p.postalCode,
    country: p.country,
    recordNumber: p.recordNumber,
    preferredLanguage: p.preferredLanguage as PatientLanguage | null,
    contactChannel: p.contactChannel as ContactChannel,
    remindersOptOut: p.remindersOptOut,
    source: p.source,
    archived: p.archivedAt !== null,
    erased: p.erasedAt !== null,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    version: p.version,
  };
}
