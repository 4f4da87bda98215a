// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { PublicOffer } from '@contracts/waitlist';
import { offerTokenOf } from './offer-api';
import { OfferPage } from './offer-page';
import { json } from '@web/test/api-stub';

vi.mock('@web/lib/time-zones', () => ({ browserTimeZone: () => 'Europe/London' }));

const offer = (over: Partial<PublicOffer> = {}): PublicOffer => ({
  status: 'open',
  start: '2026-11-24T15:00:00.000Z',
  end: '2026-11-24T15:30:00.000Z',
  durationMinutes: 30,
  expiresAt: '2026-11-23T14:00:00.000Z',
  clinic: { name: 'Riverside Family Clinic', timezone: 'America/New_York' },
  reach: { phone: null, address: null, bookOnlinePath: '/book-online/riverside' },
  provider: { name: 'Dr. Priya Raman' },
  sessionToken: null,
  ...over,
});

afterEach(cleanup);

describe('OfferPage', () => {
  it('shows the time in the patient’s zone, named, and books it on Accept', async () => {
    const calls: string[] = [];
    const fetchImpl = vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      return url.endsWith('/accept')
        ? json(offer({ status: 'accepted', sessionToken: 'visit-token' }), 200)
        : json(offer(), 200);
    }) as unknown as typeof fetch;
    render(<OfferPage token="tok" fetchImpl={fetchImpl} />);
    expect(await screen.findByRole('heading', { name: 'A time is free for you' })).toBeTruthy();
    expect(screen.getByText('Tuesday, November 24, 2026')).toBeTruthy();
    expect(screen.getByText(/3:00 PM/)).toBeTruthy();
    expect(screen.getByText(/Greenwich Mean Time|United Kingdom Time/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(
      await screen.findByRole('heading', { name: 'This time is booked for you' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open your appointment' }).getAttribute('href')).toBe(
      '/session/?token=visit-token',
    );
    expect(calls).toEqual(['GET /api/offers/tok', 'POST /api/offers/tok/accept']);
  });

  it('tells the patient when someone else took the time, and that they stay on the list', async () => {
    const fetchImpl = vi.fn(async (url: string) =>
      url.endsWith('/accept')
        ? json(
            {
              error: 'conflict',
              message:
                'Sorry, someone else booked this time a moment before you. You are still on the waitlist.',
            },
            409,
          )
        : json(offer(), 200),
    ) as unknown as typeof fetch;
    render(<OfferPage token="tok" fetchImpl={fetchImpl} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(
      await screen.findByRole('heading', { name: 'Someone else booked this time first' }),
    ).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(/still on the waitlist/);
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it.each([
    ['expired', 'This offer has expired'],
    ['taken', 'Someone else booked this time first'],
    ['declined', 'You said no to this time'],
  ] as const)('shows a %s offer without buttons', async (status, heading) => {
    const fetchImpl = vi.fn(async () => json(offer({ status }), 200)) as unknown as typeof fetch;
    render(<OfferPage token="tok" fetchImpl={fetchImpl} />);
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
    // No answer to give: only the language switch below the card has buttons.
    expect(within(screen.getByRole('article')).queryByRole('button')).toBeNull();
    // The patient may rather pick a time now, where the clinic books online.
    expect(screen.getByRole('link', { name: 'Book online' }).getAttribute('href')).toBe(
      '/book-online/riverside',
    );
  });

  it('offers no booking page beside an open or accepted offer, nor where the clinic has none', async () => {
    const fetchImpl = vi.fn(async () => json(offer(), 200)) as unknown as typeof fetch;
    render(<OfferPage token="tok" fetchImpl={fetchImpl} />);
    await screen.findByRole('button', { name: 'Accept' });
    expect(screen.queryByRole('link', { name: 'Book online' })).toBeNull();
    cleanup();
    const offline = vi.fn(async () =>
      json(
        offer({
          status: 'expired',
          reach: { phone: '(555) 010-2030', address: null, bookOnlinePath: null },
        }),
        200,
      ),
    ) as unknown as typeof fetch;
    render(<OfferPage token="tok" fetchImpl={offline} />);
    await screen.findByRole('heading', { name: 'This offer has expired' });
    expect(screen.queryByRole('link', { name: 'Book online' })).toBeNull();
    expect(screen.getByRole('link', { name: '(555) 010-2030' })).toBeTruthy();
  });

  it('says a bad link is not valid', async () => {
    const fetchImpl = vi.fn(async () =>
      json({ error: 'not_found', message: 'This offer link is not valid.' }, 404),
    ) as unknown as typeof fetch;
    render(<OfferPage token="nope" fetchImpl={fetchImpl} />);
    expect((await screen.findByRole('alert')).textContent).toBe('This offer link is not valid.');
  });

  it('reads the token from the path', () => {
    expect(offerTokenOf('/offer/abc_-1')).toBe('abc_-1');
    expect(offerTokenOf('/offer/abc/')).toBe('abc');
    expect(offerTokenOf('/offer/')).toBe('');
    expect(offerTokenOf('/offer/%E0%A4%A')).toBe('');
  });
});
