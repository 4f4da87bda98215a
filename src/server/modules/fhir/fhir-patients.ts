import type { Patient } from '@medplum/fhirtypes';
import { importedPatientBody } from '@contracts/clinics';
import { safeText } from '@contracts/common';
import { updatePatientBody } from '@contracts/patients';
import { ADMINISTRATIVE_GENDERS } from '@domain/patients';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import { countPatientRecords, createPatient, lookUpPatients, type PatientRecord } from '../clinics';
import { updatePatient } from '../patients';
import { checkVersion } from './fhir-appointment-create';
import {
  patientFieldsFrom,
  RECORD_NUMBER_SYSTEM,
  toFhirPatient,
  UUID_IDENTIFIER_SYSTEM,
} from './patient-resource';
import { isUuid } from './fhir-ids';
import { validateIncoming } from './fhir-validation';
import { invalid, resourceNotFound, unprocessable } from './outcome';
import { referenceId } from './references';
import { alternatives, intersectAll, type SearchRequest } from './search-request';
import { emptyRange } from './search-dates';
import { zodOutcome } from './zod-outcome';

/** A whole Patient's fields for the profile's edit: as with a new one, e-mail and given name may be absent. */
const importedPatientUpdate = updatePatientBody.extend({ firstName: safeText(100).optional() });

const clinicOf = (ctx: RequestContext, id: string) => ctx.user.clinics.find((c) => c.id === id);

async function findPatient(deps: AppDeps, ctx: RequestContext, id: string, audit = true) {
  if (!isUuid(id)) throw resourceNotFound('Patient', id);
  const { records } = await lookUpPatients(deps, ctx, { ids: [id], limit: 1, audit });
  const [patient] = records;
  if (!patient) throw resourceNotFound('Patient', id);
  return patient;
}

const resourceOf = (ctx: RequestContext, patient: PatientRecord) =>
  toFhirPatient(patient, clinicOf(ctx, patient.clinicId));

/** The caller's patients these ids name, read (and audited) together; others are left out. */
export async function patientsByIds(deps: AppDeps, ctx: RequestContext, ids: readonly string[]) {
  const uuids = [...new Set(ids.map((id) => id.toLowerCase()).filter(isUuid))];
  if (uuids.length === 0) return [];
  const { records } = await lookUpPatients(deps, ctx, { ids: uuids, limit: uuids.length });
  return records.map((p) => resourceOf(ctx, p));
}

export async function readPatient(deps: AppDeps, ctx: RequestContext, id: string) {
  return resourceOf(ctx, await findPatient(deps, ctx, id));
}

/**
 * `identifier`, one repetition: our ids as RFC 3986 names a UUID, or the clinic's record numbers;
 * a value without a system may be either, one of another system matches nobody.
 */
function identifierValues(value: string) {
  const ids: string[] = [];
  const recordNumbers: string[] = [];
  for (const token of alternatives(value)) {
    const bar = token.indexOf('|');
    const system = bar === -1 ? '' : token.slice(0, bar);
    const code = bar === -1 ? token : token.slice(bar + 1);
    const id = (code.startsWith('urn:uuid:') ? code.slice('urn:uuid:'.length) : code).toLowerCase();
    if ((system === '' || system === UUID_IDENTIFIER_SYSTEM) && isUuid(id)) ids.push(id);
    if (system === '' || system === RECORD_NUMBER_SYSTEM) recordNumbers.push(code);
  }
  return { ids, recordNumbers };
}

/** Every value of a token parameter, by repetition, with the system part dropped. */
const tokenCodes = (request: SearchRequest, name: string) =>
  request.all(name).map((v) => alternatives(v).map((t) => t.slice(t.indexOf('|') + 1)));

/** A string parameter with its modifiers (`family`, `family:exact`, `family:contains`). */
function stringMatches(request: SearchRequest, name: string) {
  return (['start', 'exact', 'contains'] as const).flatMap((mode) =>
    request
      .all(mode === 'start' ? name : `${name}:${mode}`)
      .map((value) => alternatives(value).map((v) => ({ value: v, mode }))),
  );
}

/**
 * A birth date is a whole (UTC) day: a day, month or year value bounds whole days; a value with
 * a time takes in the day it falls in (the day's range meets the value's).
 */
function birthDays(request: SearchRequest) {
  const birth = request.dates('birthdate');
  const DAY = 86_400_000;
  const floor = (d: Date) => new Date(d.getTime() - (((d.getTime() % DAY) + DAY) % DAY));
  const ceil = (d: Date) =>
    floor(d).getTime() === d.getTime() ? d : new Date(floor(d).getTime() + DAY);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return {
    from: birth.from && day(floor(birth.from)),
    before: birth.before && day(ceil(birth.before)),
    excluded: birth.excluded.map(({ lo, hi }) => ({ from: day(floor(lo)), before: day(ceil(hi)) })),
    empty: emptyRange(birth),
  };
}

