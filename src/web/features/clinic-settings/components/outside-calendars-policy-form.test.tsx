// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setUpPolicyForm } from '../test/policy-test-kit';
import { OutsideCalendarsPolicyForm } from './outside-calendars-policy-form';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const { sent, renderForm } = setUpPolicyForm<{
  reminders: unknown;
  outsideCalendars: { dropFailingAfterDay: boolean };
}>(OutsideCalendarsPolicyForm, { toast });

describe('OutsideCalendarsPolicyForm', () => {
  it('keeps failing calendars blocking by default, and saves the choice to stop after a day', async () => {
    const user = userEvent.setup();
    renderForm();
    const box = screen.getByLabelText('A calendar that fails to sync for a day stops blocking');
    expect(box).not.toBeChecked();
    const save = screen.getByRole('button', { name: 'Save outside calendar settings' });
    expect(save).toBeDisabled();
    await user.click(box);
    await user.click(save);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      reminders: { offsetsMinutes: [1440, 120] },
      outsideCalendars: { dropFailingAfterDay: true },
    });
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Outside calendar settings saved.'),
    );
  });
});
