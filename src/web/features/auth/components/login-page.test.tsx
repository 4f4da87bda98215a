// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createQueryClient } from '@web/lib/query-client';
import { json, stubApi } from '@web/test/api-stub';
import { cleanUpAfterEach, renderRoutes } from '@web/test/render-with-client';
import { LoginPage } from './login-page';

const anonymous = () => json({ error: 'unauthorized', message: 'You need to sign in.' }, 401);

/** The server: anonymous for the session check; `login` answers the sign-in. */
function stubServer(login: () => Response | Promise<Response>) {
  return stubApi(({ url }) => (url.pathname === '/api/auth/login' ? login() : anonymous()));
}

function renderLogin(path = '/auth/login') {
  const { router } = renderRoutes(
    [
      { path: '/auth/login', element: <LoginPage /> },
      { path: '*', element: <h1>Somewhere else</h1> },
    ],
    path,
    { client: createQueryClient() },
  );
  return router;
}

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

beforeEach(() => stubServer(anonymous));
cleanUpAfterEach();

describe('LoginPage', () => {
  it('starts in the email field, with the attributes password managers look for', async () => {
    renderLogin();
    const email = await screen.findByLabelText('Email');
    expect(document.activeElement).toBe(email);
    expect(email.getAttribute('type')).toBe('email');
    expect(email.getAttribute('autocomplete')).toBe('username webauthn');
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('current-password');
    expect(screen.queryByText(/waiting-room-demo/)).toBeNull();
  });

  it('shows the server message inline, clears the password and returns focus to it', async () => {
    stubServer(() => json({ error: 'unauthorized', message: 'Invalid email or password.' }, 401));
    renderLogin();

    await fillAndSubmit('alex.morgan@carebook.test', 'wrong-password');

    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password.');
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(password.value).toBe('');
    expect(document.activeElement).toBe(password);
    expect(password.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
  });

  it('shows the too-many-attempts message', async () => {
    const message = 'Too many sign-in attempts. Please wait a few minutes and try again.';
    stubServer(() => json({ error: 'rate_limited', message }, 429));
    renderLogin();
    await fillAndSubmit('alex.morgan@carebook.test', 'whatever');
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('says "Signing in..." while waiting and sends the trimmed email', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = stubServer(() => new Promise<Response>((resolve) => (answer = resolve)));
    const router = renderLogin('/auth/login?next=%2Fcalendar');

    await fillAndSubmit('  alex.morgan@carebook.test ', 'waiting-room-demo');

    const button = await screen.findByRole('button', { name: 'Signing in...' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url) === '/api/auth/login')!;
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({
      email: 'alex.morgan@carebook.test',
      password: 'waiting-room-demo',
    });

    answer(
      json({
        user: {
          id: '0b6f1d5e-8f4e-4c1e-9a51-5a4d3f0e2c11',
          email: 'alex.morgan@carebook.test',
          name: 'Alex Morgan',
          role: 'admin',
          timezone: null,
          theme: 'system',
          clinics: [],
        },
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/calendar'));
  });
});

describe('LoginPage after the identity provider', () => {
  it('asks for the second factor the provider’s sign-in still owes, then goes on', async () => {
    const verified: unknown[] = [];
    stubApi(async ({ url, body }) => {
      if (url.pathname === '/api/auth/two-step/sign-in') {
        return json({ stage: 'second_factor', methods: ['totp'], email: 'ines@riverside.example' });
      }
      if (url.pathname === '/api/auth/two-step/sign-in/verify') {
        verified.push(body);
        return json({
          user: {
            id: '0b6f1d5e-8f4e-4c1e-9a51-5a4d3f0e2c11',
            email: 'ines@riverside.example',
            name: 'Ines Duarte',
            role: 'nurse',
            timezone: null,
            theme: 'system',
            clinics: [],
          },
        });
      }
      return anonymous();
    });
    const router = renderLogin('/auth/login?continue=1&next=%2Fpatients');
    const person = userEvent.setup();
    await person.type(await screen.findByLabelText('Code from your authenticator app'), '123456');
    expect(screen.queryByLabelText('Password')).toBeNull();
    await person.click(screen.getByRole('button', { name: /verify|continue|confirm/i }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/patients'));
    expect(verified).toEqual([expect.objectContaining({ code: '123456' })]);
  });

  it('shows the usual form when no sign-in is waiting', async () => {
    renderLogin('/auth/login?continue=1');
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
  });
});
