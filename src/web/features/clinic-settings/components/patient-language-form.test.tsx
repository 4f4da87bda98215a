// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setUpPolicyForm } from '../test/policy-test-kit';
import { PatientLanguageForm } from './patient-language-form';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const { sent, renderForm } = setUpPolicyForm<{
  reminders: unknown;
  patientLanguage: { defaultLanguage: string };
}>(PatientLanguageForm, { toast });

describe('PatientLanguageForm', () => {
  it('offers each language in its own name, English until chosen, and saves the choice', async () => {
    const user = userEvent.setup();
    renderForm();
    const choice = screen.getByRole('combobox', { name: 'Patients’ language' });
    expect(choice).toHaveValue('en');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'English',
      'Español',
      'Français',
    ]);
    const save = screen.getByRole('button', { name: 'Save patients’ language' });
    expect(save).toBeDisabled();
    await user.selectOptions(choice, 'Español');
    await user.click(save);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      reminders: { offsetsMinutes: [1440, 120] },
      patientLanguage: { defaultLanguage: 'es' },
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Patients’ language saved.'));
    expect(choice).toHaveValue('es');
  });
});
