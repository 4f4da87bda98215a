// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setUpPolicyForm } from '../test/policy-test-kit';
import { SelfServicePolicyForm } from './self-service-policy-form';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const { sent, renderForm } = setUpPolicyForm<{ reminders: unknown; selfService: unknown }>(
  SelfServicePolicyForm,
  { toast },
);

describe('SelfServicePolicyForm', () => {
  it('saves the switches, the cut-off, the moves and the phone with the reminders as they are', async () => {
    const user = userEvent.setup();
    renderForm();
    expect(screen.getByLabelText('Cut-off (hours before the start)')).toHaveValue(24);
    await user.click(screen.getByLabelText('Patients may cancel online'));
    const cutoff = screen.getByLabelText('Cut-off (hours before the start)');
    await user.clear(cutoff);
    await user.type(cutoff, '48');
    await user.type(screen.getByLabelText('Clinic phone for patients'), ' (555) 010-2030 ');
    await user.click(screen.getByRole('button', { name: 'Save online changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      reminders: { offsetsMinutes: [1440, 120] },
      selfService: {
        allowReschedule: true,
        allowCancel: false,
        cutoffHours: 48,
        maxReschedules: 2,
        phone: '(555) 010-2030',
      },
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Online changes saved.'));
  });

  it('refuses a cut-off past 30 days and a phone that is not one, in the contract’s words', async () => {
    const user = userEvent.setup();
    renderForm();
    const cutoff = screen.getByLabelText('Cut-off (hours before the start)');
    await user.clear(cutoff);
    await user.type(cutoff, '800');
    await user.type(screen.getByLabelText('Clinic phone for patients'), 'call us');
    await user.click(screen.getByRole('button', { name: 'Save online changes' }));
    expect(
      await screen.findByText('The cut-off must be at most 720 hours (30 days)'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('The phone number must be a phone number such as (555) 123-4567'),
    ).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });
});
