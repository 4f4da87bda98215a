// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PatientTexts } from '@contracts/text-messages';
import { byRoute, json, polyfillPointerApis, stubApi, type ApiRequest } from '@web/test/api-stub';
import { cleanUpAfterEach, renderWithClient } from '@web/test/render-with-client';
import { MARIA_ID } from '../test/patient-factory';
import { textLengthLabel, TextsCard } from './texts-card';

const BOOKED =
  'Maria, your visit at Riverside Family Clinic is booked for Wed, Nov 25, 10:00 AM. Details: https://care.example.org/session/?token=abc';

const answer = (overrides: Partial<PatientTexts['preference']> = {}): PatientTexts => ({
  preference: {
    channel: 'email',
    kinds: ['reminder', 'change'],
    number: '+12125550142',
    consent: null,
    stopped: false,
    ...overrides,
  },
  texts: [
    {
      id: 1,
      kind: 'text.appointment.booked',
      to: '+12125550142',
      body: BOOKED,
      status: 'sent',
      deliveryStatus: 'delivered',
      attempts: 1,
      lastError: null,
      createdAt: '2026-11-23T17:00:00.000Z',
      sentAt: '2026-11-23T17:00:01.000Z',
      deliveredAt: '2026-11-23T17:00:03.000Z',
    },
  ],
  replies: [
    {
      id: 1,
      from: '+12125550142',
      body: 'Running 10 minutes late',
      action: 'inbox',
      outcome: 'For the clinic to read.',
      receivedAt: '2026-11-23T18:00:00.000Z',
    },
  ],
});

let saved: ApiRequest[];
beforeEach(() => {
  polyfillPointerApis();
  saved = [];
  stubApi(
    byRoute({
      [`GET /api/patients/${MARIA_ID}/texts`]: () => json(answer()),
      [`PUT /api/patients/${MARIA_ID}/text-preference`]: (request) => {
        saved.push(request);
        return json(answer({ channel: 'sms' }).preference);
      },
      [`POST /api/patients/${MARIA_ID}/texts`]: (request) => {
        saved.push(request);
        return json({ ...answer().texts[0], id: 2, body: 'See you at 3', status: 'pending' }, 201);
      },
    }),
  );
});
cleanUpAfterEach();

describe('TextsCard', () => {
  it('shows each text with its delivery, length, encoding and segments, and the replies', async () => {
    renderWithClient(
      <TextsCard patientId={MARIA_ID} canEdit={false} timeZone="America/New_York" />,
    );
    expect(await screen.findByText(BOOKED)).toBeInTheDocument();
    expect(
      screen.getByText(
        /Delivered · Nov 23, 2026 12:00 PM · 1 attempt · GSM-7 · 1\d\d characters · 1 segment/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('“Running 10 minutes late”')).toBeInTheDocument();
    expect(screen.getByText('None recorded')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('chooses texts with the way the patient consented', async () => {
    renderWithClient(<TextsCard patientId={MARIA_ID} canEdit timeZone="America/New_York" />);
    await userEvent.click(await screen.findByLabelText('Send messages by'));
    await userEvent.click(await screen.findByRole('option', { name: 'Text messages' }));
    await userEvent.click(screen.getByLabelText('Consent given'));
    await userEvent.click(await screen.findByRole('option', { name: 'Verbal' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.body).toEqual({ channel: 'sms', consentMethod: 'verbal' });
  });
});

describe('answering the patient by text', () => {
  it('sends staff’s words from the record, with their length as they type', async () => {
    const user = userEvent.setup();
    renderWithClient(<TextsCard patientId={MARIA_ID} canEdit timeZone="America/New_York" />);
    const box = await screen.findByLabelText('Text the patient');
    const send = screen.getByRole('button', { name: 'Send text' });
    expect(send).toBeDisabled();
    await user.type(box, 'No problem, see you at 3');
    expect(screen.getByText('GSM-7 · 24 characters · 1 segment')).toBeInTheDocument();
    await user.click(send);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.body).toEqual({ text: 'No problem, see you at 3' });
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it('offers no box to a patient who replied STOP, nor to staff who cannot edit', async () => {
    stubApi(
      byRoute({
        [`GET /api/patients/${MARIA_ID}/texts`]: () => json(answer({ stopped: true })),
      }),
    );
    renderWithClient(<TextsCard patientId={MARIA_ID} canEdit timeZone="America/New_York" />);
    expect(
      await screen.findByText('The patient replied STOP: no texts can be sent to them.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Text the patient')).not.toBeInTheDocument();
  });

  it('shows a text as it was sent, with its status history and attempts', async () => {
    const user = userEvent.setup();
    renderWithClient(
      <TextsCard patientId={MARIA_ID} canEdit={false} timeZone="America/New_York" />,
    );
    expect(screen.queryByLabelText('Text the patient')).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: /^View the text of/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Text to +12125550142' });
    expect(dialog).toHaveTextContent(BOOKED);
    const steps = screen.getByRole('list', { name: 'Status history' });
    expect([...steps.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Queued · Nov 23, 2026 12:00 PM',
      'Sent to the gateway · Nov 23, 2026 12:00 PM',
      'Delivered · Nov 23, 2026 12:00 PM',
    ]);
    expect(dialog).toHaveTextContent('1 attempt');
  });
});

describe('textLengthLabel', () => {
  it('says when a character turns a text to UCS-2', () => {
    expect(textLengthLabel('See you soon 🙂')).toBe('UCS-2 · 15 characters · 1 segment');
  });
});
