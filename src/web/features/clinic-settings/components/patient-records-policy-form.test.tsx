// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setUpPolicyForm } from '../test/policy-test-kit';
import { PatientRecordsPolicyForm } from './patient-records-policy-form';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const { sent, renderForm } = setUpPolicyForm<{
  reminders: unknown;
  patientRecords: { editorRoles: string[] };
}>(PatientRecordsPolicyForm, { toast });

describe('PatientRecordsPolicyForm', () => {
  it('shows who may change records and saves a new choice, the reminders kept', async () => {
    const user = userEvent.setup();
    renderForm();
    const frontDesk = screen.getByLabelText('Staff (front desk)');
    const nurses = screen.getByLabelText('Nurses');
    expect(frontDesk).toBeChecked();
    expect(screen.getByLabelText('Providers')).not.toBeChecked();
    expect(nurses).not.toBeChecked();
    const saveButton = screen.getByRole('button', { name: 'Save patient record settings' });
    expect(saveButton).toBeDisabled();
    await user.click(frontDesk);
    await user.click(nurses);
    await user.click(saveButton);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      reminders: { offsetsMinutes: [1440, 120] },
      patientRecords: { editorRoles: ['nurse'] },
    });
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Patient record settings saved.'),
    );
    expect(screen.getByLabelText('Nurses')).toBeChecked();
  });
});
