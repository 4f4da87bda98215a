// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiFetch } from '@web/lib/api-client';
import { json, stubApi } from '@web/test/api-stub';
import { cleanUpAfterEach, renderWithClient } from '@web/test/render-with-client';
import { StepUpDialogHost } from './step-up-dialog';

// A change the server refuses for want of a fresh second factor (ADR 046): the dialog asks for
// the code, and the change is sent once more.

const stepUpRequired = () =>
  json({ error: 'step_up_required', message: 'Confirm it is you.' }, 403);

function stubServer(stepUp: () => Response) {
  let fresh = false;
  const tokenCalls: number[] = [];
  stubApi((request) => {
    if (request.url.pathname === '/api/auth/step-up') {
      const answer = stepUp();
      fresh = answer.ok;
      return answer;
    }
    tokenCalls.push(1);
    return fresh ? json({ id: 't1', token: 'cbk_x' }, 201) : stepUpRequired();
  });
  return tokenCalls;
}

cleanUpAfterEach();

describe('StepUpDialogHost', () => {
  it('asks for the code, then sends the refused request again', async () => {
    const tokenCalls = stubServer(() => json({ ok: true }));
    renderWithClient(<StepUpDialogHost />);
    const person = userEvent.setup();
    const created = apiFetch('/api/admin/api-tokens', { method: 'POST', body: { name: 'x' } });
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    const field = screen.getByLabelText('Code from your authenticator app');
    expect(dialog.contains(field)).toBe(true);
    await person.type(field, '123456');
    await person.click(screen.getByRole('button', { name: 'Confirm' }));
    await expect(created).resolves.toEqual({ id: 't1', token: 'cbk_x' });
    expect(tokenCalls).toHaveLength(2);
    await waitFor(() =>
      expect(screen.queryByLabelText('Code from your authenticator app')).toBeNull(),
    );
  });

  it('keeps the dialog open on a wrong code; cancelling gives the refusal to the caller', async () => {
    stubServer(() => json({ error: 'bad_request', message: 'That code is not right.' }, 400));
    renderWithClient(<StepUpDialogHost />);
    const person = userEvent.setup();
    // Caught at once: it settles while the test is still clicking.
    const refusal = apiFetch('/api/admin/api-tokens', {
      method: 'POST',
      body: { name: 'x' },
    }).catch((error: unknown) => error);
    await person.type(await screen.findByLabelText('Code from your authenticator app'), '000000');
    await person.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That code is not right.');
    await person.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await refusal).toMatchObject({ status: 403, message: 'Confirm it is you.' });
  });
});
