import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp } from '../../test/test-app';
import { createSignInUser } from '../../test/auth-helpers';
import * as t from '../../db/schema';
import { ACCOUNT_OUTSIDE_SCOPE } from './agent-rules';
import { adminWorld, login, signInAs, type AdminWorld } from './admin-test-fixtures';

const env = useTestApp();
let w: AdminWorld;
beforeEach(async () => {
  w = await adminWorld(env.db, env.app);
});

const list = async (query = '') => {
  const res = await w.call({ method: 'GET', url: `/api/admin/agents${query}` });
  expect(res.statusCode).toBe(200);
  return res.json().data as Array<{
    id: string;
    name: string;
    clinics: { id: string }[];
    alsoElsewhere: boolean;
  }>;
};
const names = (rows: Array<{ name: string }>) => rows.map((r) => r.name);
const newAgent = (overrides: Record<string, unknown> = {}) => ({
  email: 'Priya.Patel@Northside.test',
  name: 'Priya Patel',
  role: 'provider',
  timezone: 'America/Chicago',
  clinicIds: [w.north.id],
  password: 'a long enough password',
  ...overrides,
});

describe('listing staff', () => {
  it('shows those who share a clinic with the admin and those in no clinic, by name', async () => {
    const rows = await list();
    expect(names(rows)).toEqual(['Ada Admin', 'Ned Newcomer', 'Nora Nurse', 'Sally Shared']);
    const sally = rows.find((r) => r.name === 'Sally Shared')!;
    // Who also works where the admin does not manage, so their account is not this admin's.
    expect(rows.map((r) => [r.name, r.alsoElsewhere])).toEqual([
      ['Ada Admin', false],
      ['Ned Newcomer', false],
      ['Nora Nurse', false],
      ['Sally Shared', true],
    ]);
    // Only the clinics the admin manages: another admin's clinic is not theirs to see.
    expect(sally).toMatchObject({
      role: 'nurse',
      active: true,
      timezone: 'America/New_York',
      clinics: [{ id: w.north.id, slug: w.north.slug, name: 'Northside Clinic' }],
    });
    expect(typeof (sally as unknown as { createdAt: string }).createdAt).toBe('string');
  });

  it('searches name and email without regard to case, matching % and _ literally', async () => {
    expect(names(await list('?search=NORA'))).toEqual(['Nora Nurse']);
    expect(names(await list(`?search=${w.newcomer.email.slice(0, 6).toUpperCase()}`))).toContain(
      'Ned Newcomer',
    );
    // As wildcards these would match "Ada Admin"; typed into a search box they are just characters.
    expect(await list('?search=Ada%25Admin')).toEqual([]);
    expect(await list('?search=Ada_Admin')).toEqual([]);
  });

  it('hides deactivated staff unless asked, and treats empty filters as none', async () => {
    await env.db.update(t.users).set({ active: false }).where(eq(t.users.id, w.colleague.id));
    expect(names(await list('?search=&includeInactive='))).toEqual([
      'Ada Admin',
      'Ned Newcomer',
      'Sally Shared',
    ]);
    expect(names(await list('?includeInactive=true'))).toContain('Nora Nurse');
    const res = await w.call({ method: 'GET', url: '/api/admin/agents?includeInactive=maybe' });
    expect(res.statusCode).toBe(400);
  });
});

describe('an admin of no clinic', () => {
  it('sees only staff in no clinic, and may assign no clinic', async () => {
    const loner = await createSignInUser(env.db, { role: 'admin', name: 'Lone Admin' });
    const cookie = await signInAs(env.app, loner.email);
    const res = await env.app.inject({
      method: 'GET',
      url: '/api/admin/agents',
      headers: { cookie },
    });
    expect(names(res.json().data)).toEqual(['Lone Admin', 'Ned Newcomer']);
    const audit = await env.app.inject({
      method: 'GET',
      url: '/api/admin/audit',
      headers: { cookie },
    });
    expect(audit.json().data).toEqual([]);
    const create = await env.app.inject({
      method: 'POST',
      url: '/api/admin/agents',
      headers: { cookie },
      payload: newAgent(),
    });
    expect(create.statusCode).toBe(404);
  });
});

