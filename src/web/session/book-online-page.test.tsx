// @vitest-environment jsdom
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { bookingSlugOf } from './book-online-api';
import { BookOnlinePage } from './book-online-page';
import { holdAsMia } from './book-online-test-kit';
import { json } from '@web/test/api-stub';

vi.mock('@web/lib/time-zones', () => ({ browserTimeZone: () => 'Europe/London' }));

const clinic = {
  slug: 'riverside',
  name: 'Riverside Family Clinic',
  timezone: 'America/New_York',
  phone: null as string | null,
  intro: 'New patients welcome.',
  providers: [{ id: 'p1', name: 'Dr. Priya Raman' }],
  services: [] as unknown[],
  durations: [30],
  minNoticeHours: 12,
  horizonDays: 60,
  allowNewPatients: true,
};
const START = '2026-11-25T15:00:00.000Z';
/** The clinic's default service, the only one online: the page asks nothing about it. */
const videoVisit = {
  id: 'svc-video',
  name: 'Video visit',
  kind: 'video' as const,
  durations: [30],
  instructions: null as string | null,
  providerIds: ['p1', 'p2'],
};
clinic.services = [videoVisit];

/** A free time of half an hour, with Dr. Priya Raman unless said otherwise. */
const slot = (start: string, agentId = 'p1', agentName = 'Dr. Priya Raman') => ({
  start,
  end: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
  agentId,
  agentName,
});

/** An answer about free times, for a patient in London and half-hour visits unless said otherwise. */
const inLondon = (fields: Record<string, unknown>) =>
  json({ timezone: 'Europe/London', duration: 30, ...fields }, 200);

afterEach(cleanup);

