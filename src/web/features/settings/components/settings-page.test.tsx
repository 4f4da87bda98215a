// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@contracts/auth';
import { sessionKeys } from '@web/queries/query-keys';
import { THEME_STORAGE_KEY } from '@web/lib/theme';
import { errorResponse, json, stubApi, type ApiHandler } from '@web/test/api-stub';
import { createTestQueryClient, renderWithClient } from '@web/test/render-with-client';
import { SettingsPage } from './settings-page';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const user: SessionUser = {
  id: 'u1',
  email: 'nurse@carebook.test',
  name: 'Nora Kelly, RN',
  role: 'nurse',
  timezone: 'America/New_York',
  theme: 'system',
  clinics: [],
  notificationPrefs: { booked: true, rescheduled: true, reassigned: true, cancelled: true },
};

type Call = { url: string; method: string; body: Record<string, unknown> | undefined };
let calls: Call[];
let client: QueryClient;

/** A stand-in server: PUT /api/auth/profile merges into the user, POST /password checks "old". */
function fakeServer(): ApiHandler {
  let current = structuredClone(user);
  return (request) => {
    const url = request.url.pathname + request.url.search;
    const body = request.body as Record<string, unknown> | undefined;
    calls.push({ url, method: request.method, body });
    if (url === '/api/auth/profile') {
      const { notificationPrefs, ...rest } = body ?? {};
      current = {
        ...current,
        ...rest,
        notificationPrefs: { ...current.notificationPrefs!, ...(notificationPrefs as object) },
      };
      return json({ user: current });
    }
    if (url === '/api/auth/two-step') {
      return json({
        totp: false,
        totpSince: null,
        recoveryCodesLeft: 0,
        passkeys: 0,
        required: false,
      });
    }
    if (url === '/api/auth/passkeys') return json({ data: [] });
    // Where the user is signed in: this browser alone (sessions-settings.test.tsx covers more).
    if (url === '/api/auth/sessions') return json({ data: [] });
    if (url === '/api/auth/password') {
      if (body?.currentPassword !== 'old-password-1')
        return errorResponse(400, 'The current password is not correct.', 'bad_request');
      return json({ ok: true });
    }
    return json({ user: current });
  };
}

beforeEach(() => {
  calls = [];
  stubApi(fakeServer());
  vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {} }));
  client = createTestQueryClient({ staleTime: Infinity });
  client.setQueryData(sessionKeys.current, user);
  renderWithClient(<SettingsPage />, { client });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  window.localStorage.clear();
  document.documentElement.classList.remove('dark');
});

const session = () => client.getQueryData<SessionUser>(sessionKeys.current)!;

describe('SettingsPage', () => {
  it('titles each section one level below the page heading, skipping none', () => {
    const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
    expect(levels).toEqual([1, 2, 2, 2, 2, 2, 2, 2]);
  });

  it('saves a new time zone and puts it in the session every screen reads', async () => {
    const zone = screen.getByRole('combobox', { name: 'Time zone' });
    expect((zone as HTMLInputElement).value).toBe('America/New_York');
    await userEvent.click(zone);
    await userEvent.type(zone, 'Europe/Lond');
    await userEvent.click(
      await screen.findByRole('option', { name: /Europe\/London|Europe London/ }),
    );
    await waitFor(() => expect(session().timezone).toBe('Europe/London'));
    expect(calls).toContainEqual({
      url: '/api/auth/profile',
      method: 'PUT',
      body: { timezone: 'Europe/London' },
    });
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Times now show in Europe/London.'),
    );
  });

  it('applies a theme at once, caches it for the next first paint and saves it to the account', async () => {
    await userEvent.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    await waitFor(() => expect(session().theme).toBe('dark'));
    expect(calls.at(-1)).toEqual({
      url: '/api/auth/profile',
      method: 'PUT',
      body: { theme: 'dark' },
    });
  });

  it('sends only the notification that changed', async () => {
    const cancelled = screen.getByRole('checkbox', { name: 'Cancelled' });
    expect((cancelled as HTMLInputElement).checked).toBe(true);
    await userEvent.click(cancelled);
    await waitFor(() => expect(session().notificationPrefs?.cancelled).toBe(false));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { notificationPrefs: { cancelled: false } },
    ]);
    expect((screen.getByRole('checkbox', { name: 'Cancelled' }) as HTMLInputElement).checked).toBe(
      false,
    );
    expect((screen.getByRole('checkbox', { name: 'Booked' }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it('checks the password form before asking the server', async () => {
    await userEvent.type(screen.getByLabelText('Current password'), 'old-password-1');
    await userEvent.type(screen.getByLabelText('New password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'The new password must be at least 10 characters.',
    );
    await userEvent.type(screen.getByLabelText('New password'), '-but-longer');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'something-else');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByRole('alert').textContent).toBe('The two new passwords do not match.');
    expect(calls.filter((c) => c.url === '/api/auth/password')).toHaveLength(0);
  });

  it('changes the password, says other devices were signed out, and shows a refusal in words', async () => {
    expect(screen.getByText(/signs you out on all your other devices/)).toBeInTheDocument();
    const fill = async (current: string) => {
      await userEvent.clear(screen.getByLabelText('Current password'));
      await userEvent.type(screen.getByLabelText('Current password'), current);
      await userEvent.clear(screen.getByLabelText('New password'));
      await userEvent.type(screen.getByLabelText('New password'), 'a-new-password-2');
      await userEvent.clear(screen.getByLabelText('Confirm new password'));
      await userEvent.type(screen.getByLabelText('Confirm new password'), 'a-new-password-2');
      await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    };
    await fill('wrong-password');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The current password is not correct.',
    );
    await fill('old-password-1');
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        'Password changed. Your other devices were signed out.',
      ),
    );
    expect(calls.at(-1)).toEqual({
      url: '/api/auth/password',
      method: 'POST',
      body: { currentPassword: 'old-password-1', newPassword: 'a-new-password-2' },
    });
    expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('');
  });
});
