// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ServiceView } from '@contracts/services';
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
import { archivableList } from '@web/test/archivable-list';
import { createResourceView } from '@web/test/resource-view';
import { createServiceView } from '@web/test/service-view';
import { ServicesPage } from './services-page';

const admin = makeSessionUser({ clinics: [RIVERSIDE, CAMDEN] });
const PRIYA = '5f0e1c2b-6a7d-4e8f-9a0b-1c2d3e4f5a61';
const NORA = '6a1f2d3c-7b8e-4f9a-8b1c-2d3e4f5a6b72';

const service = (overrides: Partial<ServiceView>) =>
  createServiceView({ clinicId: RIVERSIDE.id, ...overrides });

const videoVisit = service({
  name: 'Video visit',
  durations: [30, 15, 45, 60],
  isDefault: true,
  bookableOnline: true,
});
const massage = service({
  name: 'Massage',
  kind: 'in_person',
  durations: [60],
  bufferAfterMinutes: 15,
  offeredByAll: false,
  agents: [{ id: NORA, name: 'Nora Kelly', durationMinutes: 45 }],
  archived: true,
  colour: '#db2777',
});

const resource = (name: string, category: string, kind: 'room' | 'equipment' = 'room') =>
  createResourceView({ clinicId: RIVERSIDE.id, name, kind, category });
const treatmentRoom1 = resource('Treatment room 1', 'Treatment room');
const treatmentRoom2 = resource('Treatment room 2', 'Treatment room');
const ultrasound = resource('Ultrasound', 'Ultrasound', 'equipment');

function renderPage(answer: ApiHandler = () => null) {
  const services = archivableList(
    `/api/clinics/${RIVERSIDE.id}/services`,
    [videoVisit, massage],
    (body) => service({ ...(body as Partial<ServiceView>), agents: [] }),
  );
  const calls = stubPageApi(admin, answer, services.serve, ({ url }) => {
    if (url.pathname === `/api/clinics/${RIVERSIDE.id}/resources`) {
      return json({ data: [treatmentRoom1, treatmentRoom2, ultrasound] });
    }
    if (url.pathname === '/api/clinics/riverside/nurses') {
      return json([
        {
          _id: PRIYA,
          name: 'Dr. Priya Raman',
          email: 'p@x.test',
          role: 'provider',
          timezone: 'UTC',
        },
        { _id: NORA, name: 'Nora Kelly', email: 'n@x.test', role: 'nurse', timezone: 'UTC' },
      ]);
    }
    return null;
  });
  renderAppRoutes(
    [{ path: '/admin/services', element: <ServicesPage /> }],
    '/admin/services?clinic=riverside',
  );
  return calls;
}

setUpFormPageTests();

const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

