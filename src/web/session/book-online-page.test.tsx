// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { bookingSlugOf } from './book-online-api';
import { BookOnlinePage } from './book-online-page';

vi.mock('@web/lib/time-zones', () => ({ browserTimeZone: () => 'Europe/London' }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const clinic = {
  slug: 'riverside',
  name: 'Riverside Family Clinic',
  timezone: 'America/New_York',
  intro: 'New patients welcome.',
  providers: [{ id: 'p1', name: 'Dr. Priya Raman' }],
  durations: [30],
  minNoticeHours: 12,
  horizonDays: 60,
  allowNewPatients: true,
};
const START = '2026-11-25T15:00:00.000Z';

afterEach(cleanup);

describe('BookOnlinePage', () => {
  it('shows times in the patient’s zone, named, and holds the picked one with the details', async () => {
    const posts: unknown[] = [];
    const fetchImpl = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posts.push(JSON.parse(init.body as string));
        return json(202, { message: 'Check your e-mail: we sent you a link.' });
      }
      if (url.includes('/slots')) {
        return json(200, {
          timezone: 'Europe/London',
          duration: 30,
          slots: [
            {
              start: START,
              end: '2026-11-25T15:30:00.000Z',
              agentId: 'p1',
              agentName: 'Dr. Priya Raman',
            },
          ],
        });
      }
      return json(200, clinic);
    }) as unknown as typeof fetch;
    render(<BookOnlinePage slug="riverside" fetchImpl={fetchImpl} />);
    expect(await screen.findByRole('heading', { name: 'Book a visit' })).toBeTruthy();
    expect(screen.getByText('New patients welcome.')).toBeTruthy();
    expect(screen.getByText(/Times are in your time zone: .*\(Europe\/London\)/)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: '3:00 PM' }));
    const type = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    type('First name', 'Mia');
    type('Last name', 'Okafor');
    type('E-mail', 'mia@example.com');
    type('Phone', '(555) 010-7788');
    type('Date of birth', '1990-04-30');
    fireEvent.click(screen.getByLabelText(/I agree/));
    fireEvent.click(screen.getByRole('button', { name: 'Hold this time' }));
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeTruthy();
    expect(posts).toEqual([
      {
        start: START,
        agentId: 'p1',
        duration: 30,
        patient: {
          firstName: 'Mia',
          lastName: 'Okafor',
          email: 'mia@example.com',
          phone: '(555) 010-7788',
          dob: '1990-04-30',
        },
        consent: true,
        website: '',
      },
    ]);
  });

  it('says so when the clinic does not book online', async () => {
    const fetchImpl = vi.fn(async () =>
      json(404, {
        error: 'not_found',
        message: 'Online booking is not available for this clinic.',
      }),
    ) as unknown as typeof fetch;
    render(<BookOnlinePage slug="riverside" fetchImpl={fetchImpl} />);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'Online booking is not available for this clinic.',
    );
  });

  it('reads the clinic from the path', () => {
    expect(bookingSlugOf('/book-online/riverside')).toBe('riverside');
    expect(bookingSlugOf('/book-online/riverside/')).toBe('riverside');
    expect(bookingSlugOf('/book-online/Bad_Slug')).toBe('');
  });
});