/** A value of only commas names nothing to search for: refused in words, as R4 has no such value. */
function checkValuesGiven(request: SearchRequest, names: readonly string[]) {
  for (const name of names) {
    if (request.all(name).some((value) => alternatives(value).length === 0)) {
      throw invalid(`${name} needs a value: a comma separates values.`, name);
    }
  }
}

/** FHIR Patient's own parameters: birthdate, family, given, gender, phone and identifier. */
function fieldFilters(request: SearchRequest) {
  checkValuesGiven(request, [
    ...['family', 'given'].flatMap((n) => [n, `${n}:exact`, `${n}:contains`]),
    'gender',
    'phone',
    'identifier',
    'email',
  ]);
  const { empty, ...birth } = birthDays(request);
  const updated = request.dates('_lastUpdated');
  const genders = tokenCodes(request, 'gender');
  const unknown = genders
    .flat()
    .find((g) => !(ADMINISTRATIVE_GENDERS as readonly string[]).includes(g));
  if (unknown !== undefined) {
    throw invalid(
      `gender is one of ${ADMINISTRATIVE_GENDERS.join(', ')}; not ${unknown}.`,
      'gender',
    );
  }
  const phoneDigits = tokenCodes(request, 'phone').map((values) =>
    values.map((v) => v.replace(/\D/g, '')),
  );
  if (phoneDigits.flat().some((d) => d.length < 4)) {
    throw invalid('phone must have at least four digits.', 'phone');
  }
  return {
    empty: empty || emptyRange(updated),
    birth,
    updated,
    family: stringMatches(request, 'family'),
    given: stringMatches(request, 'given'),
    genders,
    phoneDigits,
    identifiers: request.all('identifier').map(identifierValues),
  };
}

type PatientCursor = [string, string, string];
const isPatientCursor = (v: unknown): v is PatientCursor =>
  Array.isArray(v) &&
  v.length === 3 &&
  v.every((x) => typeof x === 'string') &&
  isUuid(String(v[2]));

export async function searchPatients(deps: AppDeps, ctx: RequestContext, request: SearchRequest) {
  const ids = intersectAll(
    request.all('_id').map((v) => alternatives(v).map((id) => id.toLowerCase())),
  )?.filter(isUuid);
  const emails = intersectAll(
    request.all('email').map((v) => alternatives(v).map((e) => e.toLowerCase())),
  );
  const names = request.all('name');
  if (names.some((n) => n.includes(','))) {
    throw invalid('name takes one value per repetition; repeat it to require several.', 'name');
  }
  const { empty, ...fields } = fieldFilters(request);
  const size = request.pageSize();
  const after = request.cursor(isPatientCursor);
  const nothing = (ids && ids.length === 0) || (emails && emails.length === 0) || empty;
  const criteria = { ids, emails, name: names.length > 0 ? names.join(' ') : undefined, fields };
  const total = request.wantsTotal()
    ? nothing
      ? 0
      : await countPatientRecords(deps, ctx, criteria)
    : undefined;
  const { records, more } =
    nothing || size === 0
      ? { records: [], more: false }
      : await lookUpPatients(deps, ctx, {
          ...criteria,
          after: after && { lastName: after[0], firstName: after[1], id: after[2] },
          limit: size,
        });
  const last = records.at(-1);
  return {
    items: records.map((p) => resourceOf(ctx, p)),
    next:
      more && last ? ([last.lastName, last.firstName, last.id] satisfies PatientCursor) : undefined,
    total,
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
    email: email ?? null,
    dob: patient.birthDate ?? null,
    phone: phone ?? null,
    source: 'fhir',
  };
  const parsed = importedPatientBody.safeParse(candidate);
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
  return resourceOf(ctx, await findPatient(deps, ctx, created._id, false));
}

const UPDATE_PATHS: Record<string, string> = {
  ...FIELD_PATHS,
  preferredName: "Patient.name.where(use='usual').given",
  gender: 'Patient.gender',
  addressLine: 'Patient.address.line',
  city: 'Patient.address.city',
  region: 'Patient.address.state',
  postalCode: 'Patient.address.postalCode',
  country: 'Patient.address.country',
  recordNumber: 'Patient.identifier',
};

/**
 * Replaces a patient's details with what the resource says (PUT), through the same edit as the
 * profile's, so it is audited and shown in the patient's history. If-Match names the version the
 * client read; without it the update applies to the version there is.
 */
export async function updateFhirPatient(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
  body: unknown,
  ifMatch: string | undefined,
) {
  const patient = await validateIncoming<Patient>(body, 'Patient');
  if (patient.id !== id) {
    throw invalid(`The resource's id must be ${id}, the id in the address.`, 'Patient.id');
  }
  const current = await findPatient(deps, ctx, id, false);
  checkVersion(ifMatch, current, 'patient');
  const parsed = importedPatientUpdate.safeParse({
    version: current.version,
    ...patientFieldsFrom(patient),
  });
  if (!parsed.success) throw zodOutcome(parsed.error, UPDATE_PATHS);
  await updatePatient(deps, ctx, id, parsed.data);
  return resourceOf(ctx, await findPatient(deps, ctx, id, false));
}
