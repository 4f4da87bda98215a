import { beforeEach, describe, expect, it } from 'vitest';
import type { AuditEntryView } from '@contracts/admin';
import { eq } from 'drizzle-orm';
import { useTestApp } from '../../test/test-app';
import { apiAs, apiWithSession, type Api } from '../../test/api-client';
import { createAppointment, createPatient } from '../../test/factories';
import { clinicScenario, createUserOfBothClinics, type ClinicScenario } from '../../test/scenario';
import * as t from '../../db/schema';
import { normalizeSearchText } from '@domain/search-text';
import { recordReadAudit } from './audit-trail';
import { MATCHED_PATIENTS_AS_VALUES } from './audit.repository';

const env = useTestApp({ now: '2026-11-23T12:00:00Z' });

/**
 * Riverside's admin, and Nora who works at Riverside and at Elsewhere. Riverside has José Núñez
 * and Anna Smith with an appointment each; Elsewhere has Olive Ellis, and Riverside has Olive
 * Ours, so a search for "olive" matches a patient of each clinic.
 */
let s: ClinicScenario;
let admin: Api;
let nora: Api;
let noraId: string;
let ours: { id: string };
let elsewhere: { id: string };
const ids: Record<string, string> = {};

beforeEach(async () => {
  s = await clinicScenario(env.db);
  ours = await createPatient(env.db, s.clinic.id, { firstName: 'Olive', lastName: 'Ours' });
  elsewhere = await createPatient(env.db, s.foreign.id, { firstName: 'Olive', lastName: 'Ellis' });
  const user = await createUserOfBothClinics(env.db, s, { role: 'nurse', name: 'Nora Both' });
  noraId = user.id;
  const book = (clinicId: string, patientId: string, staffId: string, start: string) =>
    createAppointment(env.db, { clinicId, patientId, staffId }, { start: new Date(start) });
  ids.jose = (await book(s.clinic.id, s.patient.id, s.provider.id, '2026-11-24T14:00:00Z')).id;
  ids.anna = (await book(s.clinic.id, s.otherPatient.id, s.provider.id, '2026-11-24T15:00:00Z')).id;
  ids.olive = (await book(s.clinic.id, ours.id, s.provider.id, '2026-11-24T16:00:00Z')).id;
  ids.ellis = (
    await book(s.foreign.id, elsewhere.id, s.foreignAgent.id, '2026-11-25T16:00:00Z')
  ).id;
  admin = await apiWithSession(env.app, env.db, s.admin.id);
  nora = await apiWithSession(env.app, env.db, user.id);
});

