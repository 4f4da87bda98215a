// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ServiceView } from '@contracts/services';
import { json, polyfillPointerApis, stubApi } from '@web/test/api-stub';
import { cleanUpAfterEach, renderWithClient } from '@web/test/render-with-client';
import { createServiceView } from '@web/test/service-view';
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

const service = (over: Partial<ServiceView>) => createServiceView({ clinicId: 'c1', ...over });

describe('WaitlistEntryDialog with services', { timeout: 20_000 }, () => {
  it('waits for the chosen service at one of its lengths, and sends it', async () => {
    const api = stubApi(({ url, method }) => {
      if (url.pathname.endsWith('/services'))
        return json({
          data: [
            service({
              id: 's0',
              name: 'Video visit',
              durations: [30, 15, 45, 60],
              isDefault: true,
            }),
            service({ id: 's1', name: 'Physiotherapy', durations: [45, 60], kind: 'in_person' }),
            service({ id: 's2', name: 'Old massage', durations: [30], archived: true }),
          ],
        });
      if (url.pathname.includes('agents'))
        return json([{ _id: 'u1', name: 'Dr. Priya Raman', email: 'priya@carebook.test' }]);
      if (method === 'POST') return json({ id: 'e1' }, 201);
      return json(clinics);
    });
    const user = userEvent.setup();
    renderWithClient(
      <WaitlistEntryDialog
        entry={null}
        open
        onClose={() => {}}
        renderPatientPicker={(_clinic, onSelect) => (
          <button type="button" onClick={() => onSelect({ id: 'p1', fullName: 'José Núñez' })}>
            Pick José
          </button>
        )}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Add to waitlist' });
    await user.click(await within(dialog).findByRole('combobox', { name: 'Clinic' }));
    await user.click(await screen.findByRole('option', { name: 'Riverside Family Clinic' }));
    await user.click(within(dialog).getByRole('button', { name: 'Pick José' }));

    const choice = await within(dialog).findByRole('combobox', { name: 'Service' });
    expect(choice).toHaveTextContent('Video visit');
    await user.click(choice);
    // The archived service is not offered.
    expect(screen.queryByRole('option', { name: 'Old massage' })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'Physiotherapy' }));
    const duration = within(dialog).getByRole('combobox', { name: 'Duration' });
    expect(duration).toHaveTextContent('45 min');
    await user.click(duration);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['45 min', '1 h']);
    await user.click(screen.getByRole('option', { name: '1 h' }));

    await user.click(within(dialog).getByRole('button', { name: 'Add to waitlist' }));
    await vi.waitFor(() =>
      expect(api.requests.find((r) => r.method === 'POST')?.body).toMatchObject({
        clinic: 'riverside',
        patientId: 'p1',
        serviceId: 's1',
        duration: 60,
      }),
    );
  });
});
