// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClinicPolicyView } from '@contracts/clinic-policy';
import { json } from '@web/test/api-stub';
import { setUpPolicyForm } from '../test/policy-test-kit';
import { OnlineBookingPolicyForm } from './online-booking-policy-form';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const PRIYA = '11111111-1111-4111-8111-111111111111';
const NORA = '22222222-2222-4222-8222-222222222222';
const agents = [
  { _id: PRIYA, name: 'Dr. Priya Raman', email: 'p@example.com', role: 'provider', timezone: null },
  { _id: NORA, name: 'Nora Kelly', email: 'n@example.com', role: 'nurse', timezone: null },
];
const { sent, renderForm } = setUpPolicyForm<{
  reminders: unknown;
  onlineBooking: ClinicPolicyView['policy']['onlineBooking'];
}>(OnlineBookingPolicyForm, { reads: () => json(agents), toast });

describe('OnlineBookingPolicyForm', () => {
  it('starts off; an admin turns it on for a provider and two lengths, with the reminders kept', async () => {
    const user = userEvent.setup();
    renderForm();
    const on = screen.getByLabelText('Patients may book online');
    expect(on).not.toBeChecked();
    await user.click(on);
    await user.click(await screen.findByLabelText('Dr. Priya Raman'));
    await user.click(screen.getByLabelText('60 min'));
    const notice = screen.getByLabelText('Minimum notice (hours)');
    expect(notice).toHaveValue(12);
    await user.clear(notice);
    await user.type(notice, '24');
    await user.type(screen.getByLabelText('Introduction'), 'Bring your insurance card.');
    await user.click(screen.getByLabelText(/New patients may book/));
    await user.click(screen.getByRole('button', { name: 'Save online booking settings' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      reminders: { offsetsMinutes: [1440, 120] },
      onlineBooking: {
        enabled: true,
        agentIds: [PRIYA],
        durations: [30, 60],
        minNoticeHours: 24,
        horizonDays: 60,
        intro: 'Bring your insurance card.',
        allowNewPatients: false,
      },
    });
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Online booking settings saved.'),
    );
  });

  it('refuses no visit length and a horizon past a year, in words', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByLabelText('30 min'));
    const horizon = screen.getByLabelText('How far ahead (days)');
    await user.clear(horizon);
    await user.type(horizon, '400');
    await user.click(screen.getByRole('button', { name: 'Save online booking settings' }));
    expect(await screen.findByText(/offer at least one visit length/)).toBeInTheDocument();
    expect(screen.getByText(/must be at most 365 days/)).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});
