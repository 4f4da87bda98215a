// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createQueryClient } from '@web/lib/query-client';
import { json, stubApi, type ApiRequest } from '@web/test/api-stub';
import { cleanUpAfterEach, renderRoutes } from '@web/test/render-with-client';
import { LoginPage } from './login-page';

// The sign-in's second step (ADR 046) as the login page shows it after a right password.

const user = {
  id: '0b6f1d5e-8f4e-4c1e-9a51-5a4d3f0e2c11',
  email: 'joan.reyes@carebook.test',
  name: 'Joan Reyes',
  role: 'staff',
  timezone: null,
  theme: 'system',
  clinics: [],
};
const anonymous = () => json({ error: 'unauthorized', message: 'You need to sign in.' }, 401);

function stubServer(verify: (request: ApiRequest) => Response) {
  return stubApi((request) => {
    if (request.url.pathname === '/api/auth/login') {
      return json({ user, next: 'second_factor', methods: ['totp', 'recovery'] });
    }
    if (request.url.pathname === '/api/auth/two-step/sign-in/verify') return verify(request);
    return anonymous();
  });
}

async function passwordThenStep() {
  const { router } = renderRoutes(
    [
      { path: '/auth/login', element: <LoginPage /> },
      { path: '*', element: <h1>Somewhere else</h1> },
    ],
    '/auth/login?next=%2Fcalendar',
    { client: createQueryClient() },
  );
  const person = userEvent.setup();
  await person.type(await screen.findByLabelText('Email'), user.email);
  await person.type(screen.getByLabelText('Password'), 'correct horse battery');
  await person.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByRole('heading', { name: 'Two-step sign-in' });
  return { router, person };
}

cleanUpAfterEach();

describe('the second step of signing in', () => {
  it('asks for the app’s code in a field phones and password managers understand', async () => {
    stubServer(() => json({ user }));
    const { router, person } = await passwordThenStep();
    const field = screen.getByLabelText('Code from your authenticator app');
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(field.getAttribute('inputmode')).toBe('numeric');
    expect(document.activeElement).toBe(field);
    await person.type(field, '123456');
    await person.click(screen.getByRole('checkbox', { name: 'Remember this browser for 30 days' }));
    await person.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/calendar'));
  });

  it('sends what was typed and whether to remember; shows a refusal and clears the field', async () => {
    const sent: unknown[] = [];
    stubServer((request) => {
      sent.push(request.body);
      return json({ error: 'bad_request', message: 'That code is not right.' }, 400);
    });
    const { person } = await passwordThenStep();
    await person.type(screen.getByLabelText('Code from your authenticator app'), '000000');
    await person.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That code is not right.');
    expect(sent).toEqual([{ code: '000000', remember: false }]);
    expect(
      (screen.getByLabelText('Code from your authenticator app') as HTMLInputElement).value,
    ).toBe('');
  });

  it('takes a recovery code instead, as text', async () => {
    const sent: unknown[] = [];
    stubServer((request) => {
      sent.push(request.body);
      return json({ user });
    });
    const { router, person } = await passwordThenStep();
    await person.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const field = screen.getByLabelText('Recovery code');
    expect(field.getAttribute('inputmode')).toBe('text');
    await person.type(field, 'k7m2p-q9x4w');
    await person.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/calendar'));
    expect(sent).toEqual([{ code: 'k7m2p-q9x4w', remember: false }]);
  });

  it('goes back to the password, saying why, when the sign-in ended', async () => {
    const message = 'Too many wrong codes. Sign in again with your email and password.';
    stubServer(() => json({ error: 'unauthorized', message }, 401));
    const { person } = await passwordThenStep();
    await person.type(screen.getByLabelText('Code from your authenticator app'), '000000');
    await person.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });
});
