// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, within } from '@testing-library/react';
import { renderAppRoutes } from '@web/test/render-with-client';
import userEvent from '@testing-library/user-event';
import type { SessionUser } from '@contracts/auth';
import { useSession } from '@web/lib/session';
import { makeSessionUser, stubSignedIn } from '@web/test/api-stub';
import { MAIL_BANNER_HIDDEN_KEY, MailDeliveryBanner } from './mail-delivery-banner';

configure({ asyncUtilTimeout: 5_000 });
// A page with its providers renders slowly on a busy machine: the test waits for what it shows.
vi.setConfig({ testTimeout: 20_000 });

/** Says when the session has answered, so that a banner not drawn is not merely not yet drawn. */
function SessionProbe() {
  const { user } = useSession();
  return user ? <p>Signed in as {user.email}</p> : null;
}

function renderBanner(user: SessionUser) {
  stubSignedIn(user);
  const { router } = renderAppRoutes(
    [
      {
        path: '/dashboard',
        element: (
          <>
            <MailDeliveryBanner />
            <SessionProbe />
          </>
        ),
      },
      { path: '/admin/outbox', element: <h1>Notifications page</h1> },
    ],
    '/dashboard',
  );
  return router;
}

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('the mail delivery banner', () => {
  it('tells an admin that messages wait in Notifications, and what to set', async () => {
    const router = renderBanner(makeSessionUser({ role: 'admin', mailDelivery: 'off' }));
    const banner = await screen.findByRole('complementary', { name: 'Mail delivery' });
    expect(banner).toHaveTextContent(
      'Messages are not being sent: no mail server is set. They wait in Notifications. Set SMTP_URL to send them.',
    );
    await userEvent.click(within(banner).getByRole('link', { name: 'Notifications' }));
    expect(router.state.location.pathname).toBe('/admin/outbox');
  });

  it('tells others whom to ask, with no link to a page they cannot open', async () => {
    renderBanner(makeSessionUser({ role: 'nurse', mailDelivery: 'off' }));
    const banner = await screen.findByRole('complementary', { name: 'Mail delivery' });
    expect(banner).toHaveTextContent('Please ask an admin.');
    expect(banner).toHaveTextContent('SMTP_URL');
    expect(within(banner).queryByRole('link')).toBeNull();
  });

  it('hides for this session when dismissed, and comes back in the next', async () => {
    renderBanner(makeSessionUser({ mailDelivery: 'off' }));
    const banner = await screen.findByRole('complementary', { name: 'Mail delivery' });
    await userEvent.click(
      within(banner).getByRole('button', { name: 'Hide this notice for this session' }),
    );
    expect(screen.queryByRole('complementary', { name: 'Mail delivery' })).toBeNull();
    expect(sessionStorage.getItem(MAIL_BANNER_HIDDEN_KEY)).toBe('1');
    cleanup();
    sessionStorage.clear();
    renderBanner(makeSessionUser({ mailDelivery: 'off' }));
    expect(await screen.findByRole('complementary', { name: 'Mail delivery' })).toBeVisible();
  });

  it('is not shown while mail goes out', async () => {
    renderBanner(makeSessionUser({ mailDelivery: 'smtp' }));
    expect(await screen.findByText(/^Signed in as/)).toBeVisible();
    expect(screen.queryByRole('complementary', { name: 'Mail delivery' })).toBeNull();
  });
});
