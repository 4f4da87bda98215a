// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ResourceView } from '@contracts/resources';
import {
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
import { ResourcesPage } from './resources-page';

const admin = makeSessionUser({ clinics: [RIVERSIDE] });

const resource = (overrides: Partial<ResourceView>): ResourceView =>
  createResourceView({ clinicId: RIVERSIDE.id, ...overrides });

const room1 = resource({
  name: 'Treatment room 1',
  weekly: [1, 2, 3, 4, 5].map((weekday) => ({
    weekday: weekday as 1 | 2 | 3 | 4 | 5,
    start: '08:00',
    end: '18:00',
  })),
  timeOff: [
    {
      id: crypto.randomUUID(),
      start: '2026-12-10T14:00:00.000Z',
      end: '2026-12-10T22:00:00.000Z',
      reason: 'Painting',
    },
  ],
});
const ultrasound = resource({ name: 'Ultrasound', kind: 'equipment', category: 'Ultrasound' });
const oldRoom = resource({ name: 'Old room', archived: true });

function renderPage(
  answer: ApiHandler = () => null,
  start: ResourceView[] = [room1, ultrasound, oldRoom],
) {
  const resources = archivableList(`/api/clinics/${RIVERSIDE.id}/resources`, start, (body) =>
    resource(body as Partial<ResourceView>),
  );
  const calls = stubPageApi(admin, answer, resources.serve, ({ url, method, body }) => {
    const timeOff = /\/resources\/([^/]+)\/time-off(?:\/([^/]+))?$/.exec(url.pathname);
    if (timeOff) {
      const changed = resources.update(timeOff[1], (r) => {
        if (method === 'DELETE') {
          return { ...r, timeOff: r.timeOff.filter((o) => o.id !== timeOff[2]) };
        }
        const { start, end, reason } = body as { start: string; end: string; reason: string };
        return { ...r, timeOff: [...r.timeOff, { id: crypto.randomUUID(), start, end, reason }] };
      });
      return json(changed, method === 'DELETE' ? 200 : 201);
    }
    return null;
  });
  renderAppRoutes(
    [{ path: '/admin/resources', element: <ResourcesPage /> }],
    '/admin/resources?clinic=riverside',
  );
  return calls;
}

setUpFormPageTests();

const card = (name: string) => screen.getByRole('listitem', { name });

describe('ResourcesPage', () => {
  it('lists the active ones by name with kind, category and hours; archived ones on asking', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('listitem', { name: 'Treatment room 1' });
    expect(
      within(card('Treatment room 1')).getByText('Mon–Fri 8:00 AM – 6:00 PM'),
    ).toBeInTheDocument();
    expect(within(card('Treatment room 1')).getByText('1 time off')).toBeInTheDocument();
    expect(within(card('Ultrasound')).getByText('Equipment')).toBeInTheDocument();
    expect(within(card('Ultrasound')).getByText('The clinic’s staff hours')).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Old room' })).toBeNull();

    await user.click(screen.getByRole('combobox', { name: 'Show' }));
    await user.click(await screen.findByRole('option', { name: 'Archived' }));
    expect(await screen.findByRole('listitem', { name: 'Old room' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Ultrasound' })).toBeNull();
    expect(within(card('Old room')).getByText('Archived')).toBeInTheDocument();
  });

  it('says when there is nothing yet, and when the list cannot load', async () => {
    renderPage(() => null, []);
    expect(
      await screen.findByText('This clinic has no rooms or equipment yet.'),
    ).toBeInTheDocument();
    cleanup();
    renderPage(({ method }) =>
      method === 'GET' ? errorResponse(500, 'The server is not answering.') : null,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The server is not answering.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('adds a room with its own hours, sent by Enter, suggesting the clinic’s categories', async () => {
    const calls = renderPage();
    const user = userEvent.setup();
    await screen.findByRole('listitem', { name: 'Ultrasound' });
    await user.click(screen.getAllByRole('button', { name: 'Add room or equipment' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add room or equipment' });
    expect(
      [...dialog.querySelectorAll('datalist option')].map((o) => o.getAttribute('value')),
    ).toEqual(['Treatment room', 'Ultrasound']);
    await user.type(within(dialog).getByLabelText(/^Name/), '  Treatment room 3 ');
    expect(within(dialog).queryByRole('group', { name: 'Monday' })).toBeNull();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Own hours' }));
    // The editor starts from a working week; Friday's hours are taken away.
    await user.click(within(dialog).getByRole('button', { name: 'Remove Friday hours' }));
    // Enter in the last field sends the form.
    await user.type(within(dialog).getByLabelText(/^Category/), 'Treatment room{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      {
        name: 'Treatment room 3',
        kind: 'room',
        category: 'Treatment room',
        weekly: [1, 2, 3, 4].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
      },
    ]);
  });

  it('refuses a blank name and overlapping hours in words, and sends nothing', async () => {
    const calls = renderPage();
    const user = userEvent.setup();
    await screen.findByRole('listitem', { name: 'Ultrasound' });
    await user.click(screen.getAllByRole('button', { name: 'Add room or equipment' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add room or equipment' });
    await user.type(within(dialog).getByLabelText(/^Name/), '   ');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Own hours' }));
    const monday = within(dialog).getByRole('group', { name: 'Monday' });
    await user.click(within(monday).getByRole('button', { name: 'Add hours on Monday' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Name must not be empty')).toBeInTheDocument();
    expect(within(dialog).getByText(/Category must not be empty/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Name/), 'Gym');
    await user.type(within(dialog).getByLabelText(/^Category/), 'Gym');
    fireEvent.change(within(monday).getByLabelText('Monday start 2'), {
      target: { value: '10:00' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText(/Fix the hours marked above/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('edits at the version read and shows the server’s refusal', async () => {
    const calls = renderPage(({ method }) =>
      method === 'PUT'
        ? errorResponse(
            409,
            'Someone else changed this room or equipment since you opened it. Reload to see their changes, then make yours again.',
            'conflict',
          )
        : null,
    );
    const user = userEvent.setup();
    await screen.findByRole('listitem', { name: 'Treatment room 1' });
    await user.click(screen.getByRole('button', { name: 'Edit Treatment room 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Treatment room 1' });
    expect(within(dialog).getByRole('checkbox', { name: 'Own hours' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Own hours' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/Someone else changed/);
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Treatment room 1',
      kind: 'room',
      category: 'Treatment room',
      weekly: null,
      version: 1,
    });
  });

  it('lists, adds and removes time off in the clinic’s time', async () => {
    const calls = renderPage();
    const user = userEvent.setup();
    await screen.findByRole('listitem', { name: 'Treatment room 1' });
    await user.click(screen.getByRole('button', { name: 'Time off for Treatment room 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Time off for Treatment room 1' });
    expect(within(dialog).getByText('Dec 10, 2026, 9:00 AM – 5:00 PM')).toBeInTheDocument();
    expect(within(dialog).getByText('Painting')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/^Starts/), '2026-12-20T09:00');
    await user.type(within(dialog).getByLabelText(/^Ends/), '2026-12-20T08:00');
    await user.click(within(dialog).getByRole('button', { name: 'Add time off' }));
    expect(await within(dialog).findByText('The end must be after the start.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/^Ends/));
    await user.type(within(dialog).getByLabelText(/^Ends/), '2026-12-21T17:00');
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Laser service');
    await user.click(within(dialog).getByRole('button', { name: 'Add time off' }));
    expect(
      await within(dialog).findByText('Dec 20, 2026, 9:00 AM – Dec 21, 2026, 5:00 PM'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      {
        start: '2026-12-20T14:00:00.000Z',
        end: '2026-12-21T22:00:00.000Z',
        reason: 'Laser service',
      },
    ]);

    await user.click(
      within(dialog).getByRole('button', {
        name: 'Remove time off Dec 10, 2026, 9:00 AM – 5:00 PM',
      }),
    );
    await waitFor(() => expect(within(dialog).queryByText('Painting')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('archives and restores only after asking', async () => {
    const calls = renderPage();
    const user = userEvent.setup();
    await screen.findByRole('listitem', { name: 'Ultrasound' });
    await user.click(screen.getByRole('button', { name: 'Archive Ultrasound' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Archive Ultrasound?' });
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.click(within(ask).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/api/clinics/${RIVERSIDE.id}/resources/${ultrasound.id}/archive`,
    ]);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Ultrasound' })).toBeNull());
  });
});
