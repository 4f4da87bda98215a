// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AddClinicDialog } from './add-clinic-dialog';
import { json, stubApi } from '@web/test/api-stub';
import { cleanUpAfterEach, renderRoutes } from '@web/test/render-with-client';

cleanUpAfterEach();

function renderDialog() {
  const { router } = renderRoutes(
    [
      { path: '/admin/clinics', element: <AddClinicDialog open onOpenChange={() => {}} /> },
      { path: '/admin/clinics/:slug', element: <p>Settings page</p> },
    ],
    '/admin/clinics',
  );
  return router;
}

describe('AddClinicDialog', () => {
  it('asks for name and phone before sending anything', async () => {
    const fetch = stubApi(() => null);
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
    stubApi(({ url, method, body }) => {
      if (method === 'POST') {
        sent.push(body);
        return json(
          {
            id: 'c9',
            slug: 'lakeview',
            name: 'Lakeview',
            timezone: 'America/Chicago',
            phone: '(312) 555-0142',
            address: null,
          },
          201,
        );
      }
      return json(url.pathname.includes('session') ? null : []);
    });
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