async function openAddDialog() {
  const user = userEvent.setup();
  await screen.findByRole('row', { name: /Video visit/ });
  await user.click(screen.getByRole('button', { name: 'Add service' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Add service' }) };
}

describe('ServicesPage', () => {
  it('lists the clinic’s services with their lengths, buffers, who offers them and badges', async () => {
    renderPage();
    await screen.findByRole('row', { name: /Video visit/ });
    expect(within(row('Video visit')).getByText('Default')).toBeInTheDocument();
    expect(
      within(row('Video visit')).getAllByText('30 min (also 15 min, 45 min and 1 h)'),
    ).not.toEqual([]);
    expect(within(row('Video visit')).queryByRole('button', { name: /Archive/ })).toBeNull();
    expect(within(row('Massage')).getByText('Archived')).toBeInTheDocument();
    expect(within(row('Massage')).getAllByText('15 min after')).not.toEqual([]);
    expect(within(row('Massage')).getAllByText(/Nora Kelly \(45 min\)/)).not.toEqual([]);
    expect(
      within(row('Massage')).getByRole('button', { name: 'Restore Massage' }),
    ).toBeInTheDocument();
  });

  it('refuses what the contract refuses, in the form’s words, and sends nothing', async () => {
    const calls = renderPage();
    const { user, dialog } = await openAddDialog();
    await user.type(within(dialog).getByLabelText(/^Name/), 'P');
    // The only length ticked is taken away.
    await user.click(within(dialog).getByRole('checkbox', { name: '30 min' }));
    const after = within(dialog).getByLabelText('Buffer after (minutes)');
    await user.clear(after);
    await user.type(after, '300');
    await user.click(within(dialog).getByLabelText('Only the providers and nurses chosen here'));
    await within(dialog).findByRole('checkbox', { name: /Nora Kelly/ });
    await user.click(within(dialog).getByRole('button', { name: 'Add service' }));
    expect(
      await within(dialog).findByText('Name must be at least 2 characters long'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one length.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Buffer after must be at most 240 minutes'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Choose at least one provider or nurse, or offer it to everyone who sees patients.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('adds a service with its lengths, buffers and own lengths, then closes', async () => {
    const calls = renderPage();
    const { user, dialog } = await openAddDialog();
    await user.type(within(dialog).getByLabelText(/^Name/), '  Physiotherapy ');
    await user.click(within(dialog).getByRole('checkbox', { name: '45 min' }));
    await user.click(within(dialog).getByRole('checkbox', { name: '30 min' }));
    await user.type(within(dialog).getByLabelText('Another length (minutes)'), '50{Enter}');
    const after = within(dialog).getByLabelText('Buffer after (minutes)');
    await user.clear(after);
    await user.type(after, '15');
    await user.type(within(dialog).getByLabelText(/^Where/), 'Treatment room 2');
    await user.click(within(dialog).getByLabelText('Only the providers and nurses chosen here'));
    await user.click(await within(dialog).findByRole('checkbox', { name: /Dr\. Priya Raman/ }));
    await user.type(
      within(dialog).getByLabelText('Dr. Priya Raman’s own length in minutes (optional)'),
      '60',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add service' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      {
        name: 'Physiotherapy',
        durations: [45, 50],
        bufferBeforeMinutes: 0,
        bufferAfterMinutes: 15,
        kind: 'in_person',
        location: 'Treatment room 2',
        colour: '#2563eb',
        offeredByAll: false,
        agents: [{ id: PRIYA, durationMinutes: 60 }],
        bookableOnline: false,
        patientsAllowed: 'all',
        instructions: null,
        resourceCategory: null,
        resourceId: null,
      },
    ]);
    expect(await screen.findByRole('row', { name: /Physiotherapy/ })).toBeInTheDocument();
  });

  it('edits at the version read and shows the server’s refusal in the dialog', async () => {
    const calls = renderPage(({ method, url }) =>
      method === 'PUT' && url.pathname.endsWith(videoVisit.id)
        ? errorResponse(
            409,
            'Someone else changed this service since you opened it. Reload to see their changes, then make yours again.',
            'conflict',
          )
        : null,
    );
    const user = userEvent.setup();
    await screen.findByRole('row', { name: /Video visit/ });
    await user.click(screen.getByRole('button', { name: 'Edit Video visit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Video visit' });
    expect(within(dialog).getByRole('checkbox', { name: '15 min' })).toBeChecked();
    // The default service stays everyone's: there is no choice to make.
    expect(
      within(dialog).getByText(/^Everyone who sees patients: this is the default/),
    ).toBeVisible();
    expect(within(dialog).queryByRole('radio', { name: /sees patients|chosen here/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save service' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/Someone else changed/);
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({ durations: [30, 15, 45, 60], version: 1 });
  });

  it('archives and restores only after asking', async () => {
    const calls = renderPage();
    const user = userEvent.setup();
    await screen.findByRole('row', { name: /Video visit/ });
    await user.click(screen.getByRole('button', { name: 'Restore Massage' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Restore Massage?' });
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.click(within(ask).getByRole('button', { name: 'Restore service' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/api/clinics/${RIVERSIDE.id}/services/${massage.id}/restore`,
    ]);
    await waitFor(() => expect(within(row('Massage')).queryByText('Archived')).toBeNull());
  });

  it('says what a service needs: a category of the clinic’s, or one of its resources', async () => {
    const calls = renderPage();
    const { user, dialog } = await openAddDialog();
    await user.type(within(dialog).getByLabelText(/^Name/), 'Physiotherapy');
    const needs = within(dialog).getByRole('group', { name: 'Needs' });
    expect(within(needs).getByRole('radio', { name: 'Nothing' })).toBeChecked();
    await user.click(
      within(needs).getByRole('radio', { name: 'Any room or equipment of a category' }),
    );
    // Chosen nothing yet: said in words, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Add service' }));
    expect(
      await within(dialog).findByText('Choose the category of rooms or equipment it needs.'),
    ).toBeInTheDocument();
    await user.click(within(needs).getByRole('combobox', { name: 'Category it needs' }));
    const categories = await screen.findAllByRole('option');
    expect(categories.map((o) => o.textContent)).toEqual(['Treatment room', 'Ultrasound']);
    await user.click(screen.getByRole('option', { name: 'Treatment room' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add service' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      expect.objectContaining({ resourceCategory: 'Treatment room', resourceId: null }),
    ]);
    expect(
      await within(row('Physiotherapy')).findByText('Needs any Treatment room'),
    ).toBeInTheDocument();
  });

  it('names one resource as a need', async () => {
    const calls = renderPage();
    const { user, dialog } = await openAddDialog();
    await user.type(within(dialog).getByLabelText(/^Name/), 'Abdominal scan');
    const needs = within(dialog).getByRole('group', { name: 'Needs' });
    await user.click(
      within(needs).getByRole('radio', { name: 'A specific room or piece of equipment' }),
    );
    await user.click(within(needs).getByRole('combobox', { name: 'Room or equipment it needs' }));
    await user.click(await screen.findByRole('option', { name: 'Ultrasound (equipment)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add service' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      expect.objectContaining({ resourceCategory: null, resourceId: ultrasound.id }),
    ]);
    expect(await within(row('Abdominal scan')).findByText('Needs Ultrasound')).toBeInTheDocument();
  });
});
