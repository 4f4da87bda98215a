// @vitest-environment jsdom
// The patient pages in a pseudo-locale (issue 44): every word of ours comes from the catalogue,
// so no text the pages show, nor any label they give, still reads as our English. What the
// clinic and the server wrote (names, addresses, instructions, refusals) and Intl's dates stay.
import { describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { PatientSessionView } from '@contracts/session';
import type { PublicOffer } from '@contracts/waitlist';
import { setUpTestsAt } from '@web/test/render-with-client';
import { createPatientSessionView } from '@web/test/visit-views';
import { json } from '@web/test/api-stub';
import { BookOnlinePage } from '../book-online-page';
import { ConfirmBookingPage } from '../confirm-booking-page';
import { OfferPage } from '../offer-page';
import { PatientSessionPage } from '../patient-session-page';
import en from './en.json';
import { pseudoCatalogue } from './pseudo-locale';

vi.mock('@web/lib/time-zones', () => ({ browserTimeZone: () => 'Europe/Paris' }));

const NOW = new Date('2026-11-24T12:00:00Z');
/** What others wrote: shown as written, in any language. */
const DATA = [
  'Riverside Family Clinic',
  'Dr. Priya Raman',
  'José',
  '12 Harbour Street',
  'Montréal QC',
  'Bring your insurance card.',
  'Video visit',
  'Check-up',
  '(555) 010-2030',
  'Exactly what the server said.',
  'jose@example.com',
  'Carebook',
  'English',
  'Español',
  'Français',
  'Language / Idioma / Langue',
  'Google Calendar',
  'Outlook',
  // Zone ids, shown beside their names.
  'America/New_York',
  'Europe/Paris',
];
/** Words of our English that must not be seen: every word of three letters or more. */
const ENGLISH_WORDS = new Set(
  Object.values(en)
    .flatMap((message) => message.replace(/\{[^{}]*\}/g, ' ').match(/[A-Za-z]{3,}/g) ?? [])
    .map((word) => word.toLowerCase())
    .filter((word) => !['plural', 'other', 'one'].includes(word)),
);

function untranslated(): string[] {
  const texts: string[] = [document.title];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) texts.push(walker.currentNode.textContent ?? '');
  for (const element of document.body.querySelectorAll('[aria-label],[placeholder],[title]'))
    for (const name of ['aria-label', 'placeholder', 'title'])
      texts.push(element.getAttribute(name) ?? '');
  return texts.flatMap((text) => {
    let rest = text;
    for (const data of DATA) rest = rest.replaceAll(data, ' ');
    const words = (rest.match(/[A-Za-z]{3,}/g) ?? []).filter((w) =>
      ENGLISH_WORDS.has(w.toLowerCase()),
    );
    return words.length > 0 ? [`${text.trim()} (${words.join(', ')})`] : [];
  });
}

const inPseudo = (page: ReactNode) =>
  render(
    // French dates and zones from Intl: only our own words could read as English.
    <IntlProvider locale="fr" messages={pseudoCatalogue(en)}>
      {page}
    </IntlProvider>,
  );

const sessionView = (over: Partial<PatientSessionView> = {}) =>
  createPatientSessionView({
    serverNow: NOW.toISOString(),
    start: '2026-11-25T15:00:00.000Z',
    joinOpensAt: '2026-11-25T14:50:00.000Z',
    joinClosesAt: '2026-11-25T15:45:00.000Z',
    confirmable: true,
    reach: { phone: '(555) 010-2030', address: null, bookOnlinePath: '/book-online/riverside' },
    selfService: {
      reschedule: { allowed: true, refusal: null },
      cancel: { allowed: true, refusal: null },
      closed: null,
      cutoffAt: '2026-11-24T15:00:00.000Z',
      horizonEnd: '2027-02-21T12:00:00.000Z',
    },
    ...over,
  });

setUpTestsAt(NOW);

