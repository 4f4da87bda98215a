import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp } from '../../test/test-app';
import { apiAs } from '../../test/api-client';
import { createSignInUser } from '../../test/auth-helpers';
import { createClinic } from '../../test/factories';
import * as t from '../../db/schema';

const env = useTestApp();

async function signedInUser(overrides: Parameters<typeof createSignInUser>[1] = {}) {
  const clinic = await createClinic(env.db);
  const user = await createSignInUser(env.db, {
    role: 'provider',
    clinicIds: [clinic.id],
    ...overrides,
  });
  return { user, api: await apiAs(env.app, user.email) };
}

const storedPrefs = async (id: string) =>
  (await env.db.select().from(t.users).where(eq(t.users.id, id)))[0]!.notificationPrefs;

describe('notification preferences on the profile', () => {
  it('reads as all on for a user who never chose (stored {})', async () => {
    const { api } = await signedInUser();
    const res = await api.get('/api/auth/session');
    expect(res.json().user.notificationPrefs).toEqual({
      booked: true,
      rescheduled: true,
      reassigned: true,
      cancelled: true,
    });
  });

  it('changes only the events named, stores them and returns them in the session', async () => {
    const { user, api } = await signedInUser();
    const res = await api.put('/api/auth/profile', { notificationPrefs: { cancelled: false } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.notificationPrefs).toEqual({
      booked: true,
      rescheduled: true,
      reassigned: true,
      cancelled: false,
    });
    expect(await storedPrefs(user.id)).toEqual({
      booked: true,
      rescheduled: true,
      reassigned: true,
      cancelled: false,
    });

    await api.put('/api/auth/profile', { notificationPrefs: { booked: false } });
    const session = await api.get('/api/auth/session');
    expect(session.json().user.notificationPrefs).toMatchObject({
      booked: false,
      cancelled: false,
    });
  });

  it('keeps the stored choices when a change names only the time zone or theme', async () => {
    const { user, api } = await signedInUser();
    await api.put('/api/auth/profile', { notificationPrefs: { rescheduled: false } });
    const res = await api.put('/api/auth/profile', { timezone: 'Europe/London', theme: 'dark' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({
      timezone: 'Europe/London',
      theme: 'dark',
      notificationPrefs: { rescheduled: false, booked: true },
    });
    expect(await storedPrefs(user.id)).toEqual(expect.objectContaining({ rescheduled: false }));
  });

  it('reads an older or hand-edited row safely: unknown keys dropped, gaps on', async () => {
    const { api } = await signedInUser({
      notificationPrefs: { booked: false, marketing: true, cancelled: 'no' },
    });
    const res = await api.get('/api/auth/session');
    expect(res.json().user.notificationPrefs).toEqual({
      booked: false,
      rescheduled: true,
      reassigned: true,
      cancelled: true,
    });
  });

  it.each([
    [{ notificationPrefs: { booked: 'yes' } }],
    [{ notificationPrefs: { marketing: true } }],
    [{ notificationPrefs: null }],
  ])('refuses %j with a 400 and changes nothing', async (body) => {
    const { user, api } = await signedInUser();
    const res = await api.put('/api/auth/profile', body);
    expect(res.statusCode).toBe(400);
    expect(await storedPrefs(user.id)).toEqual({});
  });

  it('still takes the old body shape without preferences', async () => {
    const { api } = await signedInUser({ name: 'Dr. Ada Park' });
    const res = await api.put('/api/auth/profile', { name: 'Dr. Ada Park', theme: 'dark' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ name: 'Dr. Ada Park', theme: 'dark' });
  });
});

describe('the name on the profile', () => {
  it('is not the staff member’s own to change: 403, and nothing changes', async () => {
    const { user, api } = await signedInUser({ name: 'Nora Nurse', role: 'nurse' });
    const res = await api.put('/api/auth/profile', {
      name: 'Dr. Someone Else',
      timezone: 'Europe/London',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: 'forbidden',
      message: 'Your name is changed by an admin of your clinic. Ask them to change it.',
    });
    const [row] = await env.db.select().from(t.users).where(eq(t.users.id, user.id));
    expect(row).toMatchObject({ name: 'Nora Nurse', timezone: user.timezone });
  });

  it('is an admin’s to change, their own included', async () => {
    const { api } = await signedInUser({ name: 'Ada Admin', role: 'admin' });
    const res = await api.put('/api/auth/profile', { name: 'Ada Admin-Park' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.name).toBe('Ada Admin-Park');
  });
});
