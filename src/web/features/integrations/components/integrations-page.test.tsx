// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiTokenView, SmartClientView } from '@contracts/integrations';
import {
  CAMDEN,
  errorResponse,
  json,
  makeSessionUser,
  RIVERSIDE,
  stubPageApi,
  type ApiHandler,
} from '@web/test/api-stub';
import { renderAppRoutes, setUpFormPageTests } from '@web/test/render-with-client';
import { IntegrationsPage } from './integrations-page';
import { SmartClientsSection } from './smart-clients-section';

const PATH = '/admin/integrations';

const admin = makeSessionUser({ clinics: [RIVERSIDE, CAMDEN] });

function token(overrides: Partial<ApiTokenView>): ApiTokenView {
  return {
    id: crypto.randomUUID(),
    name: 'Token',
    clinics: [{ id: RIVERSIDE.id, slug: RIVERSIDE.slug, name: RIVERSIDE.name }],
    otherClinics: 0,
    canManage: true,
    scopes: ['read'],
    visitLinks: false,
    createdAt: '2026-11-02T15:00:00.000Z',
    createdBy: { id: admin.id, name: admin.name },
    lastUsedAt: null,
    lastUsedIp: null,
    revokedAt: null,
    ...overrides,
  };
}

const ehr = token({
  name: 'Riverside EHR',
  scopes: ['read', 'write'],
  lastUsedAt: '2026-11-23T14:05:00.000Z',
  lastUsedIp: '10.0.0.7',
  otherClinics: 1,
  canManage: false,
});
const billing = token({ name: 'Billing export', visitLinks: true });
const old = token({ name: 'Old portal', revokedAt: '2026-11-10T12:00:00.000Z' });

const SECRET = 'cbk_Qm9vdHN0cmFwcGVkLXNlY3JldC1mb3ItdGhlLXRlc3Rz';

function renderPage(answer: ApiHandler = () => null) {
  let tokens = [ehr, billing, old];
  const calls = stubPageApi(admin, answer, ({ url, method, body }) => {
    if (url.pathname === '/api/admin/api-tokens' && method === 'GET') {
      return json({ data: tokens });
    }
    if (url.pathname === '/api/admin/api-tokens' && method === 'POST') {
      const made = token({ name: (body as { name: string }).name });
      tokens = [made, ...tokens];
      return json({ id: made.id, token: SECRET }, 201);
    }
    const revoked = /^\/api\/admin\/api-tokens\/(.+)$/.exec(url.pathname);
    if (revoked && method === 'DELETE') {
      tokens = tokens.map((t) =>
        t.id === revoked[1] ? { ...t, revokedAt: '2026-11-23T15:00:00.000Z' } : t,
      );
      return json(tokens.find((t) => t.id === revoked[1]));
    }
    return null;
  });
  renderAppRoutes([{ path: '/admin/integrations', element: <IntegrationsPage /> }], PATH);
  return calls;
}

setUpFormPageTests();

