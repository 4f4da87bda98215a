// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserSession } from '@contracts/accounts';
import { sessionKeys } from '@web/queries/query-keys';
import { json, makeSessionUser, stubApi } from '@web/test/api-stub';
import { createTestQueryClient, renderWithClient } from '@web/test/render-with-client';
import { SessionsSettings } from './sessions-settings';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const session = (overrides: Partial<UserSession>): UserSession => ({
  id: crypto.randomUUID().replaceAll('-', '').repeat(2),
  browser: 'Chrome on macOS',
  ip: '198.51.100.5',
  signedInAt: '2026-11-23T14:00:00.000Z',
  lastSeenAt: '2026-11-23T15:30:00.000Z',
  current: false,
  method: 'password',
  ...overrides,
});

const here = session({ current: true, browser: 'Firefox on Linux', ip: '203.0.113.2' });
const phone = session({ browser: 'Safari on iOS', ip: '192.0.2.44' });
const laptop = session({ browser: null, ip: null });

let live: UserSession[];
let calls: string[];

beforeEach(() => {
  live = [here, phone, laptop];
  calls = [];
  stubApi(({ url, method }) => {
    calls.push(`${method} ${url.pathname}`);
    if (method === 'GET' && url.pathname === '/api/auth/sessions') return json({ data: live });
    if (method === 'DELETE' && url.pathname.startsWith('/api/auth/sessions/')) {
      const id = url.pathname.split('/').at(-1);
      live = live.filter((s) => s.id !== id);
      return json({ ok: true });
    }
    if (method === 'POST' && url.pathname === '/api/auth/sessions/end-others') {
      const ended = live.filter((s) => !s.current).length;
      live = live.filter((s) => s.current);
      return json({ ended });
    }
    return undefined;
  });
  const client = createTestQueryClient();
  client.setQueryData(sessionKeys.current, makeSessionUser({ timezone: 'America/New_York' }));
  renderWithClient(<SessionsSettings />, { client });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('SessionsSettings', () => {
  it('names each browser with its address and times, and marks this one', async () => {
    const list = await screen.findByRole('list', { name: 'Your sessions' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Firefox on Linux');
    expect(within(items[0]!).getByText('This browser')).toBeInTheDocument();
    // This browser signs out with the ordinary sign-out, not from here.
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    expect(items[1]).toHaveTextContent(
      'Safari on iOS192.0.2.44 · Signed in Nov 23, 2026, 9:00 AM · Last seen Nov 23, 2026, 10:30 AM',
    );
    expect(items[2]).toHaveTextContent('Unknown browser');
    expect(items[2]).toHaveTextContent('Address unknown');
  });

  it('signs out one session, then the rest but this one', async () => {
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign out Safari on iOS' }));
    await screen.findByRole('button', { name: 'Sign out Unknown browser' });
    expect(screen.queryByRole('button', { name: 'Sign out Safari on iOS' })).toBeNull();
    expect(calls).toContain(`DELETE /api/auth/sessions/${phone.id}`);
    expect(toast.success).toHaveBeenCalledWith('Signed out Safari on iOS.');

    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('This browser')).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull(),
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(toast.success).toHaveBeenLastCalledWith('Signed out 1 other session.');
  });
});
