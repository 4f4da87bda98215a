// @vitest-environment jsdom
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueryClient } from '@tanstack/react-query';
import { stubViewportWidth } from '@web/test/stub-match-media';
import { createAppointment } from '../test/appointment-factory';
import { fakeApi, sessionAs, type RecordedCall } from '../test/fake-api';
import { json } from '@web/test/api-stub';
import { cleanUpAfterEach, renderRoutes } from '@web/test/render-with-client';
import { AppointmentsPage } from './appointments-page';

// The details dialog loads its parts lazily and fetches its body ahead without waiting for it:
// loaded here first, no import is still under way when the file's environment is torn down
// (one was, once, on a busy machine: an unhandled error that failed the run).
beforeAll(async () => {
  await Promise.all([import('./details/details-dialog-frame'), import('./details/details-body')]);
});

const counts = { all: 25, upcoming: 12, pending: 3, completed: 6, cancelled: 3, no_show: 1 };
const page = (n: number, size: number) =>
  Array.from({ length: size }, (_, i) =>
    createAppointment({
      _id: `appt-${n}-${i}`,
      patient: { ...createAppointment().patient, name: `Patient ${n}.${i}` },
    }),
  );

let calls: RecordedCall[];
let client: QueryClient;

beforeEach(() => {
  stubViewportWidth(1280);
  calls = fakeApi({
    'GET /api/auth/session': sessionAs('staff'),
    'GET /api/clinics': () =>
      json([{ id: 'c1', slug: 'riverside', name: 'Riverside Family Clinic', timezone: 'UTC' }]),
    'GET /api/clinics/riverside/nurses': () => json([]),
    'GET /api/appointments/counts': () => json(counts),
    'GET /api/appointments/paginated': ({ url }) => {
      const n = Number(url.searchParams.get('page'));
      return json({
        data: page(n, n === 1 ? 20 : 5),
        pagination: { hasNextPage: n === 1, currentPage: n },
        counts,
      });
    },
  });
});
cleanUpAfterEach();

function renderPage(url: string) {
  const rendered = renderRoutes([{ path: '/appointments', element: <AppointmentsPage /> }], url);
  client = rendered.client;
  return rendered.router;
}

const listCalls = () => calls.filter((c) => c.url.pathname === '/api/appointments/paginated');