const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('IntegrationsPage', () => {
  it('lists the tokens with their clinics, access and last use, and which are revoked', async () => {
    renderPage();
    await screen.findByRole('row', { name: /Riverside EHR/ });
    expect(
      within(row('Riverside EHR'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Riverside Family Clinic', '1 other clinic']);
    expect(within(row('Riverside EHR')).getByText('Read and write')).toBeInTheDocument();
    expect(within(row('Riverside EHR')).getByText('from 10.0.0.7')).toBeInTheDocument();
    expect(within(row('Billing export')).getByText('Never')).toBeInTheDocument();
    expect(within(row('Billing export')).getByText('Read')).toBeInTheDocument();
    expect(within(row('Old portal')).getByText(/^Revoked/)).toBeInTheDocument();
    expect(within(row('Old portal')).queryByRole('button', { name: /Revoke/ })).toBeNull();
    // Shared with a clinic this admin does not administer: shown, but not theirs to revoke.
    expect(
      within(row('Riverside EHR')).getByText(/^Shared with clinics you do not administer/),
    ).toBeInTheDocument();
    expect(within(row('Riverside EHR')).queryByRole('button', { name: /Revoke/ })).toBeNull();
    expect(within(row('Billing export')).getByText('With visit links')).toBeInTheDocument();
    expect(within(row('Riverside EHR')).queryByText('With visit links')).toBeNull();
  });

  it('checks the form, creates the token, and shows its secret once with a copy button', async () => {
    const calls = renderPage();
    const user = userEvent.setup({ delay: null });
    // user-event puts a clipboard of its own in place; the copy is read back from it.
    await user.click(await screen.findByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create integration token' });
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(
      await within(dialog).findByText('Enter a name, such as the system that will use the token.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one clinic.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText('Name'), '  Camden patient app ');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Camden Health Centre' }));
    await user.click(within(dialog).getByRole('radio', { name: /Read and write/ }));
    const visitLinks = within(dialog).getByRole('checkbox', { name: 'Visit links' });
    expect(visitLinks).not.toBeChecked();
    await user.click(visitLinks);
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));

    const shown = await screen.findByRole('dialog', { name: 'Copy your token now' });
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Camden patient app',
      clinicIds: [CAMDEN.id],
      scopes: ['read', 'write'],
      visitLinks: true,
    });
    expect((within(shown).getByLabelText('Token') as HTMLInputElement).value).toBe(SECRET);
    await user.click(within(shown).getByRole('button', { name: 'Copy token' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(await within(shown).findByRole('button', { name: 'Copied!' })).toBeInTheDocument();

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('row', { name: /Camden patient app/ })).toBeInTheDocument();
    // The secret is gone with the dialog: nothing on the page shows it again.
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('keeps the dialog open with the server’s reason when it refuses', async () => {
    renderPage(({ method }) =>
      method === 'POST' ? errorResponse(404, 'Clinic not found.', 'not_found') : null,
    );
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'Billing');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Riverside Family Clinic' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Clinic not found.');
  });

  it('asks before revoking, then revokes', async () => {
    const calls = renderPage();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Revoke Billing export' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke Billing export?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Revoke token' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe(
      `/api/admin/api-tokens/${billing.id}`,
    );
    expect(await within(row('Billing export')).findByText(/^Revoked/)).toBeInTheDocument();
  });
});

describe('SmartClientsSection', () => {
  it('checks the form, registers a client with pasted keys and its scopes, and revokes it', async () => {
    let clients: SmartClientView[] = [];
    const calls = stubPageApi(admin, ({ url, method, body }) => {
      if (url.pathname === '/api/admin/smart-clients' && method === 'GET') {
        return json({ data: clients });
      }
      if (url.pathname === '/api/admin/smart-clients' && method === 'POST') {
        const b = body as { name: string; scopes: string[] };
        const id = crypto.randomUUID();
        const made: SmartClientView = {
          id,
          clientId: id,
          name: b.name,
          clinics: [{ id: RIVERSIDE.id, slug: RIVERSIDE.slug, name: RIVERSIDE.name }],
          otherClinics: 0,
          canManage: true,
          scopes: b.scopes,
          jwksUrl: null,
          keyIds: ['k1'],
          createdAt: '2026-11-23T15:00:00.000Z',
          createdBy: { id: admin.id, name: admin.name },
          lastUsedAt: null,
          revokedAt: null,
        };
        clients = [made];
        return json(made, 201);
      }
      const revoked = /^\/api\/admin\/smart-clients\/(.+)$/.exec(url.pathname);
      if (revoked && method === 'DELETE') {
        clients = clients.map((c) => ({ ...c, revokedAt: '2026-11-23T16:00:00.000Z' }));
        return json(clients[0]);
      }
      return null;
    });
    renderAppRoutes([{ path: PATH, element: <SmartClientsSection /> }], PATH);
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText('No SMART clients yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Register client' }));
    const dialog = await screen.findByRole('dialog', { name: 'Register SMART client' });
    const scopes = within(dialog).getByLabelText('Scopes');
    await user.clear(scopes);
    await user.type(scopes, 'system/Appointment.rs user/Patient.read');
    await user.click(within(dialog).getByRole('button', { name: 'Register client' }));
    expect(
      await within(dialog).findByText(
        'user/Patient.read is not a system scope: write it as system/Appointment.rs.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/Paste the client’s public JWKS/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText('Name'), 'Regional EHR');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Riverside Family Clinic' }));
    await user.clear(scopes);
    await user.type(scopes, 'system/Appointment.rs{enter}system/Patient.read');
    const jwks = { keys: [{ kty: 'EC', kid: 'k1', crv: 'P-384', x: 'x', y: 'y' }] };
    const pasted = within(dialog).getByLabelText('JWKS');
    await user.click(pasted);
    await user.paste(JSON.stringify(jwks));
    await user.click(within(dialog).getByRole('button', { name: 'Register client' }));

    const done = await screen.findByRole('dialog', { name: 'Client registered' });
    const posted = calls.find((c) => c.method === 'POST')?.body;
    expect(posted).toEqual({
      name: 'Regional EHR',
      clinicIds: [RIVERSIDE.id],
      scopes: ['system/Appointment.rs', 'system/Patient.read'],
      jwks,
    });
    expect(within(done).getByText(clients[0]!.clientId)).toBeInTheDocument();
    await user.click(within(done).getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('row', { name: /Regional EHR/ })).toBeInTheDocument();
    expect(within(row('Regional EHR')).getByText('system/Patient.read')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Revoke Regional EHR' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke Regional EHR?' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke client' }));
    expect(await within(row('Regional EHR')).findByText(/^Revoked/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe(
      `/api/admin/smart-clients/${clients[0]!.id}`,
    );
  });
});
