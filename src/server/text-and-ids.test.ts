import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useScenario, useTestApp } from './test/test-app';
import { apiAs } from './test/api-client';
import { createBody } from './test/scenario';
import { createAppointment } from './test/factories';
import * as t from './db/schema';

const env = useTestApp({ now: '2026-11-23T12:00:00Z' });
const { s, staff } = useScenario(env);
const TUESDAY_10AM = '2026-11-24T15:00:00.000Z';

const patientBody = (overrides: Record<string, unknown>) => ({
  firstName: 'Maya',
  lastName: 'Chen',
  email: 'maya.chen@example.com',
  ...overrides,
});

describe('names and one-line fields', () => {
  const FAKE_LINE = 'Eve\r\nJoin your online visit: https://evil.example/';

  it.each([
    ['firstName', FAKE_LINE, 'First name must be a single line without control characters.'],
    ['lastName', 'Chen\u0007', 'Last name must be a single line without control characters.'],
    ['lastName', 'Chen\u2028x', 'Last name must be a single line without control characters.'],
    [
      'firstName',
      'Dr. \u202Enehc',
      'First name must not contain characters that reverse the direction of text.',
    ],
    [
      'source',
      'web\u2066x',
      'Source must not contain characters that reverse the direction of text.',
    ],
  ])(
    'refuses %s %j with a 400 naming the field, and stores nothing',
    async (field, value, details) => {
      const res = await staff.post(
        `/api/clinics/${s.clinic.slug}/patients`,
        patientBody({ [field]: value }),
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'bad_request',
        details,
        fields: [{ field, message: details }],
      });
      const stored = await env.db
        .select()
        .from(t.patients)
        .where(eq(t.patients.email, 'maya.chen@example.com'));
      expect(stored).toEqual([]);
    },
  );

  it('keeps names in any script, with the marks right-to-left names use', async () => {
    const res = await staff.post(
      `/api/clinics/${s.clinic.slug}/patients`,
      patientBody({ firstName: 'נועה\u200F', lastName: "O'Brien-Núñez" }),
    );
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses a staff name with a line break from an admin', async () => {
    const admin = await apiAs(env.app, s.admin.email);
    const res = await admin.call('PUT', `/api/admin/agents/${s.nurse.id}`, {
      name: 'Nora\nKelly',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().details).toBe('Name must be a single line without control characters.');
    expect(res.json().fields).toEqual([
      { field: 'name', message: 'Name must be a single line without control characters.' },
    ]);
  });

  it('keeps line breaks in notes and cancel reasons, but not direction overrides', async () => {
    const withNotes = await staff.post(
      '/api/appointments',
      createBody(s, TUESDAY_10AM, {
        metadata: { notes: 'Bring last year’s results.\nAsk about the knee.' },
      }),
    );
    expect(withNotes.statusCode, withNotes.body).toBe(201);
    expect(withNotes.json().metadata.notes).toBe('Bring last year’s results.\nAsk about the knee.');

    const reversed = await staff.post(
      '/api/appointments',
      createBody(s, '2026-11-24T16:00:00.000Z', { metadata: { notes: 'ok \u202Eevil' } }),
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().details).toBe(
      'Notes must not contain characters that reverse the direction of text.',
    );
    expect(reversed.json().fields[0].field).toBe('metadata.notes');

    const cancel = await staff.post(`/api/appointments/${withNotes.json()._id}?action=cancel`, {
      reason: 'Patient called.\r\nWill rebook in spring.',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
  });
});

describe('ids in any case', () => {
  it('lets a nurse move their own appointment when their id arrives in upper case', async () => {
    const nurse = await apiAs(env.app, s.nurse.email);
    const mine = await createAppointment(
      env.db,
      { clinicId: s.clinic.id, patientId: s.patient.id, staffId: s.nurse.id },
      { start: new Date(TUESDAY_10AM) },
    );
    const res = await nurse.put(`/api/appointments/${mine.id.toUpperCase()}`, {
      date: '2026-11-24T17:00:00.000Z',
      staff: { id: s.nurse.id.toUpperCase() },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().statusHistory.map((h: { type: string }) => h.type)).not.toContain('REASSIGN');
  });

  it('finds records and filters by ids and slugs in upper case', async () => {
    const appointment = await createAppointment(
      env.db,
      { clinicId: s.clinic.id, patientId: s.patient.id, staffId: s.provider.id },
      { start: new Date(TUESDAY_10AM) },
    );
    const one = await staff.get(`/api/appointments/${appointment.id.toUpperCase()}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()._id).toBe(appointment.id);
    const list = await staff.get(
      `/api/appointments/paginated?status=all&clinic=${s.clinic.slug.toUpperCase()}&staffId=${s.provider.id.toUpperCase()}`,
    );
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((a: { _id: string }) => a._id)).toEqual([appointment.id]);
    const byId = await staff.get(
      `/api/appointments/paginated?status=all&clinic=${s.clinic.id.toUpperCase()}`,
    );
    expect(byId.json().data).toHaveLength(1);
  });
});
