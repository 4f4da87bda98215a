// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setUpPolicyForm } from '../test/policy-test-kit';
import { ReportsPolicyForm } from './reports-policy-form';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const { sent, renderForm } = setUpPolicyForm<{
  reminders: unknown;
  reports: { viewerRoles: string[] };
}>(ReportsPolicyForm, { toast });

describe('ReportsPolicyForm', () => {
  it('starts with admins alone (a policy sent without reports) and saves the roles chosen', async () => {
    const user = userEvent.setup();
    renderForm();
    for (const role of ['Staff (front desk)', 'Providers', 'Nurses']) {
      expect(screen.getByLabelText(role)).not.toBeChecked();
    }
    const saveButton = screen.getByRole('button', { name: 'Save report settings' });
    expect(saveButton).toBeDisabled();
    await user.click(screen.getByLabelText('Nurses'));
    await user.click(screen.getByLabelText('Providers'));
    await user.click(saveButton);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      reminders: { offsetsMinutes: [1440, 120] },
      reports: { viewerRoles: ['provider', 'nurse'] },
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Report settings saved.'));
    expect(screen.getByLabelText('Nurses')).toBeChecked();
    expect(screen.getByLabelText('Staff (front desk)')).not.toBeChecked();
  });
});