describe('creating staff', () => {
  it('creates a user who can then sign in with their clinics', async () => {
    const res = await w.call({ method: 'POST', url: '/api/admin/agents', payload: newAgent() });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      email: 'priya.patel@northside.test',
      name: 'Priya Patel',
      role: 'provider',
      timezone: 'America/Chicago',
      active: true,
      clinics: [{ id: w.north.id }],
    });
    const signedIn = await login(env.app, 'priya.patel@northside.test', 'a long enough password');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ role: 'provider', clinics: [{ id: w.north.id }] });
  });

  it('refuses a common or personal initial password, and creates nobody', async () => {
    for (const [password, reason] of [
      ['1234567890', 'too common'],
      ['priya.patel2026', 'must not contain the email address or name'],
      ['NorthsideClinic!', 'must not contain the name of Carebook or of your clinic'],
    ]) {
      const res = await w.call({
        method: 'POST',
        url: '/api/admin/agents',
        payload: newAgent({ password }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(reason);
    }
    expect(names(await list())).not.toContain('Priya Patel');
  });

  it('refuses an email already in use, whatever its case', async () => {
    const res = await w.call({
      method: 'POST',
      url: '/api/admin/agents',
      payload: newAgent({ email: w.stranger.email.toUpperCase() }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: 'conflict',
      message: 'A user with this email already exists.',
    });
  });

  it('refuses clinics the admin does not belong to, naming them, and creates nothing', async () => {
    const unknown = '6f1b0a52-9d0e-4c1e-8a52-2b8f5c7d9e10';
    const res = await w.call({
      method: 'POST',
      url: '/api/admin/agents',
      payload: newAgent({ clinicIds: [w.north.id, w.elsewhere.id, unknown] }),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain(w.elsewhere.id);
    expect(res.json().message).toContain(unknown);
    expect(
      (await login(env.app, 'priya.patel@northside.test', 'a long enough password')).statusCode,
    ).toBe(401);
  });
});

describe('reading one', () => {
  it('returns a visible user and 404 for one who works only elsewhere', async () => {
    const ok = await w.call({ method: 'GET', url: `/api/admin/agents/${w.colleague.id}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: w.colleague.id, name: 'Nora Nurse' });
    const hidden = await w.call({ method: 'GET', url: `/api/admin/agents/${w.stranger.id}` });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain(w.stranger.email);
  });
});

describe('editing staff', () => {
  it('changes name, email, role, timezone and clinics', async () => {
    const res = await w.call({
      method: 'PUT',
      url: `/api/admin/agents/${w.colleague.id}`,
      payload: {
        name: 'Nora Nightingale',
        email: 'nora@southside.test',
        role: 'provider',
        timezone: null,
        clinicIds: [w.south.id],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Nora Nightingale',
      email: 'nora@southside.test',
      role: 'provider',
      timezone: null,
      clinics: [{ id: w.south.id }],
    });
  });

  it('changes the time zone and own clinics of someone who also works elsewhere, keeping that clinic', async () => {
    const res = await w.call({
      method: 'PUT',
      url: `/api/admin/agents/${w.shared.id}`,
      payload: { name: 'Sally Shared', timezone: 'Europe/London', clinicIds: [w.south.id] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Sally Shared',
      timezone: 'Europe/London',
      clinics: [{ id: w.south.id }],
    });
    const memberships = await env.db
      .select()
      .from(t.clinicMembers)
      .where(eq(t.clinicMembers.userId, w.shared.id));
    expect(memberships.map((m) => m.clinicId).sort()).toEqual([w.south.id, w.elsewhere.id].sort());
  });

  it('leaves the name, email and role of someone who also works elsewhere to an admin of all their clinics', async () => {
    for (const payload of [
      { name: 'Sally S.' },
      { email: 'taken.over@example.test' },
      { role: 'admin' },
      { role: 'staff', name: 'Sally S.' },
    ]) {
      const res = await w.call({
        method: 'PUT',
        url: `/api/admin/agents/${w.shared.id}`,
        payload,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'forbidden', message: ACCOUNT_OUTSIDE_SCOPE });
    }
    const [row] = await env.db.select().from(t.users).where(eq(t.users.id, w.shared.id));
    expect(row).toMatchObject({ email: w.shared.email, role: 'nurse', name: 'Sally Shared' });
  });

  it('does not let an admin of some of their clinics rename an admin who also works elsewhere', async () => {
    await env.db.update(t.users).set({ role: 'admin' }).where(eq(t.users.id, w.shared.id));
    const res = await w.call({
      method: 'PUT',
      url: `/api/admin/agents/${w.shared.id}`,
      payload: { name: 'Head of Clinics' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'forbidden', message: ACCOUNT_OUTSIDE_SCOPE });
    const [row] = await env.db.select().from(t.users).where(eq(t.users.id, w.shared.id));
    expect(row!.name).toBe('Sally Shared');
  });

  it('changes only what is sent', async () => {
    const res = await w.call({
      method: 'PUT',
      url: `/api/admin/agents/${w.colleague.id}`,
      payload: { name: 'Nora N.' },
    });
    expect(res.json()).toMatchObject({
      name: 'Nora N.',
      email: w.colleague.email,
      role: 'nurse',
      clinics: [{ id: w.north.id }],
    });
  });

  it('refuses an email another user has', async () => {
    const res = await w.call({
      method: 'PUT',
      url: `/api/admin/agents/${w.colleague.id}`,
      payload: { email: w.newcomer.email },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A user with this email already exists.');
  });

  it('refuses a foreign clinic and a user who works only elsewhere', async () => {
    const foreign = await w.call({
      method: 'PUT',
      url: `/api/admin/agents/${w.colleague.id}`,
      payload: { clinicIds: [w.elsewhere.id] },
    });
    expect(foreign.statusCode).toBe(404);
    const hidden = await w.call({
      method: 'PUT',
      url: `/api/admin/agents/${w.stranger.id}`,
      payload: { name: 'Taken Over' },
    });
    expect(hidden.statusCode).toBe(404);
    const [row] = await env.db.select().from(t.users).where(eq(t.users.id, w.stranger.id));
    expect(row!.name).toBe('Sam Stranger');
  });

  it('lets an admin edit their own details but not demote themselves', async () => {
    const self = `/api/admin/agents/${w.admin.id}`;
    const renamed = await w.call({ method: 'PUT', url: self, payload: { name: 'Ada A.' } });
    expect(renamed.statusCode).toBe(200);
    const demoted = await w.call({ method: 'PUT', url: self, payload: { role: 'staff' } });
    expect(demoted.statusCode).toBe(409);
    expect(demoted.json().message).toMatch(/cannot remove your own admin role/);
    expect((await w.call({ method: 'GET', url: self })).json().role).toBe('admin');
  });

  it('lets an admin promote another user to admin', async () => {
    const other = await createSignInUser(env.db, {
      role: 'staff',
      clinicIds: [w.south.id],
    });
    const res = await w.call({
      method: 'PUT',
      url: `/api/admin/agents/${other.id}`,
      payload: { role: 'admin' },
    });
    expect(res.json().role).toBe('admin');
  });
});
