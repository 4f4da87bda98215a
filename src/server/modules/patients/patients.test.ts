import { beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import {
  patientPage,
  patientProfile,
  patientRecord,
  type PatientPage,
  type PatientProfile,
} from '@contracts/patients';
import * as t from '../../db/schema';
import { apiAs, type Api } from '../../test/api-client';
import { createAppointment, createPatient } from '../../test/factories';
import { bookThroughApi, createBody, type ClinicScenario } from '../../test/scenario';
import { sinkWorker } from '../../test/mail-worker';
import { useSmtpSink } from '../../test/smtp-sink';
import { useTestApp } from '../../test/test-app';

const env = useTestApp({ now: '2026-11-23T12:00:00Z' }); // Monday 07:00 in New York
let s: ClinicScenario;
let staff: Api;
const sink = useSmtpSink();
beforeEach(async () => {
  ({ s, staff } = await env.scenario());
  sink.inbox.length = 0;
});

async function page(api: Api, query: string): Promise<PatientPage> {
  const res = await api.get(`/api/patients?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return patientPage.parse(res.json());
}

const names = (p: PatientPage) => p.patients.map((x) => `${x.firstName} ${x.lastName}`);

async function profile(api: Api, id: string): Promise<PatientProfile> {
  const res = await api.get(`/api/patients/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return patientProfile.parse(res.json());
}

describe('finding patients', () => {
  beforeEach(async () => {
    await createPatient(env.db, s.clinic.id, {
      firstName: 'María',
      lastName: 'García',
      email: 'mgarcia@example.org',
      phone: '(555) 010-4477',
      dob: '1984-02-29',
      recordNumber: 'MRN-00912',
    });
  });

  it('finds by the start of a name or e-mail, accents aside', async () => {
    expect(names(await page(staff, 'q=mar gar'))).toEqual(['María García']);
    expect(names(await page(staff, 'q=MGARCIA'))).toEqual(['María García']);
    expect(names(await page(staff, 'q=arcia'))).toEqual([]);
  });

  it('finds by phone digits however they are written, by birth date, and by record number', async () => {
    expect(names(await page(staff, 'q=555 0104'))).toEqual(['María García']);
    expect(names(await page(staff, 'q=4477'))).toEqual(['María García']);
    expect(names(await page(staff, 'q=1984-02-29'))).toEqual(['María García']);
    expect(names(await page(staff, `q=${encodeURIComponent('2/29/1984')}`))).toEqual([
      'María García',
    ]);
    expect(names(await page(staff, 'q=mrn-009'))).toEqual(['María García']);
    expect(names(await page(staff, 'q=1984-03-01'))).toEqual([]);
  });

  it('shows only the caller’s clinics, and a clinic of someone else is not found', async () => {
    const all = await page(staff, '');
    expect(all.patients.map((p) => p.id)).not.toContain(s.foreignPatient.id);
    expect(all.patients.every((p) => p.clinic.slug === s.clinic.slug)).toBe(true);
    const foreign = await staff.get(`/api/patients?clinic=${s.foreign.slug}`);
    expect(foreign.statusCode).toBe(404);
    const byName = await page(staff, `q=${encodeURIComponent(s.foreignPatient.lastName)}`);
    expect(byName.patients.map((p) => p.id)).not.toContain(s.foreignPatient.id);
  });

  it('pages through everyone in name order without gaps or repeats', async () => {
    for (let i = 0; i < 7; i++) {
      await createPatient(env.db, s.clinic.id, { lastName: 'Page', firstName: `Person${i}` });
    }
    const seen: string[] = [];
    let after: string | null = '';
    let pages = 0;
    while (after !== null) {
      const next: PatientPage = await page(
        staff,
        `limit=4${after ? `&after=${encodeURIComponent(after)}` : ''}`,
      );
      seen.push(...next.patients.map((p) => `${p.lastName},${p.firstName},${p.id}`));
      after = next.next;
      pages++;
    }
    expect(pages).toBe(3); // 10 patients, 4 a page
    expect(new Set(seen).size).toBe(10);
    expect([...seen].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(seen);
  });

  it('pages a search past archived patients who come first, each patient once', async () => {
    // The search first takes only the first candidates in name order (4 per row of the page):
    // nine archived patients fill them all, and the page must still be found beyond them.
    for (let i = 0; i < 9; i++) {
      await createPatient(env.db, s.clinic.id, {
        lastName: 'Aardvark',
        firstName: `Arch${i}`,
        email: `arch${i}@example.org`,
        archivedAt: new Date('2026-11-01T00:00:00Z'),
      });
    }
    // Found twice: by her name and by her record number's start.
    await createPatient(env.db, s.clinic.id, {
      lastName: 'Aardvark',
      firstName: 'Zara',
      email: 'zara@example.org',
      recordNumber: 'AARDV-1',
    });
    await createPatient(env.db, s.clinic.id, {
      lastName: 'Aardvark',
      firstName: 'Zed',
      email: 'zed@example.org',
    });
    const first = await page(staff, 'q=aardv&limit=1');
    expect(names(first)).toEqual(['Zara Aardvark']);
    expect(first.next).not.toBeNull();
    const second = await page(staff, `q=aardv&limit=1&after=${encodeURIComponent(first.next!)}`);
    expect(names(second)).toEqual(['Zed Aardvark']);
    expect(second.next).toBeNull();
    expect(names(await page(staff, 'q=aardv&archived=true&limit=3'))).toEqual([
      'Arch0 Aardvark',
      'Arch1 Aardvark',
      'Arch2 Aardvark',
    ]);
  });

  it('refuses a made-up page position with a sentence, not a failure', async () => {
    for (const after of ['nonsense', Buffer.from('["a","b","c"]').toString('base64url')]) {
      const res = await staff.get(`/api/patients?after=${after}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toMatch(/first page/);
    }
  });

  it('shows each patient’s next open visit and leaves archived patients out unless asked', async () => {
    const booked = await bookThroughApi(staff, s, '2026-11-24T15:00:00.000Z');
    const listed = (await page(staff, 'q=jose')).patients[0]!;
    expect(listed.nextVisit).toBe(booked.date);
    // The list without a search reads the next visits in the statement that walks the names.
    const everyone = (await page(staff, '')).patients;
    expect(everyone.find((p) => p.id === s.patient.id)?.nextVisit).toBe(booked.date);
    expect(everyone.filter((p) => p.id !== s.patient.id).map((p) => p.nextVisit)).toEqual(
      everyone.filter((p) => p.id !== s.patient.id).map(() => null),
    );
    await env.db
      .update(t.patients)
      .set({ archivedAt: new Date() })
      .where(eq(t.patients.id, s.patient.id));
    expect(names(await page(staff, 'q=jose'))).toEqual([]);
    expect(names(await page(staff, 'q=jose&archived=true'))).toEqual(['José Núñez']);
  });
});

describe('a patient’s profile', () => {
  it('lists visits, counts no-shows and late cancellations, and is audited as a read', async () => {
    const refs = { clinicId: s.clinic.id, patientId: s.patient.id, staffId: s.provider.id };
    await createAppointment(env.db, refs, {
      start: new Date('2026-11-02T15:00:00Z'),
      status: 'NO_SHOW',
    });
    await createAppointment(env.db, refs, {
      start: new Date('2026-11-09T15:00:00Z'),
      status: 'COMPLETED',
    });
    const upcoming = await bookThroughApi(staff, s, '2026-11-30T15:00:00.000Z');
    // Cancelled three hours before its start: inside the clinic's 24-hour cut-off.
    const late = await bookThroughApi(staff, s, '2026-11-23T15:00:00.000Z');
    const cancel = await staff.post(`/api/appointments/${late._id}?action=cancel`, {
      reason: 'Car broke down',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const p = await profile(staff, s.patient.id);
    expect(p.patient).toMatchObject({ firstName: 'José', lastName: 'Núñez', version: 1 });
    expect(p.visits.upcoming.map((v) => v.id)).toEqual([upcoming._id]);
    expect(p.visits.past.map((v) => v.status)).toEqual(['CANCELLED', 'COMPLETED', 'NO_SHOW']);
    expect(p.visits.past[0]!.lateCancellation).toBe(true);
    expect(p.counts).toEqual({ completed: 1, noShows: 1, cancelled: 1, lateCancellations: 1 });
    expect(p.canEdit).toBe(true);

    const reads = await env.db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.patientId, s.patient.id), eq(t.auditLog.action, 'read')));
    expect(reads.length).toBeGreaterThan(0);
  });

  it('is not found for another clinic’s patient, and read-only for a provider', async () => {
    expect((await staff.get(`/api/patients/${s.foreignPatient.id}`)).statusCode).toBe(404);
    const provider = await apiAs(env.app, s.provider.email);
    expect((await profile(provider, s.patient.id)).canEdit).toBe(false);
    const edit = await provider.patch(`/api/patients/${s.patient.id}`, {
      version: 1,
      phone: '555 123 4567',
    });
    expect(edit.statusCode).toBe(403);
    const note = await provider.post(`/api/patients/${s.patient.id}/notes`, { text: 'Hi' });
    expect(note.statusCode).toBe(403);
  });
});

describe('who may change patient records', () => {
  it('is the front desk and admins until an admin chooses other roles for the clinic', async () => {
    const admin = await apiAs(env.app, s.admin.email);
    const provider = await apiAs(env.app, s.provider.email);
    const policyUrl = `/api/admin/clinics/${s.clinic.slug}/policy`;
    const reminders = { offsetsMinutes: [1440, 120] };
    expect((await admin.get(policyUrl)).json().policy.patientRecords).toEqual({
      editorRoles: ['staff'],
    });
    expect((await page(provider, '')).editableClinics).toEqual([]);
    expect((await page(staff, '')).editableClinics).toEqual([s.clinic.slug]);

    // Only the roles an admin may choose, each once; nothing saved otherwise.
    for (const editorRoles of [['admin'], ['staff', 'staff'], 'staff']) {
      const bad = await admin.put(policyUrl, { reminders, patientRecords: { editorRoles } });
      expect(bad.statusCode, bad.body).toBe(400);
      expect(bad.json().details).toMatch(/\w/);
    }
    // Another staff role cannot choose.
    const byStaff = await staff.put(policyUrl, {
      reminders,
      patientRecords: { editorRoles: ['staff', 'provider'] },
    });
    expect(byStaff.statusCode).toBe(403);

    const saved = await admin.put(policyUrl, {
      reminders,
      patientRecords: { editorRoles: ['provider'] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().policy.patientRecords).toEqual({ editorRoles: ['provider'] });
    // A save that leaves the section out keeps it.
    await admin.put(policyUrl, { reminders });
    expect((await admin.get(policyUrl)).json().policy.patientRecords.editorRoles).toEqual([
      'provider',
    ]);

    expect((await profile(provider, s.patient.id)).canEdit).toBe(true);
    expect((await profile(staff, s.patient.id)).canEdit).toBe(false);
    expect((await page(provider, '')).editableClinics).toEqual([s.clinic.slug]);
    const byProvider = await provider.patch(`/api/patients/${s.patient.id}`, {
      version: 1,
      phone: '555 123 4567',
    });
    expect(byProvider.statusCode, byProvider.body).toBe(200);
    const refused = await staff.patch(`/api/patients/${s.patient.id}`, {
      version: 2,
      phone: '555 000 0000',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/Ask an admin/);
    expect((await staff.get('/api/patients/export')).statusCode).toBe(403);
    expect((await profile(admin, s.patient.id)).patient.phone).toBe('555 123 4567');
  });
});

describe('correcting a patient’s details', () => {
  it('saves the change, audits it, and shows who changed what from what in the history', async () => {
    const res = await staff.patch(`/api/patients/${s.patient.id}`, {
      version: 1,
      email: 'Jose.Nunez@Example.net',
      preferredName: 'Pepe',
      gender: 'male',
      country: 'us',
      remindersOptOut: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = patientRecord.parse(res.json());
    expect(saved).toMatchObject({
      email: 'jose.nunez@example.net',
      preferredName: 'Pepe',
      gender: 'male',
      country: 'US',
      remindersOptOut: true,
      version: 2,
    });
    const p = await profile(staff, s.patient.id);
    expect(p.history).toHaveLength(1);
    expect(p.history[0]!.by).toBe('Sam Ortiz');
    expect(p.history[0]!.changes).toContainEqual({
      field: 'email',
      from: 'jose.nunez@example.com',
      to: 'jose.nunez@example.net',
    });
    // The preferred name is searched as the other names are.
    expect(names(await page(staff, 'q=pepe'))).toEqual(['José Núñez']);
  });

  it('refuses an edit made on an old version and keeps the newer one', async () => {
    const first = await staff.patch(`/api/patients/${s.patient.id}`, {
      version: 1,
      city: 'Albany',
    });
    expect(first.statusCode).toBe(200);
    const stale = await staff.patch(`/api/patients/${s.patient.id}`, { version: 1, city: 'Troy' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/changed this patient’s details/);
    expect((await profile(staff, s.patient.id)).patient.city).toBe('Albany');
  });

  it('refuses another patient’s e-mail or record number, naming the field', async () => {
    await staff.patch(`/api/patients/${s.otherPatient.id}`, { version: 1, recordNumber: 'A-1' });
    for (const body of [{ email: s.otherPatient.email }, { recordNumber: 'a-1' }]) {
      const res = await staff.patch(`/api/patients/${s.patient.id}`, { version: 1, ...body });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().fields[0].field).toBe(Object.keys(body)[0]);
    }
    expect((await profile(staff, s.patient.id)).patient.version).toBe(1);
  });

  it('refuses bad values with a sentence per field and changes nothing', async () => {
    for (const body of [
      { version: 1, email: 'not an email' },
      { version: 1, dob: '2999-01-01' },
      { version: 1, gender: 'robot' },
      { version: 1, country: 'USA' },
      { version: 1, firstName: '' },
      { version: 1, firstName: 'A\u202Eb' },
      { version: 1, surprise: 'field' },
      { email: 'a@example.org' },
    ]) {
      const res = await staff.patch(`/api/patients/${s.patient.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().details).toBeTruthy();
    }
    const p = await profile(staff, s.patient.id);
    expect(p.patient.version).toBe(1);
    expect(p.history).toEqual([]);
  });

  it('sends a message queued before the e-mail was corrected to the corrected address', async () => {
    await bookThroughApi(staff, s, '2026-11-24T15:00:00.000Z');
    const res = await staff.patch(`/api/patients/${s.patient.id}`, {
      version: 1,
      email: 'jose.new@example.org',
    });
    expect(res.statusCode).toBe(200);
    await deliverAll();
    const to = sink.inbox.flatMap((m) => m.to);
    expect(to).toContain('jose.new@example.org');
    expect(to).not.toContain('jose.nunez@example.com');
  });

  it('withdraws reminders of a patient who asked not to be reminded', async () => {
    const booked = await bookThroughApi(staff, s, '2026-11-24T15:00:00.000Z');
    await staff.patch(`/api/patients/${s.patient.id}`, { version: 1, remindersOptOut: true });
    env.setNow('2026-11-24T13:00:00Z'); // the two-hour reminder is due
    await deliverAll();
    const [reminder] = await env.db
      .select()
      .from(t.outbox)
      .where(
        and(eq(t.outbox.appointmentId, booked._id), eq(t.outbox.kind, 'appointment.reminder')),
      );
    expect(reminder).toMatchObject({
      status: 'withdrawn',
      lastError: 'The patient asked not to be reminded.',
    });
  });

  it('keeps writing to staff when the patient’s e-mail is removed, and withdraws their reminders saying why', async () => {
    const booked = await bookThroughApi(staff, s, '2026-11-24T15:00:00.000Z');
    const res = await staff.patch(`/api/patients/${s.patient.id}`, { version: 1, email: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(patientRecord.parse(res.json()).email).toBeNull();
    await deliverAll();
    const to = sink.inbox.flatMap((m) => m.to);
    expect(to).toContain(s.provider.email);
    expect(to).not.toContain(s.patient.email);
    // The appointment still reads whole, the patient's address as none.
    const appointment = await staff.get(`/api/appointments/${booked._id}`);
    expect(appointment.statusCode, appointment.body).toBe(200);
    expect(appointment.json().patient.email).toBeNull();
    env.setNow('2026-11-24T13:00:00Z'); // the two-hour reminder is due
    await deliverAll();
    const reminders = await env.db
      .select()
      .from(t.outbox)
      .where(
        and(eq(t.outbox.appointmentId, booked._id), eq(t.outbox.kind, 'appointment.reminder')),
      );
    expect(reminders.map((r) => [r.status, r.lastError])).toContainEqual([
      'withdrawn',
      'The patient has no e-mail address on their record.',
    ]);
  });
});

describe('notes', () => {
  it('are signed with their author and shown newest first', async () => {
    for (const text of ['Prefers mornings', 'Needs an interpreter\nSpanish']) {
      env.advance(60_000); // a minute between them: the clock stands still otherwise
      const res = await staff.post(`/api/patients/${s.patient.id}/notes`, { text });
      expect(res.statusCode, res.body).toBe(201);
    }
    const p = await profile(staff, s.patient.id);
    expect(p.notes.map((n) => [n.text, n.author])).toEqual([
      ['Needs an interpreter\nSpanish', 'Sam Ortiz'],
      ['Prefers mornings', 'Sam Ortiz'],
    ]);
    const empty = await staff.post(`/api/patients/${s.patient.id}/notes`, { text: '   ' });
    expect(empty.statusCode).toBe(400);
    const foreign = await staff.post(`/api/patients/${s.foreignPatient.id}/notes`, { text: 'x' });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('archiving and erasing', () => {
  it('archives a patient out of search and restores them, each in the history', async () => {
    const archive = await staff.patch(`/api/patients/${s.patient.id}`, {
      version: 1,
      archived: true,
    });
    expect(archive.statusCode, archive.body).toBe(200);
    expect(archive.json()).toMatchObject({ archived: true, version: 2 });
    expect(names(await page(staff, 'q=jose'))).toEqual([]);
    const restore = await staff.patch(`/api/patients/${s.patient.id}`, {
      version: 2,
      archived: false,
    });
    expect(restore.json()).toMatchObject({ archived: false, version: 3 });
    expect(names(await page(staff, 'q=jose'))).toEqual(['José Núñez']);
    const p = await profile(staff, s.patient.id);
    expect(p.history.map((h) => h.changes)).toEqual([
      [{ field: 'archived', from: true, to: false }],
      [{ field: 'archived', from: false, to: true }],
    ]);
  });

  it('erases personal data but keeps the visits, strikes old values from the audit, and refuses further edits', async () => {
    const refs = { clinicId: s.clinic.id, patientId: s.patient.id, staffId: s.provider.id };
    await createAppointment(env.db, refs, {
      start: new Date('2026-11-02T15:00:00Z'),
      status: 'COMPLETED',
    });
    await staff.patch(`/api/patients/${s.patient.id}`, { version: 1, phone: '555 010 7777' });
    await staff.post(`/api/patients/${s.patient.id}/notes`, { text: 'Allergic to latex' });
    const erase = await staff.post(`/api/patients/${s.patient.id}/erase`, {
      version: 2,
      reason: 'Asked by the patient in writing',
    });
    expect(erase.statusCode, erase.body).toBe(200);
    expect(erase.json()).toMatchObject({
      firstName: 'Erased',
      lastName: 'patient',
      phone: null,
      dob: null,
      archived: true,
    });
    const p = await profile(staff, s.patient.id);
    expect(p.counts.completed).toBe(1);
    expect(p.notes).toEqual([]);
    expect(p.history[0]!.changes).toEqual([{ field: 'phone', from: null, to: null }]);
    const audit = JSON.stringify(await env.db.select().from(t.auditLog));
    expect(audit).not.toMatch(/555 010 7777|jose\.nunez|Núñez/);
    expect(audit).toMatch(/Asked by the patient in writing/);
    const again = await staff.patch(`/api/patients/${s.patient.id}`, { version: 3, city: 'Troy' });
    expect(again.statusCode).toBe(409);
  });

  it('leaves no name or e-mail of theirs in the messages and webhooks already written', async () => {
    const booked = await bookThroughApi(staff, s, '2026-11-24T15:00:00.000Z');
    const cancel = await staff.post(`/api/appointments/${booked._id}?action=cancel`, {
      reason: 'Moving away',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const before = JSON.stringify(await env.db.select().from(t.outbox));
    expect(before).toMatch(/jose\.nunez@example\.com/);
    const erase = await staff.post(`/api/patients/${s.patient.id}/erase`, {
      version: 1,
      reason: 'Asked by the patient',
    });
    expect(erase.statusCode, erase.body).toBe(200);
    const after = JSON.stringify([
      await env.db.select().from(t.outbox),
      await env.db.select().from(t.webhookDeliveries),
    ]);
    expect(after).not.toMatch(/jose\.nunez|Núñez|José/);
    expect(after).toMatch(/Erased patient/);
  });

  it('leaves archived patients out of the booking search, and refuses to book an erased one', async () => {
    await staff.patch(`/api/patients/${s.otherPatient.id}`, { version: 1, archived: true });
    const search = await staff.get(`/api/clinics/patient?clinic=${s.clinic.slug}&keyword=anna`);
    expect(search.json()).toEqual([]);
    const erase = await staff.post(`/api/patients/${s.patient.id}/erase`, {
      version: 1,
      reason: 'Asked by the patient',
    });
    expect(erase.statusCode, erase.body).toBe(200);
    const booking = await staff.post(
      '/api/appointments',
      createBody(s, '2026-11-24T15:00:00.000Z'),
    );
    expect(booking.statusCode).toBe(409);
    expect(booking.json().message).toMatch(/erased/);
  });

  it('refuses to erase a patient with visits to come, and a provider', async () => {
    await bookThroughApi(staff, s, '2026-11-24T15:00:00.000Z');
    const res = await staff.post(`/api/patients/${s.patient.id}/erase`, {
      version: 1,
      reason: 'Asked',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().details).toMatch(/Cancel their 1 upcoming visit/);
    const provider = await apiAs(env.app, s.provider.email);
    const refused = await provider.post(`/api/patients/${s.otherPatient.id}/erase`, {
      version: 1,
      reason: 'Asked',
    });
    expect(refused.statusCode).toBe(403);
    expect((await profile(staff, s.patient.id)).patient.firstName).toBe('José');
  });
});

describe('exporting patients', () => {
  it('writes every patient the search finds, guards formulas, and audits each one exported', async () => {
    await createPatient(env.db, s.clinic.id, {
      firstName: '=HYPERLINK("http://evil.example","x")',
      lastName: '+Cmd',
      email: 'formula@example.org',
      phone: '-1 555 0100',
      addressLine: '@SUM(A1)\nSecond line',
    });
    const res = await staff.get('/api/patients/export');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="patients-2026-11-23.csv"',
    );
    const rows = parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r['Last name'])).toEqual(["'+Cmd", 'Núñez', 'Smith']);
    expect(rows[0]).toMatchObject({
      'First name': '\'=HYPERLINK("http://evil.example","x")',
      Phone: "'-1 555 0100",
      Address: "'@SUM(A1)\nSecond line",
      Clinic: s.clinic.slug,
    });
    expect(rows.map((r) => r['Patient id'])).not.toContain(s.foreignPatient.id);
    const exported = await env.db.select().from(t.auditLog).where(eq(t.auditLog.action, 'export'));
    const ids = exported.flatMap((r) => r.patientIds ?? [r.patientId]);
    expect(ids.sort()).toEqual(rows.map((r) => r['Patient id']).sort());
  });

  it('takes the search and clinic filter, and is refused to providers', async () => {
    const res = await staff.get('/api/patients/export?q=anna');
    const rows = parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r['E-mail'])).toEqual(['anna.smith@example.com']);
    expect((await staff.get(`/api/patients/export?clinic=${s.foreign.slug}`)).statusCode).toBe(404);
    const provider = await apiAs(env.app, s.provider.email);
    expect((await provider.get('/api/patients/export')).statusCode).toBe(403);
  });
});

/** Delivers everything due now through a worker of its own to the SMTP sink. */
async function deliverAll() {
  const worker = sinkWorker(env, sink, { config: { PUBLIC_URL: 'https://care.example.org' } });
  try {
    while ((await worker.runOnce()) > 0);
  } finally {
    await worker.stop();
  }
}
