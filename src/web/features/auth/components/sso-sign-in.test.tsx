// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SSO_ERROR_MESSAGES } from '@domain/sso-errors';
import { createQueryClient } from '@web/lib/query-client';
import { json, stubApi } from '@web/test/api-stub';
import { cleanUpAfterEach, renderRoutes } from '@web/test/render-with-client';
import { LoginPage } from './login-page';

function renderLogin(path: string) {
  renderRoutes([{ path: '/auth/login', element: <LoginPage /> }], path, {
    client: createQueryClient(),
  });
}

const assign = vi.fn();
beforeEach(() => {
  stubApi(() => json({ error: 'unauthorized', message: 'You need to sign in.' }, 401));
  vi.stubGlobal('location', { ...window.location, assign });
});
afterEach(() => {
  vi.unstubAllGlobals();
  assign.mockReset();
});
cleanUpAfterEach();

describe('single sign-on on the sign-in page', () => {
  it('asks for the work e-mail address and sends the browser to start there', async () => {
    renderLogin('/auth/login?next=%2Fpatients');
    const user = userEvent.setup();
    // Folded away at first: the password form's fields keep their names to themselves.
    expect(screen.queryByLabelText('Work e-mail address')).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Single sign-on' }));
    await user.type(screen.getByLabelText('Work e-mail address'), 'ines@riverside.example');
    await user.click(screen.getByRole('button', { name: 'Continue with single sign-on' }));
    expect(assign).toHaveBeenCalledWith(
      '/api/auth/sso/start?email=ines%40riverside.example&next=%2Fpatients',
    );
  });

  it('says in words why a single sign-on was refused', async () => {
    renderLogin('/auth/login?sso_error=browser');
    expect(await screen.findByRole('alert')).toHaveTextContent(SSO_ERROR_MESSAGES.browser);
    expect(screen.getByLabelText('Work e-mail address')).toBeTruthy();
  });

  it('shows nothing for a code it does not know', async () => {
    renderLogin('/auth/login?sso_error=%3Cscript%3E');
    await screen.findByRole('button', { name: 'Single sign-on' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
