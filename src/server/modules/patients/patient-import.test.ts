import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  patientImport,
  patientImportRowPage,
  patientImportUpload,
  PATIENT_IMPORT_TOO_LARGE,
  type PatientImport,
  type PatientImportUpload,
} from '@contracts/patient-import';
import { queryRows } from '../../db/client';
import * as t from '../../db/schema';
import { apiAs, type Api } from '../../test/api-client';
import { createSignInUser } from '../../test/auth-helpers';
import { clinicDataVersion } from '../../test/data-version';
import { createPatient } from '../../test/factories';
import { useScenario, useTestApp } from '../../test/test-app';

const env = useTestApp({ now: '2026-11-23T12:00:00Z' });

const dataVersion = (clinicId: string) => clinicDataVersion(env.db, clinicId);

/** Search words that differ from each patient's text split as the trigger splits it. */
async function wordsAwry() {
  return queryRows<{ patient_id: string; word: string }>(
    env.db,
    sql`
    (select p.id as patient_id, w.word, p.clinic_id, p.last_name, p.first_name
       from patients p cross join lateral unnest(string_to_array(p.search_text, ' ')) as w(word)
       where w.word <> ''
     except select patient_id, word, clinic_id, last_name, first_name from patient_search_words)
    union all
    (select patient_id, word, clinic_id, last_name, first_name from patient_search_words
     except select p.id, w.word, p.clinic_id, p.last_name, p.first_name
       from patients p cross join lateral unnest(string_to_array(p.search_text, ' ')) as w(word)
       where w.word <> '')`,
  );
}
const scene = useScenario(env, 'provider', 'admin');

const HEADER = 'Record number,First name,Last name,Date of birth,Gender,E-mail,Phone,Country';

function upload(
  api: Api,
  body: string | Buffer,
  query = 'fileName=patients.csv',
  type = 'text/csv',
) {
  return api.call('POST', `/api/patients/imports?${query}`, body, { 'content-type': type });
}

async function uploaded(
  api: Api,
  body: string | Buffer,
  query?: string,
): Promise<PatientImportUpload> {
  const res = await upload(api, body, query);
  expect(res.statusCode, res.body).toBe(201);
  return patientImportUpload.parse(res.json());
}

async function check(api: Api, up: PatientImportUpload): Promise<PatientImport> {
  const res = await api.post(`/api/patients/imports/${up.import.id}/check`, {
    mapping: up.suggestedMapping,
  });
  expect(res.statusCode, res.body).toBe(200);
  return patientImport.parse(res.json());
}

