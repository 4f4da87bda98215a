// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INVITATION_LINK_DEAD, RESET_LINK_DEAD, RESET_REQUESTED } from '@contracts/accounts';
import { createQueryClient } from '@web/lib/query-client';
import { byRoute, json, stubApi } from '@web/test/api-stub';
import { cleanUpAfterEach, renderRoutes } from '@web/test/render-with-client';
import { ForgotPasswordPage } from './forgot-password-page';
import { InvitationPage } from './invitation-page';
import { LoginPage } from './login-page';
import { ResetPasswordPage } from './reset-password-page';

const TOKEN = 'x'.repeat(43);
const anonymous = () => json({ error: 'unauthorized', message: 'You need to sign in.' }, 401);
const gone = (message: string) => json({ error: 'gone', message }, 410);

function render(path: string) {
  return renderRoutes(
    [
      { path: '/auth/forgot', element: <ForgotPasswordPage /> },
      { path: '/auth/reset', element: <ResetPasswordPage /> },
      { path: '/auth/invitation', element: <InvitationPage /> },
      { path: '/auth/login', element: <LoginPage /> },
    ],
    path,
    { client: createQueryClient() },
  ).router;
}

async function choose(password: string, submit: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm new password'), password);
  await user.click(screen.getByRole('button', { name: submit }));
}

beforeEach(() => stubApi(anonymous));
cleanUpAfterEach();

describe('the forgot-password page', () => {
  it('says the same sentence the server answers, whatever the address', async () => {
    const api = stubApi(
      byRoute({
        'POST /api/auth/password-reset': () => json({ message: RESET_REQUESTED }),
        'GET /api/auth/session': anonymous,
      }),
    );
    render('/auth/forgot');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), ' Sam@Clinic.example ');
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(RESET_REQUESTED);
    const sent = api.requests.find((r) => r.url.pathname === '/api/auth/password-reset');
    expect(sent?.body).toEqual({ email: 'sam@clinic.example' });
  });
});

describe('the reset page', () => {
  it('shows the one sentence for a link that no longer works, and offers a new one', async () => {
    stubApi(byRoute({ 'POST /api/auth/password-reset/check': () => gone(RESET_LINK_DEAD) }));
    render(`/auth/reset?token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(RESET_LINK_DEAD);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/auth/forgot',
    );
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('checks the two passwords match, shows the policy’s refusal, then leads to sign in with the e-mail', async () => {
    let attempts = 0;
    const api = stubApi(
      byRoute({
        'POST /api/auth/password-reset/check': () => json({ email: 'sam@clinic.example' }),
        'POST /api/auth/password-reset/complete': () =>
          ++attempts === 1
            ? json({ error: 'bad_request', message: 'This password is too easy to guess.' }, 400)
            : json({ email: 'sam@clinic.example' }),
        'GET /api/auth/session': anonymous,
      }),
    );
    const router = render(`/auth/reset?token=${TOKEN}`);
    expect(await screen.findByText('sam@clinic.example')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'one long passphrase');
    await user.type(screen.getByLabelText('Confirm new password'), 'another long passphrase');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The two passwords do not match.');
    expect(api.requests.some((r) => r.url.pathname.endsWith('/complete'))).toBe(false);

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'one long passphrase');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This password is too easy to guess.',
    );
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your password is changed');
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(await screen.findByLabelText('Email')).toHaveValue('sam@clinic.example');
  });
});

describe('the invitation page', () => {
  it('says who invited whom, then leads to sign in with the e-mail filled in', async () => {
    const api = stubApi(
      byRoute({
        'POST /api/auth/invitation/check': () =>
          json({
            email: 'jordan@clinic.example',
            name: 'Jordan Reyes',
            role: 'nurse',
            invitedBy: 'Alex Morgan',
            clinics: ['Riverside Family Clinic'],
            expiresAt: '2026-11-30T12:00:00.000Z',
          }),
        'POST /api/auth/invitation/accept': () => json({ email: 'jordan@clinic.example' }, 201),
        'GET /api/auth/session': anonymous,
      }),
    );
    const router = render(`/auth/invitation?token=${TOKEN}`);
    expect(
      await screen.findByText(
        'Alex Morgan invited you, Jordan Reyes, to join Carebook at Riverside Family Clinic as nurse.',
      ),
    ).toBeInTheDocument();
    await choose('river stone window 12', 'Create my account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(await screen.findByLabelText('Email')).toHaveValue('jordan@clinic.example');
    const accepted = api.requests.find((r) => r.url.pathname === '/api/auth/invitation/accept');
    expect(accepted?.body).toEqual({ token: TOKEN, password: 'river stone window 12' });
  });

  it('shows the one sentence for an invitation that no longer works', async () => {
    stubApi(byRoute({ 'POST /api/auth/invitation/check': () => gone(INVITATION_LINK_DEAD) }));
    render(`/auth/invitation?token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(INVITATION_LINK_DEAD);
    expect(screen.queryByLabelText('New password')).toBeNull();
  });
});
