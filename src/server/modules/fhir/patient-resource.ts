import type { Patient } from '@medplum/fhirtypes';
import type { ClinicSummary } from '@contracts/auth';
import type { UpdatePatientBody } from '@contracts/patients';
import { PATIENT_LANGUAGES } from '@domain/patients';
import { personName } from '@domain/person-name';
import type { PatientRecord } from '../clinics';
import { unprocessable } from './outcome';

// A patient record as a FHIR R4 Patient, and back: the fields the profile shows, each where
// FHIR keeps it. Our id is an identifier too, the clinic's record number another.

/** Patients' ids are UUIDs; as an identifier they are written the way RFC 3986 names a UUID. */
export const UUID_IDENTIFIER_SYSTEM = 'urn:ietf:rfc:3986';
/** The clinic's own number for a patient (a chart or medical record number). */
export const RECORD_NUMBER_SYSTEM = 'urn:carebook:record-number';
const LANGUAGE_SYSTEM = 'urn:ietf:bcp:47';
const LANGUAGE_NAMES: Record<string, string> = { en: 'English', es: 'Español', fr: 'Français' };

export function toFhirPatient(patient: PatientRecord, clinic: ClinicSummary | undefined): Patient {
  const address = [patient.addressLine, patient.city, patient.region, patient.postalCode];
  return {
    resourceType: 'Patient',
    id: patient.id,
    meta: { versionId: String(patient.version), lastUpdated: patient.updatedAt.toISOString() },
    identifier: [
      { system: UUID_IDENTIFIER_SYSTEM, value: `urn:uuid:${patient.id}` },
      ...(patient.recordNumber
        ? [
            {
              use: 'usual' as const,
              type: { text: 'Medical record number' },
              system: RECORD_NUMBER_SYSTEM,
              value: patient.recordNumber,
            },
          ]
        : []),
    ],
    active: patient.archivedAt === null && patient.mergedIntoId === null,
    name: [
      {
        use: 'official',
        text: personName(patient),
        family: patient.lastName,
        // Many records have no given name (a newborn, a name not known yet).
        ...(patient.firstName ? { given: [patient.firstName] } : {}),
      },
      ...(patient.preferredName ? [{ use: 'usual' as const, given: [patient.preferredName] }] : []),
    ],
    ...(patient.email || patient.phone
      ? {
          telecom: [
            ...(patient.email ? [{ system: 'email' as const, value: patient.email }] : []),
            ...(patient.phone ? [{ system: 'phone' as const, value: patient.phone }] : []),
          ],
        }
      : {}),
    ...(patient.gender ? { gender: patient.gender as Patient['gender'] } : {}),
    ...(patient.dob ? { birthDate: patient.dob } : {}),
    ...(address.some(Boolean) || patient.country
      ? {
          address: [
            {
              ...(patient.addressLine ? { line: patient.addressLine.split('\n') } : {}),
              ...(patient.city ? { city: patient.city } : {}),
              ...(patient.region ? { state: patient.region } : {}),
              ...(patient.postalCode ? { postalCode: patient.postalCode } : {}),
              ...(patient.country ? { country: patient.country } : {}),
            },
          ],
        }
      : {}),
    ...(patient.preferredLanguage
      ? {
          communication: [
            {
              language: {
                coding: [
                  {
                    system: LANGUAGE_SYSTEM,
                    code: patient.preferredLanguage,
                    display: LANGUAGE_NAMES[patient.preferredLanguage],
                  },
                ],
              },
              preferred: true,
            },
          ],
        }
      : {}),
    managingOrganization: {
      reference: `Organization/${patient.clinicId}`,
      ...(clinic ? { display: clinic.name } : {}),
    },
    ...linksOf(patient),
  };
}

/** A merged record points at the kept one, and the kept one at each merged into it (ADR 042). */
function linksOf(patient: PatientRecord): Pick<Patient, 'link'> {
  const link = [
    ...(patient.mergedIntoId
      ? [{ other: { reference: `Patient/${patient.mergedIntoId}` }, type: 'replaced-by' as const }]
      : []),
    ...patient.replaces.map((id) => ({
      other: { reference: `Patient/${id}` },
      type: 'replaces' as const,
    })),
  ];
  return link.length > 0 ? { link } : {};
}

/**
 * What a FHIR Patient sent whole (an update) says of each field the record keeps; a field it
 * leaves out is cleared, as a PUT replaces the resource. The JSON API's schema then checks it.
 */
export function patientFieldsFrom(patient: Patient): Omit<UpdatePatientBody, 'version'> {
  const official = patient.name?.find((n) => n.use === 'official') ?? patient.name?.[0];
  const usual = patient.name?.find((n) => n.use === 'usual' && n !== official);
  const telecom = (system: string) => patient.telecom?.find((t) => t.system === system)?.value;
  const address = patient.address?.find((a) => a.use === 'home') ?? patient.address?.[0];
  const recordNumber = patient.identifier?.find((i) => i.system === RECORD_NUMBER_SYSTEM)?.value;
  return {
    firstName: official?.given?.join(' ') ?? '',
    lastName: official?.family ?? '',
    preferredName: usual?.given?.[0] ?? null,
    dob: patient.birthDate ?? null,
    gender: patient.gender ?? null,
    email: telecom('email') ?? null,
    phone: telecom('phone') ?? null,
    addressLine: address?.line?.join('\n') || null,
    city: address?.city ?? null,
    region: address?.state ?? null,
    postalCode: address?.postalCode ?? null,
    country: address?.country ?? null,
    recordNumber: recordNumber ?? null,
    preferredLanguage: languageOf(patient),
  };
}

/** The preferred language's base code (en-US → en), if it is one the app speaks. */
function languageOf(patient: Patient): UpdatePatientBody['preferredLanguage'] {
  const communication =
    patient.communication?.find((c) => c.preferred) ?? patient.communication?.[0];
  if (!communication) return null;
  const code = communication.language.coding?.[0]?.code ?? communication.language.text ?? '';
  const base = code.toLowerCase().split('-')[0] ?? '';
  const known = PATIENT_LANGUAGES.find((l) => l === base);
  if (!known) {
    throw unprocessable(
      `Carebook writes to patients in ${PATIENT_LANGUAGES.join(', ')}; ${code || 'this language'} is not one of them.`,
      'Patient.communication.language',
    );
  }
  return known;
}