async function rows(api: Api, id: string, query = '') {
  const res = await api.get(`/api/patients/imports/${id}/rows?limit=200&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return patientImportRowPage.parse(res.json()).rows;
}

async function apply(api: Api, id: string): Promise<PatientImport> {
  const res = await api.post(`/api/patients/imports/${id}/apply`);
  expect(res.statusCode, res.body).toBe(202);
  await expect
    .poll(
      async () => patientImport.parse((await api.get(`/api/patients/imports/${id}`)).json()).status,
    )
    .toMatch(/applied|failed/);
  return patientImport.parse((await api.get(`/api/patients/imports/${id}`)).json());
}

/** Patients of the scenario's clinic and their versions, to show what a step changed. */
async function clinicPatients() {
  return env.db
    .select({ email: t.patients.email, version: t.patients.version, first: t.patients.firstName })
    .from(t.patients)
    .where(eq(t.patients.clinicId, scene.s.clinic.id))
    .orderBy(t.patients.email);
}

const patientAudits = async () =>
  (
    await env.db
      .select({ n: sql<number>`count(*)::int` })
      .from(t.auditLog)
      .where(
        and(
          eq(t.auditLog.entityType, 'patient'),
          sql`${t.auditLog.action} in ('create', 'update')`,
        ),
      )
  )[0]!.n;

describe('importing patients from a CSV file', () => {
  const file = () =>
    [
      HEADER,
      // new
      'MRN-1,Lucía,Fernández,1990-05-17,F,lucia@example.org,(555) 201-0001,es',
      // updates José Núñez (matched by e-mail): phone and record number
      'MRN-2,José,Núñez,,,JOSE.NUNEZ@example.com,(555) 201-0002,',
      // unchanged: Anna Smith as she is
      ',Anna,Smith,,,anna.smith@example.com,,',
      // duplicate of row 2 (same record number)
      'MRN-1,Lucia,Fernandez,1990-05-17,,lucia.f@example.org,,',
      // invalid: bad e-mail; bad date; missing name; unknown gender; bad country
      'MRN-5,Bob,Stone,1980-01-01,,bob@,,',
      'MRN-6,Cara,Lane,31/12/1980,,cara@example.org,,',
      'MRN-7,,Moss,,,moss@example.org,,',
      'MRN-8,Dan,Ray,,X,dan@example.org,,',
      'MRN-9,Eve,Ash,,,eve@example.org,,USA',
      // likely duplicate of an existing patient: same name and date of birth, other e-mail
      ',Grace,Hopper,1936-12-09,,ghopper@example.net,,',
    ].join('\r\n');

  it('checks a file row by row with reasons, changes nobody, then applies it; the same file again changes nothing', async () => {
    const { staff, s } = scene;
    await createPatient(env.db, s.clinic.id, {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      dob: '1936-12-09',
    });
    const before = await clinicPatients();
    const up = await uploaded(staff, file());
    expect(up.encoding).toBe('utf-8');
    expect(up.headers).toEqual(HEADER.split(','));
    expect(up.import).toMatchObject({
      status: 'uploaded',
      totalRows: 10,
      clinic: { slug: s.clinic.slug },
    });
    expect(up.suggestedMapping).toMatchObject({
      recordNumber: 'Record number',
      firstName: 'First name',
      email: 'E-mail',
      dob: 'Date of birth',
      city: null,
    });

    const checked = await check(staff, up);
    expect(checked.status).toBe('checked');
    expect(checked.counts).toEqual({ new: 1, updated: 1, unchanged: 1, duplicate: 2, invalid: 5 });
    const reasons = Object.fromEntries(
      (await rows(staff, up.import.id)).map((r) => [r.rowNumber, r]),
    );
    expect(reasons[2]).toMatchObject({ outcome: 'new', reason: null });
    expect(reasons[3]).toMatchObject({
      outcome: 'updated',
      reason: 'Changes phone, record number.',
      patientId: s.patient.id,
    });
    expect(reasons[4]).toMatchObject({ outcome: 'unchanged', patientId: s.otherPatient.id });
    expect(reasons[5]).toMatchObject({
      outcome: 'duplicate',
      reason: 'Record number MRN-1 is already on row 2 of this file.',
    });
    expect(reasons[6]).toMatchObject({
      outcome: 'invalid',
      reason: 'E-mail “bob@” must be a valid email address.',
    });
    expect(reasons[7]!.reason).toBe(
      'Date of birth “31/12/1980” must be a date such as 1980-04-30.',
    );
    expect(reasons[8]!.reason).toBe('First name is missing.');
    expect(reasons[9]!.reason).toBe(
      'Gender “X” must be male, female, other or unknown (M, F, O or U).',
    );
    expect(reasons[10]!.reason).toBe('Country “USA” must be a two-letter country code such as US.');
    expect(reasons[11]!.outcome).toBe('duplicate');
    expect(reasons[11]!.reason).toMatch(
      /^Likely Grace Hopper, born 1936-12-09, already a patient with e-mail grace@example.com/,
    );
    expect(await rows(staff, up.import.id, 'outcome=invalid')).toHaveLength(5);
    expect(await clinicPatients()).toEqual(before);

    const auditsBefore = await patientAudits();
    const versionBefore = await dataVersion(s.clinic.id);
    const done = await apply(staff, up.import.id);
    expect(done).toMatchObject({ status: 'applied', processedRows: 10 });
    expect(done.counts).toEqual(checked.counts);
    expect(await patientAudits()).toBe(auditsBefore + 2);
    // A batch skips the per-row triggers and writes its words and the clinic's number itself:
    // the words are exactly those the trigger would have written, and cached answers move on.
    expect(await wordsAwry()).toEqual([]);
    expect(await dataVersion(s.clinic.id)).toBeGreaterThan(versionBefore);
    const found = await staff.get('/api/patients?q=lucia');
    expect(found.json().patients).toMatchObject([
      { firstName: 'Lucía', lastName: 'Fernández', recordNumber: 'MRN-1' },
    ]);
    const jose = await staff.get(`/api/patients/${s.patient.id}`);
    expect(jose.json().patient).toMatchObject({
      phone: '(555) 201-0002',
      recordNumber: 'MRN-2',
      version: 2,
    });
    expect(jose.json().history[0].changes.map((c: { field: string }) => c.field)).toEqual([
      'phone',
      'recordNumber',
    ]);

    const after = await clinicPatients();
    const again = await uploaded(staff, file());
    const rechecked = await check(staff, again);
    expect(rechecked.counts).toEqual({
      new: 0,
      updated: 0,
      unchanged: 3,
      duplicate: 2,
      invalid: 5,
    });
    const twice = await apply(staff, again.import.id);
    expect(twice.status).toBe('applied');
    expect(await clinicPatients()).toEqual(after);
    expect(await patientAudits()).toBe(auditsBefore + 2);
  });

  it('reads UTF-8 with and without a byte-order mark, and Windows-1252', async () => {
    const { staff } = scene;
    const text = `First name;Last name;E-mail\r\nRenée;Müller;renee@example.org\r\nIñigo;Peña;inigo@example.org\r\n`;
    const cases: Array<[Buffer, string]> = [
      [Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]), 'utf-8-bom'],
      [Buffer.from(text, 'utf8'), 'utf-8'],
      [Buffer.from(text, 'latin1'), 'windows-1252'],
    ];
    for (const [bytes, encoding] of cases) {
      await env.reset();
      await scene.makeAgain();
      const up = await uploaded(scene.staff, bytes);
      expect(up.encoding).toBe(encoding);
      expect(up.headers).toEqual(['First name', 'Last name', 'E-mail']);
      expect(up.preview).toEqual([
        ['Renée', 'Müller', 'renee@example.org'],
        ['Iñigo', 'Peña', 'inigo@example.org'],
      ]);
      expect((await check(scene.staff, up)).counts?.new).toBe(2);
      expect((await apply(scene.staff, up.import.id)).status).toBe('applied');
      const names = (await scene.staff.get('/api/patients?q=pena')).json().patients;
      expect(names).toMatchObject([{ firstName: 'Iñigo', lastName: 'Peña' }]);
    }
    void staff;
  });

  it('remembers the clinic’s last mapping for its next file', async () => {
    const { staff } = scene;
    const up = await uploaded(
      staff,
      'Given,Family,Mail address,Chart\nAda,Lovelace,ada@example.org,C-1\n',
    );
    expect(up.suggestedMapping).toMatchObject({
      firstName: 'Given',
      lastName: 'Family',
      email: null,
    });
    const mapping = { ...up.suggestedMapping, email: 'Mail address', recordNumber: 'Chart' };
    const res = await staff.post(`/api/patients/imports/${up.import.id}/check`, { mapping });
    expect(res.statusCode, res.body).toBe(200);
    const next = await uploaded(
      staff,
      'Given,Family,Mail address,Chart,City\nAl,Haytham,al@example.org,C-2,Basra\n',
    );
    expect(next.suggestedMapping).toMatchObject({
      firstName: 'Given',
      email: 'Mail address',
      recordNumber: 'Chart',
      city: 'City',
    });
  });

  it('refuses a file of 50 MB with a sentence, and keeps nothing', async () => {
    const big = Buffer.alloc(50 * 1000 * 1000, 'a');
    const res = await upload(scene.staff, big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'payload_too_large', message: PATIENT_IMPORT_TOO_LARGE });
    expect(await env.db.select().from(t.patientImports)).toEqual([]);
  });

  it('answers every bad input with a 4xx that says what to do, and changes nothing', async () => {
    const { staff } = scene;
    const bad: Array<[string | Buffer, string, number, RegExp]> = [
      ['', 'fileName=a.csv', 400, /empty/],
      [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1]), 'fileName=a.png', 400, /binary/],
      ['First name,Last name,E-mail\n', 'fileName=a.csv', 400, /no patients/],
      ['First name,First name\nA,B\n', 'fileName=a.csv', 400, /Two columns are named “First name”/],
      ['a,"b\nc,d\n', 'fileName=a.csv', 400, /cannot be read as CSV/],
      // Millions of one-letter lines would be held in memory at once.
      [`E-mail\n${'a\n'.repeat(200_001)}`, 'fileName=a.csv', 400, /more than 200,000 rows/],
      ['First name,Last name,E-mail\nA,B,c@d.org\n', '', 400, /query/i],
      [
        'First name,Last name,E-mail\nA,B,c@d.org\n',
        `fileName=a.csv&clinic=${scene.s.foreign.slug}`,
        404,
        /Clinic not found/,
      ],
    ];
    for (const [body, query, status, message] of bad) {
      const res = await upload(staff, body, query);
      expect(res.statusCode, res.body).toBe(status);
      expect(`${res.json().message} ${res.json().details ?? ''}`).toMatch(message);
    }
    const wrongType = await upload(staff, '{}', 'fileName=a.csv', 'application/json');
    expect(wrongType.statusCode).toBe(400);
    const image = await upload(staff, 'x', 'fileName=a.csv', 'image/png');
    expect(image.statusCode).toBe(415);
    expect(image.json().message).toMatch(/text\/csv/);
    expect(await env.db.select().from(t.patientImports)).toEqual([]);

    const up = await uploaded(staff, 'First name,Last name,E-mail\nA,B,c@d.org\n');
    const mappings: Array<[Record<string, unknown>, RegExp]> = [
      [{ firstName: 'First name', lastName: 'Last name' }, /E-mail needs a column/],
      [
        { firstName: 'First name', lastName: 'Last name', email: 'Mail' },
        /E-mail is column “Mail”, which this file does not have/,
      ],
      [
        { firstName: 'First name', lastName: 'First name', email: 'E-mail' },
        /already chosen for first name/,
      ],
      [
        { firstName: 'First name', lastName: 'Last name', email: 'E-mail', shoeSize: 'E-mail' },
        /shoeSize/,
      ],
    ];
    for (const [mapping, message] of mappings) {
      const res = await staff.post(`/api/patients/imports/${up.import.id}/check`, { mapping });
      expect(res.statusCode, res.body).toBe(400);
      expect(JSON.stringify(res.json())).toMatch(message);
    }
    expect(
      (await staff.get(`/api/patients/imports/${up.import.id}/rows?outcome=maybe`)).statusCode,
    ).toBe(400);
    expect((await staff.get('/api/patients/imports/not-an-id')).statusCode).toBe(400);
    const early = await staff.post(`/api/patients/imports/${up.import.id}/apply`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/Check this file first/);
    expect((await staff.get(`/api/patients/imports/${up.import.id}`)).json().status).toBe(
      'uploaded',
    );
  });

  it('keeps imports to their clinic and their people: providers are refused, another clinic’s import is not found', async () => {
    const { staff, provider, s } = scene;
    const up = await uploaded(staff, 'First name,Last name,E-mail\nA,B,c@d.org\n');
    const refused = await upload(provider, 'First name,Last name,E-mail\nA,B,c@d.org\n');
    expect(refused.statusCode).toBe(403);
    expect((await provider.get(`/api/patients/imports/${up.import.id}`)).statusCode).toBe(403);
    expect((await provider.post(`/api/patients/imports/${up.import.id}/apply`)).statusCode).toBe(
      403,
    );

    const foreignDesk = await createSignInUser(env.db, {
      role: 'staff',
      clinicIds: [s.foreign.id],
    });
    const other = await apiAs(env.app, foreignDesk.email);
    for (const path of ['', '/rows']) {
      expect((await other.get(`/api/patients/imports/${up.import.id}${path}`)).statusCode).toBe(
        404,
      );
    }
    expect(
      (
        await other.post(`/api/patients/imports/${up.import.id}/check`, {
          mapping: up.suggestedMapping,
        })
      ).statusCode,
    ).toBe(404);
    expect((await other.post(`/api/patients/imports/${up.import.id}/apply`)).statusCode).toBe(404);

    const both = await createSignInUser(env.db, {
      role: 'admin',
      clinicIds: [s.clinic.id, s.foreign.id],
    });
    const twoClinics = await apiAs(env.app, both.email);
    const unchosen = await upload(twoClinics, 'First name,Last name,E-mail\nA,B,c@d.org\n');
    expect(unchosen.statusCode).toBe(400);
    expect(unchosen.json().message).toBe('Choose the clinic these patients belong to.');
    const chosen = await uploaded(
      twoClinics,
      'First name,Last name,E-mail\nA,B,c@d.org\n',
      `fileName=a.csv&clinic=${s.foreign.slug}`,
    );
    expect(chosen.import.clinic.slug).toBe(s.foreign.slug);
  });

  it('lets an apply that stopped be applied again, and goes on where it stopped', async () => {
    const { admin } = scene;
    const up = await uploaded(admin, `${HEADER}\n,Ida,Wells,,,ida@example.org,,\n`);
    await check(admin, up);
    await env.db
      .update(t.patientImports)
      .set({ status: 'applying', heartbeatAt: new Date(env.now().getTime() - 10_000) })
      .where(eq(t.patientImports.id, up.import.id));
    const busy = await admin.post(`/api/patients/imports/${up.import.id}/apply`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toMatch(/being imported now/);
    env.advance(61_000);
    const done = await apply(admin, up.import.id);
    expect(done.counts?.new).toBe(1);
    const late = await admin.post(`/api/patients/imports/${up.import.id}/apply`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/already imported/);
  });
});
