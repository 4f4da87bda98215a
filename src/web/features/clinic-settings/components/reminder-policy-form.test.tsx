// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setUpPolicyForm } from '../test/policy-test-kit';
import { ReminderPolicyForm } from './reminder-policy-form';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const { sent, renderForm } = setUpPolicyForm<object>(ReminderPolicyForm, {
  rescheduledAppointments: 4,
  toast,
});

describe('ReminderPolicyForm', () => {
  it('shows the policy in days and hours, and saves a change in minutes', async () => {
    const user = userEvent.setup();
    renderForm();
    expect(screen.getByLabelText('Reminder 1, how long before')).toHaveValue(1);
    expect(screen.getByLabelText('Reminder 1, unit')).toHaveValue('days');
    expect(screen.getByLabelText('Reminder 2, how long before')).toHaveValue(2);
    expect(screen.getByLabelText('Reminder 2, unit')).toHaveValue('hours');
    await user.click(screen.getByRole('button', { name: 'Add reminder' }));
    const third = screen.getByLabelText('Reminder 3, how long before');
    await user.clear(third);
    await user.type(third, '30');
    await user.selectOptions(screen.getByLabelText('Reminder 3, unit'), 'minutes');
    expect(screen.getByRole('button', { name: 'Add reminder' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save reminders' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ reminders: { offsetsMinutes: [1440, 120, 30] } });
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        'Reminders saved. 4 upcoming appointments will be reminded on the new schedule.',
      ),
    );
  });

  it('refuses a reminder outside 15 minutes to 7 days, and one at the same time as another', async () => {
    const user = userEvent.setup();
    renderForm();
    const first = screen.getByLabelText('Reminder 1, how long before');
    await user.clear(first);
    await user.type(first, '8');
    await user.click(screen.getByRole('button', { name: 'Save reminders' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A reminder goes out between 15 minutes and 7 days before the start.',
    );
    expect(first).toHaveAttribute('aria-invalid', 'true');
    await user.clear(first);
    await user.type(first, '2');
    await user.selectOptions(screen.getByLabelText('Reminder 1, unit'), 'hours');
    await user.click(screen.getByRole('button', { name: 'Save reminders' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Another reminder already goes out at this time.',
    );
    expect(sent).toEqual([]);
  });

  it('saves no reminders at all when every one is removed', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Remove reminder 2' }));
    await user.click(screen.getByRole('button', { name: 'Remove reminder 1' }));
    expect(
      screen.getByText(/No reminders: patients hear from the clinic only/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save reminders' }));
    await waitFor(() => expect(sent).toEqual([{ reminders: { offsetsMinutes: [] } }]));
  });
});
