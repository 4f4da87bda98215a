// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { BookOnlinePage } from './book-online-page';
import { holdAsMia } from './book-online-test-kit';
import { json } from '@web/test/api-stub';

// The booking page's first step (issue 42): which service, then its times, its instructions
// before the details, and its name once the time is held.

vi.mock('@web/lib/time-zones', () => ({ browserTimeZone: () => 'Europe/London' }));

const video = {
  id: 'svc-video',
  name: 'Video visit',
  kind: 'video',
  durations: [30],
  instructions: null,
  providerIds: ['p1', 'p2'],
};
const physio = {
  id: 'svc-physio',
  name: 'Physiotherapy',
  kind: 'in_person',
  durations: [45, 60],
  instructions: 'Wear loose clothes and bring your referral.',
  providerIds: ['p2'],
};
const clinic = {
  slug: 'riverside',
  name: 'Riverside Family Clinic',
  timezone: 'America/New_York',
  phone: '(555) 010-2030' as string | null,
  intro: null,
  providers: [
    { id: 'p1', name: 'Dr. Priya Raman' },
    { id: 'p2', name: 'Dr. Marcus Bell' },
  ],
  services: [video, physio] as unknown[],
  durations: [30],
  minNoticeHours: 12,
  horizonDays: 60,
  allowNewPatients: true,
};
const START = '2026-11-25T15:00:00.000Z';

afterEach(cleanup);

function stub(answer = clinic) {
  const slotUrls: URL[] = [];
  const posts: unknown[] = [];
  const fetchImpl = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST') {
      posts.push(JSON.parse(init.body as string));
      return json({ message: 'Check your e-mail.' }, 202);
    }
    if (url.includes('/slots')) {
      const asked = new URL(url, 'http://x');
      slotUrls.push(asked);
      const minutes = Number(asked.searchParams.get('duration'));
      const end = new Date(Date.parse(START) + minutes * 60_000).toISOString();
      return json(
        {
          timezone: 'Europe/London',
          duration: minutes,
          slots: [{ start: START, end, agentId: 'p2', agentName: 'Dr. Marcus Bell' }],
        },
        200,
      );
    }
    return json(answer, 200);
  }) as unknown as typeof fetch;
  return { fetchImpl, slotUrls, posts };
}

describe('BookOnlinePage: choosing a service', () => {
  it('asks for a service first, then shows its times, instructions and name', async () => {
    const { fetchImpl, slotUrls, posts } = stub();
    render(<BookOnlinePage slug="riverside" fetchImpl={fetchImpl} />);
    const services = await screen.findByRole('group', { name: 'Choose a service' });
    expect(
      within(services)
        .getAllByRole('radio')
        .map((r) => r.closest('label')!.textContent),
    ).toEqual(['Video visit30 minutes', 'PhysiotherapyIn person · 45 minutes or 1 hour']);
    // Nothing is chosen for the patient, and no times are asked for yet.
    expect(screen.getByText('Choose a service to see its free times.')).toBeTruthy();
    expect(slotUrls).toHaveLength(0);

    fireEvent.click(screen.getByRole('radio', { name: /Physiotherapy/ }));
    expect(screen.getByRole('radio', { name: /Physiotherapy/ })).toBeChecked();
    await screen.findByRole('button', { name: '3:00 PM' });
    expect(slotUrls.at(-1)!.searchParams.get('serviceId')).toBe('svc-physio');
    expect(slotUrls.at(-1)!.searchParams.get('duration')).toBe('45');
    // Only who offers it, and its own lengths.
    const provider = screen.getByRole('combobox', { name: 'Provider' });
    expect(
      within(provider)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['First available', 'Dr. Marcus Bell']);
    expect(screen.getByRole('radio', { name: '1 hour' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '3:00 PM' }));
    await screen.findByRole('heading', { name: 'Your details' });
    expect(screen.getByText('Before your visit')).toBeTruthy();
    expect(screen.getByText('Wear loose clothes and bring your referral.')).toBeTruthy();
    holdAsMia();
    await screen.findByRole('heading', { name: 'Almost booked' });
    expect(screen.getByText('Physiotherapy')).toBeTruthy();
    expect(screen.getByText(/at 3:00 PM \(45 minutes\) with Dr\. Marcus Bell/)).toBeTruthy();
    expect(posts).toEqual([
      expect.objectContaining({
        serviceId: 'svc-physio',
        start: START,
        agentId: 'p2',
        duration: 45,
      }),
    ]);
  });

  it('moves to "First available" when the chosen provider does not offer the new service', async () => {
    const { fetchImpl, slotUrls } = stub();
    render(<BookOnlinePage slug="riverside" fetchImpl={fetchImpl} />);
    fireEvent.click(await screen.findByRole('radio', { name: /Video visit/ }));
    const provider = await screen.findByRole('combobox', { name: 'Provider' });
    fireEvent.change(provider, { target: { value: 'p1' } });
    await screen.findByRole('button', { name: '3:00 PM' });
    expect(slotUrls.at(-1)!.searchParams.get('agentId')).toBe('p1');
    fireEvent.click(screen.getByRole('radio', { name: /Physiotherapy/ }));
    await screen.findByRole('button', { name: '3:00 PM' });
    expect(slotUrls.at(-1)!.searchParams.get('agentId')).toBeNull();
    expect(slotUrls.at(-1)!.searchParams.get('serviceId')).toBe('svc-physio');
  });

  it('skips the step when the clinic offers one service', async () => {
    const { fetchImpl, slotUrls } = stub({ ...clinic, services: [video] });
    render(<BookOnlinePage slug="riverside" fetchImpl={fetchImpl} />);
    await screen.findByRole('button', { name: '3:00 PM' });
    expect(screen.queryByRole('group', { name: 'Choose a service' })).toBeNull();
    expect(slotUrls.at(-1)!.searchParams.get('serviceId')).toBe('svc-video');
  });

  it('says so, with the clinic’s number, when nothing can be booked online', async () => {
    const { fetchImpl, slotUrls } = stub({ ...clinic, services: [] });
    render(<BookOnlinePage slug="riverside" fetchImpl={fetchImpl} />);
    expect((await screen.findByText(/No visits can be booked online right now/)).textContent).toBe(
      'No visits can be booked online right now. Please call the clinic: (555) 010-2030.',
    );
    expect(slotUrls).toHaveLength(0);
  });
});
