import type { Patient } from '@medplum/fhirtypes';
import { createPatientBody } from '@contracts/clinics';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import { createPatient, lookUpPatients } from '../clinics';
import { toFhirPatient, UUID_IDENTIFIER_SYSTEM } from './directory-resources';
import { isUuid } from './fhir-ids';
import { validateIncoming } from './fhir-validation';
import { invalid, resourceNotFound, unprocessable } from './outcome';
import { referenceId } from './references';
import { alternatives, intersectAll, type SearchRequest } from './search-request';
import { zodOutcome } from './zod-outcome';

const clinicOf = (ctx: RequestContext, id: string) => ctx.user.clinics.find((c) => c.id === id);

export async function readPatient(deps: AppDeps, ctx: RequestContext, id: string) {
  if (!isUuid(id)) throw resourceNotFound('Patient', id);
  const { records } = await lookUpPatients(deps, ctx, { ids: [id], limit: 1 });
  const [patient] = records;
  if (!patient) throw resourceNotFound('Patient', id);
  return toFhirPatient(patient, clinicOf(ctx, patient.clinicId));
}

/** `identifier`: our ids as RFC 3986 names a UUID; a value of another system matches nobody. */
function identifierIds(value: string): string[] {
  return alternatives(value).flatMap((token) => {
    const bar = token.indexOf('|');
    const system = bar === -1 ? undefined : token.slice(0, bar);
    const code = bar === -1 ? token : token.slice(bar + 1);
    if (system !== undefined && system !== '' && system !== UUID_IDENTIFIER_SYSTEM) return [];
    const id = code.startsWith('urn:uuid:') ? code.slice('urn:uuid:'.length) : code;
    return [id.toLowerCase()];
  });
}

type PatientCursor = [string, string, string];
const isPatientCursor = (v: unknown): v is PatientCursor =>
  Array.isArray(v) &&
  v.length === 3 &&
  v.every((x) => typeof x === 'string') &&
  isUuid(String(v[2]));

export async function searchPatients(deps: AppDeps, ctx: RequestContext, request: SearchRequest) {
  const idSets = [
    ...request.all('_id').map((v) => alternatives(v).map((id) => id.toLowerCase())),
    ...request.all('identifier').map(identifierIds),
  ];
  const ids = intersectAll(idSets)?.filter(isUuid);
  const emails = intersectAll(
    request.all('email').map((v) => alternatives(v).map((e) => e.toLowerCase())),
  );
  const names = request.all('name');
  if (names.some((n) => n.includes(','))) {
    throw invalid('name takes one value per repetition; repeat it to require several.', 'name');
  }
  const size = request.pageSize();
  const after = request.cursor(isPatientCursor);
  const nothing = (ids && ids.length === 0) || (emails && emails.length === 0);
  const { records, more } = nothing
    ? { records: [], more: false }
    : await lookUpPatients(deps, ctx, {
        ids,
        emails,
        name: names.length > 0 ? names.join(' ') : undefined,
        after: after && { lastName: after[0], firstName: after[1], id: after[2] },
        limit: size,
      });
  const last = records.at(-1);
  return {
    items: records.map((p) => toFhirPatient(p, clinicOf(ctx, p.clinicId))),
    next:
      more && last ? ([last.lastName, last.firstName, last.id] satisfies PatientCursor) : undefined,
  };
}

/** The JSON API's rules for a new patient, with its words: the same refusals either way. */
function patientBodyFrom(patient: Patient) {
  const name = patient.name?.find((n) => n.use === 'official') ?? patient.name?.[0];
  const email = patient.telecom?.find((t) => t.system === 'email')?.value;
  const phone = patient.telecom?.find((t) => t.system === 'phone')?.value;
  const candidate = {
    firstName: name?.given?.join(' ') ?? '',
    lastName: name?.family ?? '',
    email: email ?? '',
    dob: patient.birthDate ?? null,
    phone: phone ?? null,
    source: 'fhir',
  };
  const parsed = createPatientBody.safeParse(candidate);
  if (!parsed.success) throw zodOutcome(parsed.error, FIELD_PATHS);
  return parsed.data;
}

const FIELD_PATHS: Record<string, string> = {
  firstName: 'Patient.name.given',
  lastName: 'Patient.name.family',
  email: "Patient.telecom.where(system='email')",
  phone: "Patient.telecom.where(system='phone')",
  dob: 'Patient.birthDate',
};

/**
 * Adds a patient to one of the caller's clinics through the clinics module, as the app's "Add
 * patient" does: an email the clinic already has is a 409 that names the existing patient.
 */
export async function createFhirPatient(deps: AppDeps, ctx: RequestContext, body: unknown) {
  const patient = await validateIncoming<Patient>(body, 'Patient');
  const organization = patient.managingOrganization?.reference;
  let clinic = ctx.user.clinics.length === 1 ? ctx.user.clinics[0] : undefined;
  if (organization !== undefined) {
    const id = referenceId(organization, 'Organization', 'Patient.managingOrganization');
    clinic = clinicOf(ctx, id);
    if (!clinic) throw resourceNotFound('Organization', id);
  }
  if (!clinic) {
    throw unprocessable(
      'Say which clinic the patient belongs to: managingOrganization = Organization/{clinic id}.',
      'Patient.managingOrganization',
    );
  }
  const created = await createPatient(deps, ctx, clinic.slug, patientBodyFrom(patient));
  return toFhirPatient(
    {
      id: created._id,
      clinicId: clinic.id,
      firstName: created.firstName,
      lastName: created.lastName,
      email: created.email,
      dob: created.dob,
      phone: created.phoneNumber,
    },
    clinic,
  );
}
