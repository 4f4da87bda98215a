import { beforeEach, describe, expect, it } from 'vitest';
import type { Bundle, Patient } from '@medplum/fhirtypes';
import { patientProfile } from '@contracts/patients';
import type { Api } from '../../test/api-client';
import { eq } from 'drizzle-orm';
import * as t from '../../db/schema';
import { createPatient } from '../../test/factories';
import { expectValidFhir, fhirScenario, matches } from '../../test/fhir-kit';
import type { ClinicScenario } from '../../test/scenario';
import { useTestApp } from '../../test/test-app';

const env = useTestApp({ now: '2026-11-23T12:00:00Z' });
let s: ClinicScenario;
let staff: Api;
let fhir: Awaited<ReturnType<typeof fhirScenario>>['fhir'];
beforeEach(async () => {
  ({ s, staff, fhir } = await fhirScenario(env, { scopes: ['read', 'write'] }));
});

async function read(id: string) {
  const res = await fhir.get(`/Patient/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return { patient: expectValidFhir(res.json() as Patient), etag: res.headers.etag };
}

async function found(query: string): Promise<string[]> {
  const res = await fhir.get(`/Patient?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return matches<Patient>(res.json() as Bundle).map((p) => p.id!);
}

describe('FHIR Patient and the patient record', () => {
  it('reads the details the profile keeps, and reflects an edit made in the app', async () => {
    const edit = await staff.patch(`/api/patients/${s.patient.id}`, {
      version: 1,
      preferredName: 'Pepe',
      gender: 'male',
      addressLine: '12 Elm Street\nApartment 4',
      city: 'Albany',
      region: 'NY',
      postalCode: '12207',
      country: 'US',
      recordNumber: 'MRN-7',
      preferredLanguage: 'es',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const { patient, etag } = await read(s.patient.id);
    expect(etag).toBe('W/"2"');
    expect(patient).toMatchObject({
      meta: { versionId: '2' },
      gender: 'male',
      name: [
        { use: 'official', family: 'Núñez', given: ['José'] },
        { use: 'usual', given: ['Pepe'] },
      ],
      address: [
        {
          line: ['12 Elm Street', 'Apartment 4'],
          city: 'Albany',
          state: 'NY',
          postalCode: '12207',
          country: 'US',
        },
      ],
      communication: [
        { language: { coding: [{ system: 'urn:ietf:bcp:47', code: 'es' }] }, preferred: true },
      ],
      active: true,
    });
    expect(patient.identifier).toContainEqual(
      expect.objectContaining({ system: 'urn:carebook:record-number', value: 'MRN-7' }),
    );
  });

  it('updates with If-Match, audited in the patient’s history, and refuses an old version', async () => {
    const { patient, etag } = await read(s.patient.id);
    const changed: Patient = {
      ...patient,
      telecom: [
        { system: 'email', value: 'jose@clinic-mail.example' },
        { system: 'phone', value: '+1 (555) 010-9999' },
      ],
      birthDate: '1979-05-14',
    };
    const res = await fhir.put(`/Patient/${s.patient.id}`, changed, { 'if-match': etag! });
    expect(res.statusCode, res.body).toBe(200);
    const updated = expectValidFhir(res.json() as Patient);
    expect(updated.meta?.versionId).toBe('2');
    expect(updated.birthDate).toBe('1979-05-14');

    const profile = patientProfile.parse((await staff.get(`/api/patients/${s.patient.id}`)).json());
    expect(profile.patient.email).toBe('jose@clinic-mail.example');
    expect(profile.history[0]!.by).toBe('EHR sync (API token)');
    expect(profile.history[0]!.changes.map((c) => c.field)).toEqual(
      expect.arrayContaining(['email', 'phone', 'dob']),
    );

    const stale = await fhir.put(`/Patient/${s.patient.id}`, changed, { 'if-match': etag! });
    expect(stale.statusCode).toBe(412);
    expect(JSON.stringify(stale.json())).toMatch(/version 1: it is at version 2/);
  });

  it('takes an update that leaves out the e-mail and the given name, and reads it back without them', async () => {
    const { patient, etag } = await read(s.patient.id);
    const res = await fhir.put(
      `/Patient/${s.patient.id}`,
      { ...patient, name: [{ use: 'official', family: 'Núñez' }], telecom: undefined },
      { 'if-match': etag! },
    );
    expect(res.statusCode, res.body).toBe(200);
    const updated = expectValidFhir(res.json() as Patient);
    expect(updated.telecom).toBeUndefined();
    expect(updated.name?.[0]?.given).toBeUndefined();
    const profile = patientProfile.parse((await staff.get(`/api/patients/${s.patient.id}`)).json());
    expect(profile.patient).toMatchObject({ firstName: '', email: null, phone: null });
  });

  it('refuses a resource for another id, a bad value, a language it does not speak, and a read-only token', async () => {
    const { patient } = await read(s.patient.id);
    const wrongId = await fhir.put(`/Patient/${s.patient.id}`, {
      ...patient,
      id: s.otherPatient.id,
    });
    expect(wrongId.statusCode).toBe(400);
    const badCountry = await fhir.put(`/Patient/${s.patient.id}`, {
      ...patient,
      address: [{ country: 'United States' }],
    });
    expect(badCountry.statusCode).toBe(400);
    expect(JSON.stringify(badCountry.json())).toMatch(/Patient\.address\.country/);
    const german = await fhir.put(`/Patient/${s.patient.id}`, {
      ...patient,
      communication: [{ language: { coding: [{ system: 'urn:ietf:bcp:47', code: 'de' }] } }],
    });
    expect(german.statusCode).toBe(422);
    const foreign = await fhir.put(`/Patient/${s.foreignPatient.id}`, {
      ...patient,
      id: s.foreignPatient.id,
    });
    expect(foreign.statusCode).toBe(404);
    const { fhir: readOnly } = await fhirScenario(env, { scopes: ['read'], name: 'Reader' });
    expect((await readOnly.put(`/Patient/${s.patient.id}`, patient)).statusCode).toBe(403);
    expect((await read(s.patient.id)).patient.meta?.versionId).toBe('1');
  });

  it('searches by birth date, family, given, gender, phone and record number', async () => {
    // The scenario's own patients have made-up names, birth dates and phones: one born in 1984
    // or named Garcia would be found too, so they are given ones no search here matches.
    await env.db
      .update(t.patients)
      .set({
        firstName: 'Rosa',
        lastName: 'Lind',
        dob: '1990-06-15',
        gender: null,
        phone: null,
        recordNumber: null,
      })
      .where(eq(t.patients.clinicId, s.clinic.id));
    const maria = await createPatient(env.db, s.clinic.id, {
      firstName: 'María',
      lastName: 'García',
      email: 'maria@example.org',
      dob: '1984-02-29',
      gender: 'female',
      phone: '(555) 010-4477',
      recordNumber: 'MRN-00912',
    });
    await createPatient(env.db, s.foreign.id, { lastName: 'García', dob: '1984-02-29' });
    expect(await found('birthdate=1984-02-29')).toEqual([maria.id]);
    expect(await found('birthdate=ge1984-01-01&birthdate=lt1985-01-01')).toEqual([maria.id]);
    expect(await found('family=garc')).toEqual([maria.id]);
    expect(await found('given=MAR&family=gar')).toEqual([maria.id]);
    expect(await found('gender=female')).toEqual([maria.id]);
    expect(await found(`phone=${encodeURIComponent('+1 555 010 4477')}`)).toEqual([maria.id]);
    expect(await found('phone=0104477')).toEqual([maria.id]);
    expect(await found('identifier=mrn-00912')).toEqual([maria.id]);
    expect(await found('identifier=urn:carebook:record-number|MRN-00912')).toEqual([maria.id]);
    expect(await found('identifier=urn:ietf:rfc:3986|MRN-00912')).toEqual([]);
    expect((await fhir.get('/Patient?gender=robot')).statusCode).toBe(400);
    expect((await fhir.get('/Patient?birthdate=1984-02-30')).statusCode).toBe(400);
  });

  it('answers a read of a merged-away record with replaced-by, and leaves it out of search', async () => {
    await env.db
      .update(t.patients)
      .set({ dob: '1979-05-04' })
      .where(eq(t.patients.id, s.patient.id));
    const twin = await createPatient(env.db, s.clinic.id, {
      firstName: 'Jose',
      lastName: 'Nunez',
      dob: '1979-05-04',
    });
    const merge = await staff.post(`/api/patients/${s.patient.id}/merge`, {
      mergedAwayId: twin.id,
      version: 1,
      mergedAwayVersion: 1,
    });
    expect(merge.statusCode, merge.body).toBe(200);
    const { patient: away } = await read(twin.id);
    expect(away).toMatchObject({
      active: false,
      link: [{ other: { reference: `Patient/${s.patient.id}` }, type: 'replaced-by' }],
    });
    const { patient: kept } = await read(s.patient.id);
    expect(kept).toMatchObject({
      active: true,
      link: [{ other: { reference: `Patient/${twin.id}` }, type: 'replaces' }],
    });
    expect(await found('birthdate=1979-05-04')).toEqual([s.patient.id]);
    expect(await found(`_id=${twin.id}`)).toEqual([twin.id]);
    const put = await fhir.put(`/Patient/${twin.id}`, { ...away, gender: 'male' });
    expect(put.statusCode).toBe(409);
  });

  it('reads family and given as R4 strings: start, :contains and :exact, accents and case aside', async () => {
    const maria = await createPatient(env.db, s.clinic.id, {
      firstName: 'María José',
      lastName: 'García-Márquez',
      preferredName: 'Majo',
    });
    const zoe = await createPatient(env.db, s.clinic.id, { firstName: 'Zoë', lastName: 'Garcia' });
    const q = (query: string) => found(query).then((list) => list.sort());
    expect(await q('family=garcia')).toEqual([maria.id, zoe.id].sort());
    expect(await q('family=GARCÍA-M')).toEqual([maria.id]);
    expect(await q('family=marquez')).toEqual([]);
    expect(await q('family:contains=MARQ')).toEqual([maria.id]);
    expect(await q('family:contains=rci')).toEqual([maria.id, zoe.id].sort());
    expect(await q(`family:exact=${encodeURIComponent('García-Márquez')}`)).toEqual([maria.id]);
    expect(await q('family:exact=garcia-marquez')).toEqual([]);
    expect(await q('family:exact=Garcia')).toEqual([zoe.id]);
    expect(await q('given=zoe')).toEqual([zoe.id]);
    expect(await q(`given:exact=${encodeURIComponent('Zoë')}`)).toEqual([zoe.id]);
    expect(await q('given:exact=Zoe')).toEqual([]);
    expect(await q('given:contains=JOSE')).toEqual([maria.id, s.patient.id].sort());
    expect(await q('given=maj')).toEqual([maria.id]);
    // A comma is "any of"; repetitions must all hold.
    expect(await q('family=smith,garcia-m')).toEqual([maria.id, s.otherPatient.id].sort());
    expect(await q('family=garcia&given=zo')).toEqual([zoe.id]);
    // A LIKE wildcard typed is a character, not a pattern.
    expect(await q('family:contains=%25')).toEqual([]);
    expect(await q('family=_')).toEqual([]);
    // A value of only commas names nothing: a 400 naming the parameter, not a failed query.
    for (const query of ['family=,', 'given:contains=%2C%2C', 'phone=,']) {
      const res = await fhir.get(`/Patient?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(expectValidFhir(res.json())), query).toContain(query.split('=')[0]);
    }
  });

  it('reads every prefix on birthdate, a whole day', async () => {
    const born = async (dob: string) =>
      (await createPatient(env.db, s.clinic.id, { lastName: `Born${dob}`, dob })).id;
    await env.db.update(t.patients).set({ dob: null }).where(eq(t.patients.clinicId, s.clinic.id));
    const early = await born('1984-02-28');
    const leap = await born('1984-02-29');
    const march = await born('1984-03-01');
    const later = await born('1990-06-15');
    const q = (query: string) => found(query).then((list) => list.sort());
    expect(await q('birthdate=ne1984-02-29')).toEqual([early, march, later].sort());
    expect(await q('birthdate=sa1984-02-29')).toEqual([march, later].sort());
    expect(await q('birthdate=eb1984-02-29')).toEqual([early]);
    expect(await q('birthdate=gt1984-02-29')).toEqual([march, later].sort());
    expect(await q('birthdate=le1984-02-29')).toEqual([early, leap].sort());
    expect(await q('birthdate=1984-02')).toEqual([early, leap].sort());
    expect(await q('birthdate=ne1984')).toEqual([later]);
    // ap: within a tenth of the time from now (2026-11-23): 41 years, about four either side.
    expect(await q('birthdate=ap1986-01-01')).toEqual([early, leap, march].sort());
    expect(await q('birthdate=ap2000-01-01')).toEqual([]);
    // A value with a time takes in the day it falls in.
    expect(await q('birthdate=ge1984-02-29T10:00:00Z&birthdate=lt1984-03-01')).toEqual([leap]);
    for (const bad of ['ne1984-02-30', 'xx1984', 'ge', '1984-2-29']) {
      const res = await fhir.get(`/Patient?birthdate=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(JSON.stringify(expectValidFhir(res.json())), bad).toContain('birthdate');
    }
  });
});
