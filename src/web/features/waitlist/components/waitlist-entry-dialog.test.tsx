// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, polyfillPointerApis, stubApi } from '@web/test/api-stub';
import { cleanUpAfterEach, renderWithClient } from '@web/test/render-with-client';
import { WaitlistEntryDialog } from './waitlist-entry-dialog';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const clinics = [
  { id: 'c1', slug: 'riverside', name: 'Riverside Family Clinic', timezone: 'America/New_York' },
  { id: 'c2', slug: 'camden', name: 'Camden Health Centre', timezone: 'Europe/London' },
];

beforeEach(() => {
  // Radix Select measures and scrolls; jsdom does neither.
  polyfillPointerApis();
  stubApi(({ url }) =>
    json(
      url.pathname.includes('/nurses') || url.pathname.includes('agents')
        ? [{ _id: 'u1', name: 'Dr. Priya Raman', email: 'priya@carebook.test' }]
        : clinics,
    ),
  );
});
cleanUpAfterEach();

function renderDialog() {
  renderWithClient(
    <WaitlistEntryDialog
      entry={null}
      open
      onClose={() => {}}
      // The wizard's picker, as src/web/app hands it in: it brings its own label.
      renderPatientPicker={() => (
        <div>
          <label htmlFor="search">Patient Search *</label>
          <input id="search" />
        </div>
      )}
    />,
  );
  return screen.getByRole('dialog', { name: 'Add to waitlist' });
}

// Radix Select and userEvent are slow under jsdom on a loaded machine.
describe('WaitlistEntryDialog', { timeout: 20_000 }, () => {
  it('uses the app’s selects, one patient label, and AM/PM times of day', async () => {
    const user = userEvent.setup();
    const dialog = renderDialog();
    // No native <select> beside the styled ones: each choice is the app's combobox.
    const clinic = await within(dialog).findByRole('combobox', { name: 'Clinic' });
    expect(dialog.querySelector('select:not([aria-hidden="true"])')).toBeNull();
    for (const name of ['Provider', 'Duration', 'Priority'])
      expect(within(dialog).getByRole('combobox', { name })).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Duration' })).toHaveTextContent(
      '30 minutes',
    );
    // Before a clinic: the field's own heading. Once chosen, only the search's label.
    expect(within(dialog).getByText('Patient')).toBeInTheDocument();
    await user.click(clinic);
    await user.click(await screen.findByRole('option', { name: 'Riverside Family Clinic' }));
    expect(within(dialog).getByLabelText('Patient Search *')).toBeInTheDocument();
    expect(within(dialog).queryByText('Patient')).toBeNull();

    for (const label of [
      'Morning (before 12:00 PM)',
      'Afternoon (12:00 PM – 5:00 PM)',
      'Evening (after 5:00 PM)',
    ])
      expect(within(dialog).getByRole('checkbox', { name: label })).toBeInTheDocument();
    expect(within(dialog).queryByText(/17:00/)).toBeNull();
  });
});
