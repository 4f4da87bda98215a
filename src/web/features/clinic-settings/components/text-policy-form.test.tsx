// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setUpPolicyForm } from '../test/policy-test-kit';
import { TextPolicyForm } from './text-policy-form';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const { sent, renderForm } = setUpPolicyForm<{ reminders: unknown; texts: unknown }>(
  TextPolicyForm,
  { toast },
);

describe('TextPolicyForm', () => {
  it('shows the clinic’s quiet hours and saves a change with the reminders kept as they are', async () => {
    const user = userEvent.setup();
    renderForm();
    expect(screen.getByLabelText('Quiet hours start')).toHaveValue('21:00');
    expect(screen.getByLabelText('Quiet hours end')).toHaveValue('08:00');
    const country = screen.getByLabelText('Default country');
    expect(country).toHaveValue('US');
    await user.clear(country);
    await user.type(country, 'ca');
    await user.type(screen.getByLabelText('Sending number'), '+1 514 555 0142');
    await user.click(screen.getByRole('button', { name: 'Save text message settings' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      reminders: { offsetsMinutes: [1440, 120] },
      texts: {
        quietHoursStart: '21:00',
        quietHoursEnd: '08:00',
        country: 'CA',
        sendingNumber: '+1 514 555 0142',
      },
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Text message settings saved.'));
  });

  it('refuses a country that is not two letters, in words', async () => {
    const user = userEvent.setup();
    renderForm();
    const country = screen.getByLabelText('Default country');
    await user.clear(country);
    await user.type(country, '1');
    await user.click(screen.getByRole('button', { name: 'Save text message settings' }));
    expect(
      await screen.findByText('The country must be a two-letter country code such as US'),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});
