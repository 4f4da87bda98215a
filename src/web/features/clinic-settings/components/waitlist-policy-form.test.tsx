// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setUpPolicyForm } from '../test/policy-test-kit';
import { WaitlistPolicyForm } from './waitlist-policy-form';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const { sent, renderForm } = setUpPolicyForm<{
  reminders: unknown;
  waitlist: { offersAtOnce: number; holdMinutes: number };
}>(WaitlistPolicyForm, { toast });

describe('WaitlistPolicyForm', () => {
  it('shows the clinic’s numbers and saves a change with the reminders kept as they are', async () => {
    const user = userEvent.setup();
    renderForm();
    const atOnce = screen.getByLabelText('Offers at once');
    const hold = screen.getByLabelText('Hold time (minutes)');
    expect(atOnce).toHaveValue(1);
    expect(hold).toHaveValue(120);
    await user.clear(atOnce);
    await user.type(atOnce, '2');
    await user.clear(hold);
    await user.type(hold, '45');
    await user.click(screen.getByRole('button', { name: 'Save waitlist settings' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      reminders: { offsetsMinutes: [1440, 120] },
      waitlist: { offersAtOnce: 2, holdMinutes: 45 },
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Waitlist settings saved.'));
  });

  it('refuses numbers the clinic cannot have, in words', async () => {
    const user = userEvent.setup();
    renderForm();
    const atOnce = screen.getByLabelText('Offers at once');
    await user.clear(atOnce);
    await user.type(atOnce, '0');
    const hold = screen.getByLabelText('Hold time (minutes)');
    await user.clear(hold);
    await user.type(hold, '2');
    await user.click(screen.getByRole('button', { name: 'Save waitlist settings' }));
    expect(await screen.findByText('Offers at once must be at least 1')).toBeInTheDocument();
    expect(screen.getByText('Hold time must be at least 5 minutes')).toBeInTheDocument();
    expect(atOnce).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });
});
