// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setUpPolicyForm } from '../test/policy-test-kit';
import { TextPolicyForm } from './text-policy-form';
import { sampleVisit, TextPreview } from './text-preview';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const { sent, renderForm } = setUpPolicyForm<{ reminders: unknown; texts: unknown }>(
  TextPolicyForm,
  { toast },
);

describe('TextPolicyForm', () => {
  it('shows the clinic’s quiet hours and saves a change with the reminders kept as they are', async () => {
    const user = userEvent.setup();
    renderForm();
    expect(screen.getByLabelText('Quiet hours start')).toHaveValue('21:00');
    expect(screen.getByLabelText('Quiet hours end')).toHaveValue('08:00');
    const country = screen.getByLabelText('Default country');
    expect(country).toHaveValue('US');
    await user.clear(country);
    await user.type(country, 'ca');
    await user.type(screen.getByLabelText('Sending number'), '+1 514 555 0142');
    await user.click(screen.getByRole('button', { name: 'Save text message settings' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      reminders: { offsetsMinutes: [1440, 120] },
      texts: {
        quietHoursStart: '21:00',
        quietHoursEnd: '08:00',
        country: 'CA',
        sendingNumber: '+1 514 555 0142',
      },
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Text message settings saved.'));
  });

  it('refuses a country that is not two letters, in words', async () => {
    const user = userEvent.setup();
    renderForm();
    const country = screen.getByLabelText('Default country');
    await user.clear(country);
    await user.type(country, '1');
    await user.click(screen.getByRole('button', { name: 'Save text message settings' }));
    expect(
      await screen.findByText('The country must be a two-letter country code such as US'),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('previews each text in each language with its length, alphabet and segments', async () => {
    const user = userEvent.setup();
    renderForm();
    const previews = () =>
      [...screen.getByRole('list', { name: 'Text previews' }).querySelectorAll('li')].map((li) =>
        [...li.querySelectorAll('p')].map((p) => p.textContent ?? ''),
      );
    const english = previews();
    expect(english.map(([label]) => label)).toEqual([
      'Reminder',
      'Reminder of a confirmed visit',
      'Booked',
      'New time',
      'Another provider',
      'Cancelled',
      'Waitlist offer',
    ]);
    expect(english[0]![1]).toMatch(
      /^Maria, reminder: your visit at Riverside on \w{3}, \w{3} \d+, 10:00 AM\. Reply C to confirm, R for your link\. http:\/\/\S+\/session\/\?token=x{32}$/,
    );
    // Plain letters: GSM-7, one segment up to 160 characters, then 153 a segment.
    for (const [, body, label] of english) {
      const segments = body!.length <= 160 ? 1 : Math.ceil(body!.length / 153);
      expect(label).toBe(
        `GSM-7 · ${body!.length} characters · ${segments} segment${segments === 1 ? '' : 's'}`,
      );
    }
    await user.selectOptions(screen.getByLabelText('Preview language'), 'Français');
    const french = previews();
    expect(french[0]![1]).toMatch(/^Maria, rappel : votre rendez-vous à Riverside le /);
    // "plus tôt": ô is not in GSM-7, so the whole offer goes as UCS-2, 70 characters a segment.
    const [, offer, offerLabel] = french[6]!;
    expect(offer).toContain('un horaire plus tôt pour vous');
    const ucs2 = offer!.length <= 70 ? 1 : Math.ceil(offer!.length / 67);
    expect(offerLabel).toBe(`UCS-2 · ${offer!.length} characters · ${ucs2} segments`);
    await user.selectOptions(screen.getByLabelText('Preview language'), 'Español');
    expect(previews()[2]![1]).toMatch(/^Maria, su cita en Riverside queda reservada para el /);
  });

  it('previews the answers to C or YES, R, STOP, START and HELP in each language, with their length and segments', async () => {
    const user = userEvent.setup();
    renderForm();
    const answers = () =>
      [...screen.getByRole('list', { name: 'Answer previews' }).querySelectorAll('li')].map((li) =>
        [...li.querySelectorAll('p')].map((p) => p.textContent ?? ''),
      );
    const english = answers();
    expect(english.map(([label]) => label)).toEqual([
      'C or YES: the visit is confirmed',
      'C or YES with no visit to confirm',
      'R: the visit’s link',
      'R with no upcoming visit',
      'STOP',
      'START',
      'HELP',
    ]);
    expect(english[0]![1]).toMatch(
      /^Riverside: thank you, your visit on \w{3}, \w{3} \d+, 10:00 AM is confirmed\.$/,
    );
    expect(english[2]![1]).toMatch(
      /^Riverside: your visit on .+: http:\/\/\S+\/session\/\?token=x{32}$/,
    );
    // The clinic gave no phone: no answer offers a call.
    expect(english[6]![1]).toBe(
      'Riverside appointment texts. Reply C to confirm your next visit, R for its link, STOP to stop texts.',
    );
    for (const [, body, label] of english)
      expect(label).toBe(`GSM-7 · ${body!.length} characters · 1 segment`);
    await user.selectOptions(screen.getByLabelText('Preview language'), 'Español');
    const spanish = answers();
    expect(spanish[0]![1]).toMatch(/^Riverside: gracias, su cita del .+ queda confirmada\.$/);
    expect(spanish[4]![1]).toBe(
      'Riverside: ya no le enviaremos mensajes. Responda START para volver a recibirlos.',
    );
    await user.selectOptions(screen.getByLabelText('Preview language'), 'Français');
    expect(answers()[5]![1]).toBe(
      'Riverside : vous recevez à nouveau nos SMS. Répondez STOP pour ne plus les recevoir.',
    );
  });

  it('offers a call in the answers when the clinic gave a phone', () => {
    render(
      <TextPreview
        clinic={{ id: 'c', slug: 'c', name: 'Riverside', timezone: 'America/New_York' }}
        phone="(555) 010-2030"
        origin="https://care.example"
      />,
    );
    const help = within(screen.getByRole('list', { name: 'Answer previews' }))
      .getAllByRole('listitem')
      .at(-1)!;
    expect(help).toHaveTextContent('STOP to stop texts. Call (555) 010-2030.');
  });

  it('samples a visit next week at 10:00 on the clinic’s clock', () => {
    const clinic = { id: 'c', slug: 'c', name: 'C', timezone: 'Europe/Madrid' };
    expect(sampleVisit(clinic, new Date('2026-11-23T12:00:00Z'))).toMatchObject({
      start: '2026-11-30T09:00:00.000Z',
      expiresAt: '2026-11-30T07:00:00.000Z',
    });
  });
});
