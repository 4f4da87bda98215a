// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { CreateAppointmentDialog } from './create-appointment-dialog';
import { stubServer, type StubOptions } from './wizard-test-kit';
import { json, polyfillPointerApis } from '@web/test/api-stub';
import { renderWithClient } from '@web/test/render-with-client';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

/** The dialog open on step 1, once its wizard (loaded on first opening) is on screen. */
async function open(options: StubOptions = {}) {
  const calls = stubServer(options);
  renderWithClient(
    <CreateAppointmentDialog
      open
      onOpenChange={() => {}}
      defaultPatient={{ clinic: 'riverside' }}
      defaultDate="2030-03-04"
    />,
  );
  const searches = () => calls.filter((c) => c.url.pathname === '/api/clinics/patient');
  const field = await screen.findByPlaceholderText('Enter patient name or email...');
  return { calls, searches, field };
}

beforeEach(() => polyfillPointerApis());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(toast.error).mockClear();
});

describe('Patient Search', () => {
  it('is labelled and required', async () => {
    const { field } = await open();
    expect(screen.getByLabelText(/Patient Search/)).toBe(field);
    expect(field.getAttribute('aria-required')).toBe('true');
  });

  it('searches on Enter with the keyword trimmed and lists name and email', async () => {
    const user = userEvent.setup();
    const { field, searches } = await open();
    await user.type(field, '  an  {Enter}');
    const list = await screen.findByRole('list', { name: /matching patient/ });
    const rows = within(list).getAllByRole('button');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Ana Silvaana.silva@example.com',
      // Read from the first_name / last_name spelling.
      'Anil Kapooranil.kapoor@example.com',
    ]);
    expect(searches()).toHaveLength(1);
    expect(searches()[0]!.url.searchParams.get('keyword')).toBe('an');
    expect(searches()[0]!.url.searchParams.get('clinic')).toBe('riverside');
  });

  it('shows a patient without an e-mail address but does not let them be chosen', async () => {
    const user = userEvent.setup();
    const { field } = await open({
      search: () =>
        json([{ _id: 'p-none', firstName: 'Baby', lastName: 'Okafor', email: null, dob: null }]),
    });
    await user.type(field, 'okafor{Enter}');
    const list = await screen.findByRole('list', { name: /matching patient/ });
    const row = within(list).getByRole('button');
    expect(row).toBeDisabled();
    expect(row).toHaveTextContent('No e-mail address: add one on their record to book here.');
    await user.click(row);
    expect(screen.queryByText('Patient Information')).not.toBeInTheDocument();
  });

  it('searches with the search button too', async () => {
    const user = userEvent.setup();
    const { field, searches } = await open();
    await user.type(field, 'anil');
    expect(searches()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Anil Kapoor')).toBeInTheDocument();
    expect(searches()).toHaveLength(1);
  });

  it('does not search a blank keyword', async () => {
    const user = userEvent.setup();
    const { field, searches } = await open();
    await user.type(field, '   {Enter}');
    expect((screen.getByRole('button', { name: 'Search' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(searches()).toHaveLength(0);
  });

  it('says so when nothing matches, and offers to add the patient', async () => {
    const user = userEvent.setup();
    const { field } = await open();
    await user.type(field, 'zzz{Enter}');
    expect(
      await screen.findByText('No patients found. Try a different search term.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add new patient' }));
    expect(screen.getByRole('form', { name: 'Add new patient' })).toBeInTheDocument();
    expect((screen.getByLabelText(/First name/) as HTMLInputElement).value).toBe('zzz');
  });

  it('on a failed search, toasts "Failed to fetch patients" and says so inline', async () => {
    const user = userEvent.setup();
    const { field } = await open({ search: () => json({}, 500, 'Internal Server Error') });
    await user.type(field, 'ana{Enter}');
    expect(
      await screen.findByText('Failed to search patients. Please try again.'),
    ).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith('Failed to fetch patients');
  });

  it('clearing the field clears the results', async () => {
    const user = userEvent.setup();
    const { field } = await open();
    await user.type(field, 'ana{Enter}');
    await screen.findByRole('list', { name: /matching patient/ });
    await user.clear(field);
    expect(screen.queryByRole('list', { name: /matching patient/ })).toBeNull();

    await user.type(field, 'zzz{Enter}');
    await screen.findByText('No patients found. Try a different search term.');
    await user.clear(field);
    expect(screen.queryByText('No patients found. Try a different search term.')).toBeNull();
  });

  it('choosing a result fills the field with the email and shows Patient Information', async () => {
    const user = userEvent.setup();
    const { field } = await open();
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    await user.type(field, 'ana{Enter}');
    await user.click(await screen.findByRole('button', { name: /Ana Silva/ }));

    expect((field as HTMLInputElement).value).toBe('ana.silva@example.com');
    expect(screen.queryByRole('list', { name: /matching patient/ })).toBeNull();
    const panel = screen.getByRole('region', { name: 'Patient Information' });
    const text = panel.textContent ?? '';
    for (const part of [
      'ID0b6f1c1e-5b8e-4a8e-9d55-3c1f0e2a7b10',
      'Full NameAna Silva',
      'DOB07/14/1988',
      'Phone(555) 201-3344',
      'Emailana.silva@example.com',
    ]) {
      expect(text).toContain(part);
    }
    expect(next.disabled).toBe(false);
  });

  it('moves from the field into the results with the arrow keys', async () => {
    const user = userEvent.setup();
    const { field } = await open();
    await user.type(field, 'an{Enter}');
    const rows = within(await screen.findByRole('list', { name: /matching patient/ })).getAllByRole(
      'button',
    );
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(rows[0]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(rows[1]);
    await user.keyboard('{Enter}');
    await waitFor(() => expect((field as HTMLInputElement).value).toBe('anil.kapoor@example.com'));
    // The list that had focus is gone: focus is back in the field, and the choice is announced.
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(screen.getByRole('status').textContent).toBe('Anil Kapoor selected');
  });

  it('asks for a patient when the search is left without one', async () => {
    const user = userEvent.setup();
    const { field } = await open();
    await user.click(field);
    await user.click(screen.getByRole('heading', { name: 'Select Patient' }));
    expect(screen.getByText('Patient information is required')).toBeInTheDocument();
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });
});
