// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AddClinicDialog } from './add-clinic-dialog';
import { renderWithQueryClient } from '../test/policy-test-kit';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDialog() {
  const router = createMemoryRouter(
    [
      { path: '/admin/clinics', element: <AddClinicDialog open onOpenChange={() => {}} /> },
      { path: '/admin/clinics/:slug', element: <p>Settings page</p> },
    ],
    { initialEntries: ['/admin/clinics'] },
  );
  renderWithQueryClient(<RouterProvider router={router} />);
  return router;
}

describe('AddClinicDialog', () => {
  it('asks for name and phone before sending anything', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Add clinic' });
    await user.click(within(dialog).getByRole('button', { name: 'Add clinic' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Phone is required')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the clinic and opens its settings', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          sent.push(JSON.parse(init.body as string));
          return new Response(
            JSON.stringify({
              id: 'c9',
              slug: 'lakeview',
              name: 'Lakeview',
              timezone: 'America/Chicago',
              phone: '(312) 555-0142',
              address: null,
            }),
            { status: 201, headers: { 'content-type': 'application/json' } },
          );
        }
        return new Response(JSON.stringify(url.includes('session') ? null : []), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const user = userEvent.setup();
    const router = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Add clinic' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Lakeview');
    await user.type(within(dialog).getByLabelText(/^Phone/), '(312) 555-0142');
    await user.click(within(dialog).getByRole('button', { name: 'Add clinic' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/clinics/lakeview'));
    expect(sent).toEqual([
      {
        name: 'Lakeview',
        timezone: expect.any(String),
        phone: '(312) 555-0142',
        address: null,
      },
    ]);
  });
});
