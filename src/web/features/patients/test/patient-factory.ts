import type {
  PatientListItem,
  PatientPage,
  PatientProfile,
  PatientRecord,
} from '@contracts/patients';
import { CAMDEN, RIVERSIDE } from '@web/test/api-stub';

const clinicOf = ({ slug, name, timezone }: typeof RIVERSIDE) => ({ slug, name, timezone });
export const riversideClinic = clinicOf(RIVERSIDE);
export const camdenClinic = clinicOf(CAMDEN);

export const MARIA_ID = '3b1e9a52-4c7d-4e0f-9a61-2f5b8c7d9e10';

export function makePatientListItem(overrides: Partial<PatientListItem> = {}): PatientListItem {
  const { id, clinic, firstName, lastName, preferredName, dob, email, phone, recordNumber } =
    makePatientRecord();
  return {
    ...{ id, clinic, firstName, lastName, preferredName, dob, email, phone, recordNumber },
    archived: false,
    nextVisit: '2026-12-02T15:30:00.000Z',
    ...overrides,
  };
}

export function makePatientPage(
  patients: PatientListItem[] = [makePatientListItem()],
  next: string | null = null,
  editableClinics: string[] = [riversideClinic.slug],
): PatientPage {
  return { patients, next, editableClinics };
}

export function makePatientRecord(overrides: Partial<PatientRecord> = {}): PatientRecord {
  return {
    id: MARIA_ID,
    clinic: riversideClinic,
    firstName: 'Maria',
    lastName: 'Garcia',
    preferredName: 'Mia',
    dob: '1984-03-07',
    gender: 'female',
    email: 'maria.garcia@example.com',
    phone: '(555) 201-4477',
    addressLine: '41 Orchard Lane',
    city: 'Springfield',
    region: 'IL',
    postalCode: '62704',
    country: 'US',
    recordNumber: 'RV-10442',
    preferredLanguage: 'es',
    contactChannel: 'sms',
    remindersOptOut: false,
    source: null,
    archived: false,
    erased: false,
    createdAt: '2025-06-11T14:02:00.000Z',
    updatedAt: '2026-10-30T09:15:00.000Z',
    version: 4,
    ...overrides,
  };
}

export function makePatientProfile(overrides: Partial<PatientProfile> = {}): PatientProfile {
  return {
    patient: makePatientRecord(),
    visits: {
      upcoming: [
        {
          id: '9d0c7a3e-1b2f-4c5d-8e9f-0a1b2c3d4e5f',
          start: '2026-12-02T15:30:00.000Z',
          end: '2026-12-02T16:00:00.000Z',
          status: 'CONFIRMED',
          provider: { id: 'a1b2c3d4-0000-4000-8000-000000000001', name: 'Dr. Priya Raman' },
          seriesId: null,
          lateCancellation: false,
        },
      ],
      past: [
        {
          id: '7e6d5c4b-3a29-4817-9605-f4e3d2c1b0a9',
          start: '2026-10-14T13:00:00.000Z',
          end: '2026-10-14T13:30:00.000Z',
          status: 'CANCELLED',
          provider: { id: 'a1b2c3d4-0000-4000-8000-000000000001', name: 'Dr. Priya Raman' },
          seriesId: null,
          lateCancellation: true,
        },
      ],
      pastTotal: 1,
    },
    counts: { completed: 6, noShows: 1, cancelled: 2, lateCancellations: 1 },
    waitlist: [],
    series: [],
    notes: [
      {
        id: 'n1',
        text: 'Prefers morning visits.',
        author: 'Alex Morgan',
        at: '2026-10-30T09:20:00.000Z',
      },
    ],
    history: [
      {
        at: '2026-10-30T09:15:00.000Z',
        by: 'Alex Morgan',
        changes: [
          { field: 'phone', from: '(555) 201-0000', to: '(555) 201-4477' },
          { field: 'contactChannel', from: 'email', to: 'sms' },
        ],
      },
    ],
    canEdit: true,
    mergedInto: null,
    ...overrides,
  };
}