describe('BookOnlinePage', () => {
  it('shows times in the patient’s zone, named, and holds the picked one with the details', async () => {
    const posts: unknown[] = [];
    const fetchImpl = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posts.push(JSON.parse(init.body as string));
        return json({ message: 'Check your e-mail: we sent you a link.' }, 202);
      }
      if (url.includes('/slots')) {
        return inLondon({ slots: [slot(START)] });
      }
      return json(clinic, 200);
    }) as unknown as typeof fetch;
    render(<BookOnlinePage slug="riverside" fetchImpl={fetchImpl} />);
    expect(await screen.findByRole('heading', { name: 'Book a visit' })).toBeTruthy();
    expect(screen.getByText('New patients welcome.')).toBeTruthy();
    expect(screen.getByText(/Times are in your time zone: .*\(Europe\/London\)/)).toBeTruthy();
    // One length only: nothing to choose.
    expect(screen.queryByRole('group', { name: 'Visit length' })).toBeNull();
    // jsdom has no scrollIntoView: given for this test, taken away after it.
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    onTestFinished(() => {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    });
    fireEvent.click(await screen.findByRole('button', { name: '3:00 PM' }));
    // The details open below the times: on a phone, out of view until brought into it.
    const details = await screen.findByRole('heading', { name: 'Your details' });
    expect(scrolled).toHaveBeenCalledWith(expect.objectContaining({ block: 'nearest' }));
    expect(scrolled.mock.contexts[0]).toContain(details);
    holdAsMia();
    expect(await screen.findByRole('heading', { name: 'Almost booked' })).toBeTruthy();
    // The server's words, then where the link went and which time is held.
    expect(screen.getByRole('status').textContent).toBe('Check your e-mail: we sent you a link.');
    expect(screen.getByText('mia@example.com')).toBeTruthy();
    expect(screen.getByText(/at 3:00 PM \(30 minutes\) with /)).toBeTruthy();
    expect(posts).toEqual([
      {
        serviceId: 'svc-video',
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

  it('shows a time once for "First available" when several providers are free then, each for one', async () => {
    const LATER = '2026-11-25T15:30:00.000Z';
    const fetchImpl = vi.fn(async (url: string) => {
      if (url.includes('/slots')) {
        const agent = new URL(url, 'http://x').searchParams.get('agentId');
        const all = [
          slot(START, 'p2', 'Dr. Marcus Bell'),
          slot(START, 'p1', 'Dr. Priya Raman'),
          slot(LATER, 'p1', 'Dr. Priya Raman'),
        ];
        return inLondon({ slots: all.filter((s) => !agent || s.agentId === agent) });
      }
      return json(
        {
          ...clinic,
          providers: [
            { id: 'p1', name: 'Dr. Priya Raman' },
            { id: 'p2', name: 'Dr. Marcus Bell' },
          ],
        },
        200,
      );
    }) as unknown as typeof fetch;
    render(<BookOnlinePage slug="riverside" fetchImpl={fetchImpl} />);
    const times = await screen.findByRole('group', { name: 'Free times' });
    await within(times).findByRole('button', { name: '3:00 PM' });
    expect(
      within(times)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['3:00 PM', '3:30 PM']);
    fireEvent.click(within(times).getByRole('button', { name: '3:00 PM' }));
    expect(await screen.findByText(/at 3:00 PM \(30 minutes\) with Dr\. Marcus Bell/)).toBeTruthy();
    // One provider chosen: that provider's times, as the server gives them.
    fireEvent.change(screen.getByRole('combobox', { name: 'Provider' }), {
      target: { value: 'p1' },
    });
    await waitFor(() =>
      expect(
        within(times)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['3:00 PM', '3:30 PM']),
    );
    fireEvent.click(within(times).getByRole('button', { name: '3:00 PM' }));
    expect(await screen.findByText(/at 3:00 PM \(30 minutes\) with Dr\. Priya Raman/)).toBeTruthy();
  });

  it('lets the patient choose a visit length: the first by default, times reloaded, held with it', async () => {
    const slotUrls: string[] = [];
    const posts: Array<{ duration: number }> = [];
    const fetchImpl = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posts.push(JSON.parse(init.body as string));
        return json({ message: 'Check your e-mail.' }, 202);
      }
      if (url.includes('/slots')) {
        slotUrls.push(url);
        const minutes = Number(new URL(url, 'http://x').searchParams.get('duration'));
        return inLondon({
          duration: minutes,
          slots: [
            {
              start: minutes === 60 ? '2026-11-25T10:00:00.000Z' : START,
              end: new Date(
                Date.parse(minutes === 60 ? '2026-11-25T10:00:00.000Z' : START) + minutes * 60_000,
              ).toISOString(),
              agentId: 'p1',
              agentName: 'Dr. Priya Raman',
            },
          ],
        });
      }
      return json({ ...clinic, services: [{ ...videoVisit, durations: [30, 60, 90] }] }, 200);
    }) as unknown as typeof fetch;
    render(<BookOnlinePage slug="riverside" fetchImpl={fetchImpl} />);
    const lengths = await screen.findByRole('group', { name: 'Visit length' });
    expect(
      within(lengths)
        .getAllByRole('radio')
        .map((r) => r.closest('label')!.textContent),
    ).toEqual(['30 minutes', '1 hour', '1 hour 30 minutes']);
    expect(screen.getByRole('radio', { name: '30 minutes' })).toBeChecked();
    await screen.findByRole('button', { name: '3:00 PM' });
    expect(slotUrls.at(-1)).toContain('duration=30');
    fireEvent.click(screen.getByRole('radio', { name: '1 hour' }));
    expect(screen.getByRole('radio', { name: '1 hour' })).toBeChecked();
    fireEvent.click(await screen.findByRole('button', { name: '10:00 AM' }));
    expect(slotUrls.at(-1)).toContain('duration=60');
    expect(screen.getByText(/at 10:00 AM \(1 hour\) with Dr\. Priya Raman/)).toBeTruthy();
    holdAsMia();
    await screen.findByRole('heading', { name: 'Almost booked' });
    expect(screen.getByText(/at 10:00 AM \(1 hour\) with Dr\. Priya Raman/)).toBeTruthy();
    expect(posts).toEqual([
      expect.objectContaining({ start: '2026-11-25T10:00:00.000Z', duration: 60 }),
    ]);
  });

  it('says when a day has no free time and jumps to the next day that has one', async () => {
    const urls: string[] = [];
    const fetchImpl = vi.fn(async (url: string) => {
      urls.push(url);
      const query = new URL(url, 'http://x').searchParams;
      if (url.includes('/next-free-day'))
        return inLondon({ day: '2026-12-03', lastDay: '2027-01-22' });
      if (url.includes('/slots'))
        return inLondon({
          slots: query.get('from') === '2026-12-03' ? [slot('2026-12-03T09:30:00.000Z')] : [],
        });
      return json(clinic, 200);
    }) as unknown as typeof fetch;
    render(<BookOnlinePage slug="riverside" fetchImpl={fetchImpl} />);
    const day = (await screen.findByLabelText('Day')) as HTMLInputElement;
    expect(await screen.findByText(/^No free times on \w+day, /)).toBeTruthy();
    const jump = await screen.findByRole('button', {
      name: 'Next free day: Thursday, December 3, 2026',
    });
    const asked = new URL(
      urls.find((u) => u.includes('/next-free-day'))!,
      'http://x',
    );
    expect(asked.searchParams.get('after')).toBe(day.value);
    expect(asked.searchParams.get('duration')).toBe('30');
    expect(asked.searchParams.get('timezone')).toBe('Europe/London');
    fireEvent.click(jump);
    const time = await screen.findByRole('button', { name: '9:30 AM' });
    expect(day.value).toBe('2026-12-03');
    expect(screen.queryByText(/No free times/)).toBeNull();
    // The keyboard lands on the times found, not on the page's top (an effect moves it there).
    await waitFor(() => expect(screen.getByRole('group', { name: 'Free times' })).toHaveFocus());
    expect(time).toBeTruthy();
  });

  it('says so when no day up to the clinic’s horizon has a free time', async () => {
    const fetchImpl = (phone: string | null) =>
      vi.fn(async (url: string) => {
        if (url.includes('/next-free-day')) return inLondon({ day: null, lastDay: '2027-01-22' });
        if (url.includes('/slots')) return inLondon({ slots: [] });
        return json({ ...clinic, phone }, 200);
      }) as unknown as typeof fetch;
    const noneLeft =
      'No later day has a free time either, up to Friday, January 22, 2027: as far ahead as this clinic books online.';
    render(<BookOnlinePage slug="riverside" fetchImpl={fetchImpl('(555) 010-2030')} />);
    const said = await screen.findByText(/^No later day has a free time either/);
    expect(said.textContent).toBe(`${noneLeft} Please call the clinic: (555) 010-2030.`);
    expect(screen.getByRole('link', { name: '(555) 010-2030' })).toHaveAttribute(
      'href',
      'tel:5550102030',
    );
    expect(screen.queryByRole('button', { name: /Next free day/ })).toBeNull();
    cleanup();
    // No number given: nothing to call, so the page says what still works.
    render(<BookOnlinePage slug="riverside" fetchImpl={fetchImpl(null)} />);
    expect((await screen.findByText(/^No later day has a free time either/)).textContent).toBe(
      `${noneLeft} Please look again later: times free up when visits are cancelled.`,
    );
  });

  it('says so when the clinic does not book online', async () => {
    const fetchImpl = vi.fn(async () =>
      json(
        {
          error: 'not_found',
          message: 'Online booking is not available for this clinic.',
        },
        404,
      ),
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