async function browse(query = ''): Promise<AuditEntryView[]> {
  const res = await admin.get(`/api/admin/audit${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** Nora's list of both her clinics' upcoming appointments: a read of five records. */
async function noraListsAll() {
  const res = await nora.get('/api/appointments/paginated?limit=20');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { _id: string }[]).map((a) => a._id);
}

describe('a list read in the audit log', () => {
  it('is one row with the ids of what it showed, and one entry of the admin’s records', async () => {
    const listed = await noraListsAll();
    expect(listed).toHaveLength(5);

    const rows = await env.db.select().from(t.auditLog).where(eq(t.auditLog.userId, noraId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.entityIds).toEqual(listed);
    expect(rows[0]!.patientIds).toHaveLength(5);

    const entries = await browse();
    expect(entries).toHaveLength(1);
    const ourAppointments = listed.filter(
      (id) => id !== ids.ellis && id !== s.foreignAppointment.id,
    );
    expect(entries[0]).toMatchObject({
      action: 'read',
      entityType: 'appointment',
      user: { id: noraId, name: 'Nora Both' },
      entityId: null,
      patientId: null,
    });
    expect(entries[0]!.records.map((r) => r.entityId)).toEqual(ourAppointments);
    expect(entries[0]!.records.map((r) => r.patientName).sort()).toEqual([
      'Anna Smith',
      'José Núñez',
      'Olive Ours',
    ]);
    // Elsewhere's records of the same read are not shown, nor counted.
    const body = JSON.stringify(entries);
    expect(body).not.toContain(ids.ellis);
    expect(body).not.toContain(elsewhere.id);
    expect(body).not.toContain('Ellis');
  });

  it('still shows a row written a record at a time, as rows were before one row per read', async () => {
    await env.db.insert(t.auditLog).values(
      [ids.jose, ids.anna].map((entityId, i) => ({
        at: new Date(`2026-11-20T10:0${i}:00Z`),
        userId: s.staff.id,
        action: 'read',
        entityType: 'appointment',
        entityId,
        patientId: i === 0 ? s.patient.id : s.otherPatient.id,
        ip: '10.1.1.1',
      })),
    );
    const entries = await browse();
    expect(entries.map((e) => [e.entityId, e.patientName, e.records.length])).toEqual([
      [ids.anna, 'Anna Smith', 1],
      [ids.jose, 'José Núñez', 1],
    ]);
    expect((await browse('?patientName=smith')).map((e) => e.entityId)).toEqual([ids.anna]);
  });
});

describe('filtering the audit log', () => {
  it('by patient name finds a list read that showed the patient, from the start of a word', async () => {
    await noraListsAll();
    // Staff read Anna's appointment alone: a row of one record.
    expect(
      (
        await (
          await apiWithSession(env.app, env.db, s.staff.id)
        ).get(`/api/appointments/${ids.anna}`)
      ).statusCode,
    ).toBe(200);

    const who = async (name: string) =>
      (await browse(`?patientName=${encodeURIComponent(name)}`)).map((e) => e.user?.name);
    expect(await who('nun')).toEqual(['Nora Both']);
    expect(await who('Jose')).toEqual(['Nora Both']);
    expect(await who('smi')).toEqual(['Sam Ortiz', 'Nora Both']);
    expect(await who('anna smith')).toEqual(['Sam Ortiz', 'Nora Both']);
    expect(await who('mith')).toEqual([]);
    expect(await who('anna nunez')).toEqual([]);
    expect(await who('   ')).toHaveLength(2);
  });

  it('finds the rows of a name that matches more patients than are sent as values', async () => {
    const count = MATCHED_PATIENTS_AS_VALUES + 1;
    const many = await env.db
      .insert(t.patients)
      .values(
        Array.from({ length: count }, (_, i) => ({
          clinicId: s.clinic.id,
          firstName: 'Mara',
          lastName: `Many${i}`,
          email: `mara${i}@example.com`,
          source: 'front-desk',
          searchText: normalizeSearchText('Mara', `Many${i}`, `mara${i}@example.com`),
        })),
      )
      .returning({ id: t.patients.id });
    const last = many.at(-1)!.id;
    await recordReadAudit(
      env.db,
      { userId: s.staff.id, ip: '10.2.2.2' },
      [ids.anna!, ids.jose!].map((entityId, i) => ({
        action: 'read' as const,
        entityType: 'appointment' as const,
        entityId,
        patientId: i === 0 ? last : elsewhere.id,
      })),
      new Date('2026-11-23T11:00:00Z'),
    );
    await noraListsAll();
    for (const name of ['mara', `many${count - 1}`]) {
      const found = await browse(`?patientName=${name}`);
      expect(found.map((e) => e.ip)).toEqual(['10.2.2.2']);
      expect(found[0]!.records).toEqual([
        { entityId: ids.anna, patientId: last, patientName: `Mara Many${count - 1}` },
      ]);
    }
  });

  it('never finds a row by another clinic’s patient, nor shows that patient', async () => {
    // A read of Elsewhere's appointment alone, by the nurse who works at both clinics.
    const res = await nora.get(`/api/appointments/${ids.ellis}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await browse('?patientName=ellis')).toEqual([]);
    expect(await browse(`?patientId=${elsewhere.id}`)).toEqual([]);
    expect(await browse()).toEqual([]);

    await noraListsAll();
    // "olive" matches Olive Ellis too; only the list (which showed Olive Ours) is found.
    const found = await browse('?patientName=olive');
    expect(found).toHaveLength(1);
    expect(found[0]!.records.map((r) => r.patientName)).toContain('Olive Ours');
    expect(JSON.stringify(found)).not.toContain('Ellis');
  });

  it('by action', async () => {
    await noraListsAll();
    const staff = await apiAs(env.app, s.staff.email);
    const cancel = await staff.post(`/api/appointments/${ids.anna}?action=cancel`, {
      reason: 'Asked to',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    expect((await browse('?action=cancel')).map((e) => [e.action, e.entityId])).toEqual([
      ['cancel', ids.anna],
    ]);
    expect((await browse('?action=read')).every((e) => e.action === 'read')).toBe(true);
    expect(await browse('?action=read')).toHaveLength(1);
    expect(await browse('?action=cancel&patientName=nunez')).toEqual([]);
    expect(await browse('?action=revoke')).toEqual([]);
  });

  it.each([
    ['an action that is not one', '?action=delete'],
    ['a patient name with a line break', '?patientName=ann%0Aa'],
    ['a patient name too long', `?patientName=${'a'.repeat(121)}`],
  ])('answers %s with a 400 in sentences', async (_label, query) => {
    const res = await admin.get(`/api/admin/audit${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('bad_request');
    expect(res.json().details).toMatch(/^[A-Z].*\.$/);
  });
});
