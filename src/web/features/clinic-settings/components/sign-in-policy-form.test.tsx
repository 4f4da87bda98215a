// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setUpPolicyForm } from '../test/policy-test-kit';
import { SignInPolicyForm } from './sign-in-policy-form';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const { sent, renderForm } = setUpPolicyForm<{
  reminders: unknown;
  signIn: { secondFactor: string; passkeySignIn: boolean };
}>(SignInPolicyForm, { toast });

describe('SignInPolicyForm', () => {
  it('starts at "Not required" and saves a new policy, the reminders kept', async () => {
    const user = userEvent.setup();
    renderForm();
    expect(screen.getByRole('radio', { name: 'Not required' })).toBeChecked();
    expect(screen.getByLabelText('Allow passkey sign-in without password')).not.toBeChecked();
    const save = screen.getByRole('button', { name: 'Save sign-in settings' });
    expect(save).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Required for admins' }));
    await user.click(screen.getByLabelText('Allow passkey sign-in without password'));
    await user.click(save);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      reminders: { offsetsMinutes: [1440, 120] },
      signIn: { secondFactor: 'admins', passkeySignIn: true },
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Sign-in settings saved.'));
    expect(screen.getByRole('radio', { name: 'Required for admins' })).toBeChecked();
  });
});
