// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { InvitationView } from '@contracts/accounts';
import type { AdminUser } from '@contracts/admin';
import { TooltipProvider } from '@web/components/ui/tooltip';
import { createQueryClient } from '@web/lib/query-client';
import { CAMDEN, json, makeSessionUser, RIVERSIDE, stubApi } from '@web/test/api-stub';
import { renderRoutes, setUpFormPageTests } from '@web/test/render-with-client';
import { AgentsPage } from './agents-page';

const admin = makeSessionUser({ clinics: [RIVERSIDE, CAMDEN] });

function staff(overrides: Partial<AdminUser>): AdminUser {
  return {
    id: crypto.randomUUID(),
    email: 'someone@carebook.test',
    name: 'Someone',
    role: 'staff',
    timezone: 'America/New_York',
    active: true,
    clinics: [RIVERSIDE],
    alsoElsewhere: false,
    createdAt: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}

const adminRow = staff({ ...admin, clinics: [RIVERSIDE, CAMDEN] });
const provider = staff({ name: 'Dr. Priya Raman', email: 'priya@carebook.test', role: 'provider' });
const front = staff({ name: 'Sam Ortiz', email: 'sam@carebook.test', role: 'staff' });
const gone = staff({ name: 'Lee Former', email: 'lee@carebook.test', active: false });

type Call = { path: string; method: string; body: unknown };

function stubServer(
  answer: (call: Call) => Response | undefined,
  rows: AdminUser[] = [adminRow, provider, front, gone],
) {
  const calls: Call[] = [];
  stubApi(({ url, method, body }) => {
    const call = { path: url.pathname + url.search, method, body };
    calls.push(call);
    if (call.path === '/api/auth/session') return json({ user: admin });
    // Open invitations (ADR 047): none unless the test answers them.
    if (call.path === '/api/admin/invitations' && method === 'GET') {
      return answer(call) ?? json({ data: [] });
    }
    if (call.path.startsWith('/api/admin/agents?')) {
      // As the server answers: deactivated staff only when asked for.
      const all = url.searchParams.get('includeInactive') === 'true';
      return json({ data: rows.filter((row) => all || row.active) });
    }
    return answer(call);
  });
  return calls;
}

function renderPage() {
  const page = (
    <TooltipProvider>
      <AgentsPage />
    </TooltipProvider>
  );
  renderRoutes([{ path: '/admin/agents', element: page }], '/admin/agents', {
    client: createQueryClient(),
  });
}

// Dialog journeys type into several fields; jsdom needs more than the default 5 s for them.
setUpFormPageTests();

/** Opens the row's Actions menu for this agent. */
async function openActions(user: UserEvent, agent: string) {
  await user.click(await screen.findByRole('button', { name: `Actions for ${agent}` }));
}

async function chooseAction(user: UserEvent, agent: string, item: string) {
  await openActions(user, agent);
  await user.click(await screen.findByRole('menuitem', { name: item }));
}

describe('AgentsPage', () => {
  it('lists staff with role, clinics and status, and links bookable agents to availability', async () => {
    stubServer(() => undefined);
    renderPage();

    const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });
    await screen.findByRole('row', { name: /Dr\. Priya Raman/ });
    // Deactivated staff are out of the way until asked for.
    const showGone = screen.getByRole('checkbox', { name: 'Show deactivated staff' });
    expect(showGone).not.toBeChecked();
    expect(screen.queryByRole('row', { name: /Lee Former/ })).toBeNull();
    await userEvent.click(showGone);
    await screen.findByRole('row', { name: /Lee Former/ });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Staff');
    // The role shows as a badge, and again under the name for narrow screens.
    expect(within(row('Dr. Priya Raman')).getAllByText('Provider').length).toBeGreaterThan(0);
    expect(within(row('Dr. Priya Raman')).getByText('Active')).toBeInTheDocument();
    expect(within(row('Lee Former')).getByText('Deactivated')).toBeInTheDocument();
    expect(within(row('Alex Morgan')).getByText('You')).toBeInTheDocument();
    expect(
      within(row('Alex Morgan'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Riverside Family Clinic', 'Camden Health Centre']);
    expect(
      within(row('Dr. Priya Raman'))
        .getByRole('link', { name: 'Availability for Dr. Priya Raman' })
        .getAttribute('href'),
    ).toBe(`/admin/agents/${provider.id}/availability`);
    expect(within(row('Sam Ortiz')).queryByRole('link', { name: /Availability/ })).toBeNull();
  });

  it('checks the create form, then sends what the server expects', async () => {
    const calls = stubServer(({ path, method, body }) =>
      path === '/api/admin/agents' && method === 'POST'
        ? Response.json(
            { ...staff(body as Partial<AdminUser>), clinics: [CAMDEN] },
            { status: 201 },
          )
        : undefined,
    );
    renderPage();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Create staff member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create staff member' });
    await user.click(within(dialog).getByRole('button', { name: 'Create staff member' }));
    expect(await within(dialog).findByText('Enter a name.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one clinic.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    await user.type(within(dialog).getByLabelText('Name'), 'Jordan Reyes');
    await user.type(within(dialog).getByLabelText('Email'), 'Jordan.Reyes@carebook.test');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Camden Health Centre' }));
    await user.type(within(dialog).getByLabelText('Initial password'), 'welcome-aboard-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Create staff member' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Jordan Reyes',
      email: 'jordan.reyes@carebook.test',
      role: 'staff',
      timezone: 'America/New_York',
      clinicIds: [CAMDEN.id],
      password: 'welcome-aboard-2026',
    });
  });

  it('keeps the dialog open with the server’s reason when it refuses', async () => {
    stubServer(({ method }) =>
      method === 'POST'
        ? Response.json(
            { error: 'conflict', message: 'A user with this email already exists.' },
            { status: 409 },
          )
        : undefined,
    );
    renderPage();
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: 'Create staff member' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'Sam Again');
    await user.type(within(dialog).getByLabelText('Email'), 'sam@carebook.test');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Riverside Family Clinic' }));
    await user.type(within(dialog).getByLabelText('Initial password'), 'welcome-aboard-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Create staff member' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'A user with this email already exists.',
    );
  });

  it('moves focus to the first field the create form finds wrong', async () => {
    stubServer(() => undefined);
    renderPage();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Create staff member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create staff member' });
    await user.type(within(dialog).getByLabelText('Name'), 'Jordan Reyes');
    await user.click(within(dialog).getByRole('button', { name: 'Create staff member' }));
    // The form checks its fields asynchronously: the message and the focus follow the click.
    expect(await within(dialog).findByText('Enter a valid email address.')).toBeInTheDocument();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByLabelText('Email')),
    );
  });

  it('checks a new password before resetting it, then sends it', async () => {
    const calls = stubServer(({ path, method }) =>
      method === 'POST' && path === `/api/admin/agents/${front.id}/password`
        ? Response.json({ ok: true })
        : undefined,
    );
    renderPage();
    const user = userEvent.setup({ delay: null });
    await chooseAction(user, 'Sam Ortiz', 'Reset password');
    const dialog = await screen.findByRole('dialog', { name: 'Reset password for Sam Ortiz' });
    const field = within(dialog).getByLabelText('New password');
    await user.type(field, 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    expect(
      await within(dialog).findByText('Password must be at least 10 characters.'),
    ).toBeInTheDocument();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(field, '-and-longer');
    await user.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      password: 'short-and-longer',
    });
  });

  it('deactivates after confirmation, and never offers it for your own account', async () => {
    const calls = stubServer(({ path, method }) =>
      method === 'POST' && path === `/api/admin/agents/${front.id}/deactivate`
        ? Response.json({ ...front, active: false })
        : undefined,
    );
    renderPage();
    const user = userEvent.setup({ delay: null });

    await openActions(user, 'Alex Morgan');
    expect(screen.queryByRole('menuitem', { name: 'Deactivate' })).toBeNull();
    await user.keyboard('{Escape}');

    await chooseAction(user, 'Sam Ortiz', 'Deactivate');
    const confirm = await screen.findByRole('alertdialog', { name: 'Deactivate Sam Ortiz?' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/api/admin/agents/${front.id}/deactivate`,
    ]);
  });

  it('offers no password or access change for someone who also works elsewhere, and says who can', async () => {
    const shared = staff({
      name: 'Nora Kelly, RN',
      email: 'nora@carebook.test',
      role: 'nurse',
      alsoElsewhere: true,
    });
    stubServer(() => undefined, [adminRow, shared]);
    renderPage();
    const user = userEvent.setup({ delay: null });

    await openActions(user, 'Nora Kelly, RN');
    expect(screen.queryByRole('menuitem', { name: 'Reset password' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Deactivate' })).toBeNull();
    const note = screen.getByRole('menuitem', { name: /an admin of all their clinics/ });
    expect(note.getAttribute('aria-disabled')).toBe('true');

    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Email').hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByLabelText('Name').hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByLabelText('Name').getAttribute('aria-describedby')).toBe(
      'agent-name-hint',
    );
    expect(dialog.querySelector('#agent-name-hint')?.textContent).toContain(
      'an admin of all their clinics changes their name, email and role',
    );
  });

  it('offers "Unlock sign-in" only while an account is throttled, and unlocks it', async () => {
    const locked = staff({
      name: 'Tess Locked',
      email: 'tess@carebook.test',
      signInThrottled: true,
    });
    const rows = [adminRow, locked, front];
    const calls = stubServer(({ path, method }) => {
      if (method !== 'POST' || path !== `/api/admin/agents/${locked.id}/unlock`) return undefined;
      rows[1] = { ...locked, signInThrottled: false };
      return Response.json(rows[1]);
    }, rows);
    renderPage();
    const user = userEvent.setup({ delay: null });

    await openActions(user, 'Sam Ortiz');
    expect(screen.queryByRole('menuitem', { name: 'Unlock sign-in' })).toBeNull();
    await user.keyboard('{Escape}');

    await chooseAction(user, 'Tess Locked', 'Unlock sign-in');
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
        `/api/admin/agents/${locked.id}/unlock`,
      ]),
    );
    // The list is read again, and the account no longer offers it.
    await waitFor(() =>
      expect(calls.filter((c) => c.path.startsWith('/api/admin/agents?')).length).toBeGreaterThan(
        1,
      ),
    );
    await openActions(user, 'Tess Locked');
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Unlock sign-in' })).toBeNull();
  });

  it('leaves unlocking someone who also works elsewhere to an admin of all their clinics', async () => {
    const shared = staff({
      name: 'Nora Kelly, RN',
      email: 'nora@carebook.test',
      alsoElsewhere: true,
      signInThrottled: true,
    });
    stubServer(() => undefined, [adminRow, shared]);
    renderPage();
    const user = userEvent.setup({ delay: null });
    await openActions(user, 'Nora Kelly, RN');
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Unlock sign-in' })).toBeNull();
  });

  it('invites a staff member to the admin’s clinics, and lists the invitation to resend or revoke', async () => {
    let invited: InvitationView[] = [];
    const calls = stubServer(({ path, method, body }) => {
      if (path === '/api/admin/invitations' && method === 'GET') return json({ data: invited });
      if (path === '/api/admin/invitations' && method === 'POST') {
        const sent = body as { email: string; name: string };
        invited = [
          {
            id: '5b0c3a52-6f7e-4b8e-9d1a-2c3b4d5e6f70',
            email: sent.email,
            name: sent.name,
            role: 'nurse',
            clinics: [RIVERSIDE],
            invitedBy: 'Alex Morgan',
            createdAt: '2026-11-23T12:00:00.000Z',
            expiresAt: '2026-11-30T12:00:00.000Z',
            expired: false,
          },
        ];
        return Response.json(invited[0], { status: 201 });
      }
      if (path.endsWith('/revoke')) {
        invited = [];
        return json({ ok: true });
      }
      return undefined;
    });
    renderPage();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Invite staff member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite staff member' });
    await user.type(within(dialog).getByLabelText('Name'), 'Jordan Reyes');
    await user.type(within(dialog).getByLabelText('Email'), 'Jordan@Clinic.example');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Riverside Family Clinic' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    const row = await screen.findByRole('listitem', { name: 'Invitation for Jordan Reyes' });
    expect(row).toHaveTextContent('jordan@clinic.example');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Jordan Reyes',
      email: 'jordan@clinic.example',
      role: 'staff',
      clinicIds: [RIVERSIDE.id],
    });
    await user.click(
      within(row).getByRole('button', { name: 'Revoke invitation to Jordan Reyes' }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Invitation for Jordan Reyes' })).toBeNull(),
    );
  });

  it('ends a colleague’s sessions after confirmation', async () => {
    const calls = stubServer(({ path, method }) =>
      method === 'POST' && path === `/api/admin/agents/${front.id}/end-sessions`
        ? json({ ended: 2 })
        : undefined,
    );
    renderPage();
    const user = userEvent.setup({ delay: null });
    await chooseAction(user, 'Sam Ortiz', 'End sessions');
    const dialog = await screen.findByRole('alertdialog', { name: 'End Sam Ortiz’s sessions?' });
    await user.click(within(dialog).getByRole('button', { name: 'End sessions' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.some((c) => c.path === `/api/admin/agents/${front.id}/end-sessions`)).toBe(true);
  });
});
