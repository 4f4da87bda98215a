// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorResponse, json, stubApi } from '@web/test/api-stub';
import { cleanUpAfterEach, renderWithClient } from '@web/test/render-with-client';
import { MailPreview } from './mail-preview';

cleanUpAfterEach();

const KINDS = [
  ['appointment.booked', 'Booking confirmed'],
  ['appointment.reminder', 'Reminder'],
] as const;

/** The previews endpoint: each message's subject says the language it was asked in. */
function stubPreviews() {
  return stubApi(({ url }) => {
    if (url.pathname !== '/api/admin/clinics/riverside/mail-previews') return undefined;
    const language = url.searchParams.get('language') ?? 'en';
    return json({
      language,
      messages: KINDS.map(([kind, label]) => ({
        kind,
        label,
        subject: `${label} (${language})`,
        text: `Hello Maria (${language})`,
        html: `<!doctype html><html lang="${language}"><body><p>${label}</p></body></html>`,
      })),
    });
  });
}

describe('MailPreview', () => {
  it('lists each patient e-mail in the clinic’s language, opens one to its HTML in a sandbox and its text, and follows the chosen language', async () => {
    const user = userEvent.setup();
    const { requests } = stubPreviews();
    renderWithClient(<MailPreview slug="riverside" initialLanguage="es" />);
    expect(screen.getByLabelText('Loading the e-mail previews')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'E-mail previews' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Booking confirmed (es)'),
      expect.stringContaining('Reminder (es)'),
    ]);
    expect(screen.getByRole('combobox', { name: 'E-mail language' })).toHaveValue('es');

    await user.click(screen.getByText('Booking confirmed (es)'));
    const frame = screen.getByTitle('Booking confirmed: the e-mail as sent');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('<html lang="es">');
    expect(screen.getAllByText('Hello Maria (es)')[0]).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'E-mail language' }), 'Français');
    await screen.findByText('Booking confirmed (fr)');
    expect(requests.map((r) => r.url.searchParams.get('language'))).toEqual(['es', 'fr']);
  });

  it('says in words when the previews cannot be had', async () => {
    stubApi(() => errorResponse(404, 'Clinic not found.'));
    renderWithClient(<MailPreview slug="riverside" />);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Clinic not found.'));
  });
});