describe('AppointmentsPage', { timeout: 20_000 }, () => {
  it('shows the counts on the tabs and loads pages of 20, then the next page', async () => {
    const user = userEvent.setup();
    renderPage('/appointments');
    const tabs = await screen.findByRole('tablist', { name: 'Appointment status' });
    await waitFor(() =>
      expect(within(tabs).getByRole('tab', { name: /All/ }).textContent).toBe('All25'),
    );
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['All25', 'Upcoming12', 'Pending3', 'Completed6', 'Cancelled3', 'No show1']);
    expect(await screen.findAllByRole('button', { name: /View Details/ })).toHaveLength(20);
    const first = listCalls()[0]!.url.searchParams;
    expect([first.get('page'), first.get('limit'), first.has('status')]).toEqual([
      '1',
      '20',
      false,
    ]);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: /View Details/ })).toHaveLength(25),
    );
    expect(listCalls().at(-1)!.url.searchParams.get('page')).toBe('2');
    expect(screen.getByText('No more appointments')).toBeInTheDocument();
  });

  it('writes counts with thousands separators, as the dashboard does, and says how each tab is ordered', async () => {
    const user = userEvent.setup();
    const many = {
      all: 1260,
      upcoming: 1012,
      pending: 3,
      completed: 6,
      cancelled: 238,
      no_show: 1,
    };
    fakeApi({
      'GET /api/auth/session': sessionAs('staff'),
      'GET /api/clinics': () => json([]),
      'GET /api/appointments/counts': () => json(many),
      'GET /api/appointments/paginated': () =>
        json({ data: [], pagination: { hasNextPage: false, currentPage: 1 }, counts: many }),
    });
    renderPage('/appointments');
    await waitFor(() => expect(screen.getByTestId('status-count-all').textContent).toBe('1,260'));
    expect(screen.getByTestId('status-count-upcoming').textContent).toBe('1,012');
    expect(screen.getByTestId('list-order').textContent).toBe(
      'Upcoming first, soonest at the top; then past, most recent first.',
    );
    await user.click(screen.getByRole('tab', { name: /Pending/ }));
    expect(screen.getByTestId('list-order').textContent).toBe('Most recent first.');
    await user.click(screen.getByRole('tab', { name: /Upcoming/ }));
    expect(screen.getByTestId('list-order').textContent).toBe('Soonest first.');
  });

  it('shows a dash, not 0, while the counts are unknown, and drops old counts when they fail', async () => {
    let answerCounts: (response: Response) => void = () => {};
    calls = fakeApi({
      'GET /api/auth/session': sessionAs('staff'),
      'GET /api/appointments/counts': () =>
        new Promise<Response>((resolve) => {
          answerCounts = resolve;
        }),
      'GET /api/appointments/paginated': () =>
        json({ data: [], pagination: { hasNextPage: false, currentPage: 1 }, counts }),
    });
    const user = userEvent.setup();
    renderPage('/appointments');
    const allCount = () => screen.getByTestId('status-count-all').textContent;
    await waitFor(() => expect(allCount()).toBe('–loading'));
    expect(screen.getByRole('tab', { name: /Pending/ }).textContent).not.toContain('0');

    answerCounts(json(counts));
    await waitFor(() => expect(allCount()).toBe('25'));

    // A failed refetch must not leave the last numbers standing next to its error.
    const refetched = client.refetchQueries({ type: 'active' });
    // While they refresh, the known numbers stay.
    await waitFor(() => expect(allCount()).toBe('25'));
    answerCounts(json({ error: 'Server Error', message: 'Try later' }, 500));
    await refetched;
    expect((await screen.findByRole('alert')).textContent).toContain('Try later');
    expect(allCount()).toBe('–unknown');

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(allCount()).toBe('–loading'));
    answerCounts(json(counts));
    await waitFor(() => expect(allCount()).toBe('25'));
  });

  it('reads its filters from the URL and writes a tab change back into it', async () => {
    const user = userEvent.setup();
    const router = renderPage('/appointments?status=pending&search=maya&dateFrom=2026-11-01');
    await screen.findAllByRole('button', { name: /View Details/ });
    const sent = listCalls()[0]!.url.searchParams;
    expect([sent.get('status'), sent.get('search'), sent.get('dateFrom')]).toEqual([
      'pending',
      'maya',
      '2026-11-01',
    ]);
    expect(sent.get('timezone')).toBe('America/New_York');
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('maya');
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-11-01');
    const counted = calls.find((c) => c.url.pathname === '/api/appointments/counts')!.url;
    expect(counted.searchParams.has('status')).toBe(false);

    await user.click(screen.getByRole('tab', { name: /Completed/ }));
    await waitFor(() => expect(router.state.location.search).toContain('status=completed'));
    expect(router.state.location.search).toContain('search=maya');
    await waitFor(() =>
      expect(listCalls().at(-1)!.url.searchParams.get('status')).toBe('completed'),
    );
  });

  it('says when "From" is after "To", and swaps them on request', async () => {
    calls = fakeApi({
      'GET /api/auth/session': sessionAs('staff'),
      'GET /api/appointments/counts': () => json(counts),
      'GET /api/appointments/paginated': () =>
        json({ data: [], pagination: { hasNextPage: false, currentPage: 1 }, counts }),
    });
    const user = userEvent.setup();
    const router = renderPage('/appointments?dateFrom=2026-11-20&dateTo=2026-11-02');
    expect(
      await screen.findByText(
        'The “From” date is after the “To” date, so no day falls between them.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Swap the dates' }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('dateFrom')).toBe('2026-11-02'),
    );
    expect(new URLSearchParams(router.state.location.search).get('dateTo')).toBe('2026-11-20');
    expect(await screen.findByText('No appointments found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Swap the dates' })).toBeNull();
  });

  it('downloads the list as CSV with the filters and the tab it shows', async () => {
    renderPage('/appointments?status=upcoming&clinic=riverside&dateFrom=2026-11-01');
    const link = await screen.findByRole('link', { name: 'Download CSV' });
    const href = new URL(link.getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe('/api/appointments/export');
    expect(Object.fromEntries(href.searchParams)).toMatchObject({
      status: 'upcoming',
      clinic: 'riverside',
      dateFrom: '2026-11-01',
      timezone: expect.any(String),
    });
    expect(link).toHaveAttribute('download');
  });

  it('View Details opens the details dialog through ?view=', async () => {
    const user = userEvent.setup();
    const router = renderPage('/appointments');
    const [first] = await screen.findAllByRole('button', { name: /View Details/ });
    await user.click(first!);
    await waitFor(() => expect(router.state.location.search).toBe('?view=appt-1-0'));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('says what failed and retries', async () => {
    let fail = true;
    calls = fakeApi({
      'GET /api/auth/session': sessionAs('staff'),
      'GET /api/appointments/counts': () => json(counts),
      'GET /api/appointments/paginated': () =>
        fail
          ? new Response('', { status: 400 })
          : json({ data: [], pagination: { hasNextPage: false, currentPage: 1 }, counts }),
    });
    const user = userEvent.setup();
    renderPage('/appointments');
    expect(await screen.findByText('Failed to fetch appointments')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No appointments found')).toBeInTheDocument();
  });
});
