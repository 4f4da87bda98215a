// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WEBHOOK_EVENTS, type WebhookEndpointView } from '@contracts/webhooks';
import { json, makeSessionUser, RIVERSIDE, stubSignedIn } from '@web/test/api-stub';
import { renderAppRoutes, setUpFormPageTests } from '@web/test/render-with-client';
import { WebhooksSection } from './webhooks-section';

const PATH = '/admin/integrations';

const admin = makeSessionUser({ clinics: [RIVERSIDE] });
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

function endpoint(overrides: Partial<WebhookEndpointView>): WebhookEndpointView {
  return {
    id: crypto.randomUUID(),
    url: 'https://billing.example.com/hooks',
    description: '',
    events: [...WEBHOOK_EVENTS],
    clinics: [{ id: RIVERSIDE.id, slug: RIVERSIDE.slug, name: RIVERSIDE.name }],
    otherClinics: 0,
    canManage: true,
    enabled: true,
    visitLinks: false,
    secret: SECRET,
    failingSince: null,
    disabledAt: null,
    disabledReason: null,
    createdAt: '2026-11-02T15:00:00.000Z',
    ...overrides,
  };
}

function renderSection(initial: WebhookEndpointView[]) {
  const posted: unknown[] = [];
  let endpoints = initial;
  stubSignedIn(admin, ({ url, method, body }) => {
    if (url.pathname === '/api/admin/webhooks' && method === 'GET') {
      return json({ data: endpoints });
    }
    if (url.pathname === '/api/admin/webhooks' && method === 'POST') {
      posted.push(body);
      const made = endpoint({ ...(body as Partial<WebhookEndpointView>), clinics: [] });
      endpoints = [made, ...endpoints];
      return json(made, 201);
    }
    return null;
  });
  renderAppRoutes([{ path: '/admin/integrations', element: <WebhooksSection /> }], PATH);
  return posted;
}

setUpFormPageTests();

describe('WebhooksSection', () => {
  it('shows a disabled endpoint and why', async () => {
    renderSection([
      endpoint({
        url: 'https://down.example.com/x',
        enabled: false,
        disabledAt: '2026-11-23T15:00:00.000Z',
        disabledReason: 'Every delivery failed for 24 hours.',
      }),
    ]);
    const row = await screen.findByRole('row', { name: /down\.example\.com/ });
    expect(within(row).getByText('Disabled')).toBeInTheDocument();
    expect(within(row).getByText(/Every delivery failed for 24 hours\./)).toBeInTheDocument();
  });

  it('checks the form, adds the endpoint, and then shows its signing secret', async () => {
    const posted = renderSection([]);
    const user = userEvent.setup({ delay: null });
    await screen.findByText('No webhook endpoints yet.');
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook endpoint' });
    for (const box of within(dialog).getAllByRole('checkbox', { checked: true })) {
      if (box.closest('fieldset')?.querySelector('legend')?.textContent === 'Events') {
        await user.click(box);
      }
    }
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(
      await within(dialog).findByText('Enter the receiver’s address, starting with https://.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one event.')).toBeInTheDocument();
    expect(posted).toEqual([]);

    await user.type(within(dialog).getByLabelText('URL'), 'https://billing.example.com/hooks');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Cancelled' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit webhook endpoint' });
    expect(within(edit).getByLabelText('Signing secret')).toHaveValue(SECRET);
    expect(posted).toEqual([
      {
        url: 'https://billing.example.com/hooks',
        description: '',
        events: ['appointment.cancelled'],
        clinicIds: [RIVERSIDE.id],
        enabled: true,
        visitLinks: false,
      },
    ]);
  });

  it('offers the visit links permission, off by default, and shows who has it', async () => {
    const posted = renderSection([
      endpoint({ url: 'https://video.example.com/x', visitLinks: true }),
    ]);
    const user = userEvent.setup({ delay: null });
    const row = await screen.findByRole('row', { name: /video\.example\.com/ });
    expect(within(row).getByText('With visit links')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook endpoint' });
    const visitLinks = within(dialog).getByRole('checkbox', { name: 'Visit links' });
    expect(visitLinks).not.toBeChecked();
    expect(visitLinks).toHaveAccessibleDescription(/can move or cancel the visit/);
    await user.type(within(dialog).getByLabelText('URL'), 'https://sms.example.com/hooks');
    await user.click(visitLinks);
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    await screen.findByRole('dialog', { name: 'Edit webhook endpoint' });
    expect(posted).toMatchObject([{ url: 'https://sms.example.com/hooks', visitLinks: true }]);
  });

  it('shows an endpoint shared with clinics the admin does not administer read-only, without its secret', async () => {
    renderSection([
      endpoint({
        url: 'https://regional.example.com/x',
        otherClinics: 1,
        canManage: false,
        secret: null,
      }),
    ]);
    const user = userEvent.setup({ delay: null });
    const row = await screen.findByRole('row', { name: /regional\.example\.com/ });
    expect(
      within(row).getByText(/^Shared with clinics you do not administer \(1 other clinic\)/),
    ).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^Edit/ })).toBeNull();
    await user.click(
      within(row).getByRole('button', { name: 'View https://regional.example.com/x' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Webhook endpoint' });
    expect(
      within(dialog).getByText(/Only an admin of all its clinics can change it\./),
    ).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Signing secret')).toBeNull();
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /Save/ })).toBeNull();
    await user.keyboard('{Escape}');
    await user.click(
      await screen.findByRole('button', { name: 'Delivery log of https://regional.example.com/x' }),
    );
    const log = await screen.findByRole('dialog', { name: 'Delivery log' });
    expect(
      within(log).getByText('Only the deliveries about your clinics are shown.'),
    ).toBeInTheDocument();
  });
});