describe('patient pages in a pseudo-locale', () => {
  const stubFetch = (route: (url: string) => Response) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => route(String(url))),
    );

  it('the session page of a video visit, with its self-service open', async () => {
    stubFetch((url) =>
      url.includes('/slots')
        ? json({ timezone: 'Europe/Paris', slots: [{ start: '2026-11-26T15:00:00.000Z' }] }, 200)
        : json(sessionView(), 200),
    );
    inPseudo(<PatientSessionPage token="t" />);
    await screen.findByRole('heading', { name: /ⱨ|Ħ/ });
    expect(untranslated()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: /Řḗşƈħḗḓŭŀḗ/ }));
    await screen.findByRole('button', { name: /\d/ });
    expect(untranslated()).toEqual([]);
  });

  it('the session page of a visit in person, and of a cancelled one', async () => {
    const place = '12 Harbour Street\nMontréal QC';
    stubFetch(() =>
      json(
        sessionView({
          visit: {
            kind: 'in_person',
            serviceName: 'Check-up',
            address: place,
            instructions: 'Bring your insurance card.',
            phoneEnding: null,
          },
        }),
        200,
      ),
    );
    inPseudo(<PatientSessionPage token="t" />);
    await screen.findByRole('heading', { name: /Ħ/ });
    fireEvent.click(screen.getByRole('button', { name: /Ƈȧƞƈḗŀ/ }));
    expect(untranslated()).toEqual([]);
    cleanup();
    stubFetch(() =>
      json(
        sessionView({
          state: 'cancelled',
          status: 'CANCELLED',
          confirmable: false,
          cancellation: { at: '2026-11-23T10:00:00.000Z', reason: 'Exactly what the server said.' },
        }),
        200,
      ),
    );
    inPseudo(<PatientSessionPage token="t" />);
    await screen.findByRole('heading', { name: /Ħ/ });
    expect(untranslated()).toEqual([]);
  });

  it('a waitlist offer, open and then taken', async () => {
    const offer = (status: PublicOffer['status']): PublicOffer => ({
      status,
      start: '2026-11-25T15:00:00.000Z',
      end: '2026-11-25T15:30:00.000Z',
      durationMinutes: 30,
      expiresAt: '2026-11-24T14:00:00.000Z',
      clinic: { name: 'Riverside Family Clinic', timezone: 'America/New_York' },
      reach: { phone: '(555) 010-2030', address: null, bookOnlinePath: '/book-online/riverside' },
      provider: { name: 'Dr. Priya Raman' },
      sessionToken: null,
    });
    inPseudo(
      <OfferPage token="tok" fetchImpl={(async () => json(offer('open'), 200)) as typeof fetch} />,
    );
    await screen.findByRole('heading', { name: /Ȧ/ });
    expect(untranslated()).toEqual([]);
    cleanup();
    inPseudo(
      <OfferPage token="tok" fetchImpl={(async () => json(offer('taken'), 200)) as typeof fetch} />,
    );
    await screen.findByRole('heading', { name: /Şǿḿḗǿƞḗ/ });
    expect(untranslated()).toEqual([]);
  });

  it('online booking, from the choice of service to the details, and its confirmation link', async () => {
    const service = (id: string, name: string, kind: 'video' | 'in_person') => ({
      id,
      name,
      kind,
      durations: [30, 90],
      instructions: 'Bring your insurance card.',
      providerIds: ['p1'],
    });
    const clinic = {
      slug: 'riverside',
      name: 'Riverside Family Clinic',
      timezone: 'America/New_York',
      phone: '(555) 010-2030',
      intro: null,
      providers: [{ id: 'p1', name: 'Dr. Priya Raman' }],
      services: [service('s1', 'Video visit', 'video'), service('s2', 'Check-up', 'in_person')],
      durations: [30],
      minNoticeHours: 12,
      horizonDays: 60,
      allowNewPatients: true,
    };
    const start = '2026-11-25T15:00:00.000Z';
    const fetchImpl = (async (url: string) =>
      url.includes('/slots')
        ? json(
            {
              timezone: 'Europe/Paris',
              duration: 30,
              slots: [
                {
                  start,
                  end: '2026-11-25T15:30:00.000Z',
                  agentId: 'p1',
                  agentName: 'Dr. Priya Raman',
                },
              ],
            },
            200,
          )
        : json(clinic, 200)) as unknown as typeof fetch;
    inPseudo(<BookOnlinePage slug="riverside" fetchImpl={fetchImpl} />);
    fireEvent.click(await screen.findByRole('radio', { name: /Check-up/ }));
    fireEvent.click(await screen.findByRole('button', { name: /\d/ }));
    await screen.findByRole('heading', { name: /Ẏǿŭř/ });
    expect(untranslated()).toEqual([]);
    cleanup();
    inPseudo(
      <ConfirmBookingPage
        token="tok"
        fetchImpl={
          (async () =>
            json({ error: 'gone', message: 'Exactly what the server said.' }, 410)) as typeof fetch
        }
        go={() => {}}
      />,
    );
    await screen.findByRole('heading', { name: /Ŧħīş/ });
    expect(untranslated()).toEqual([]);
  });
});
