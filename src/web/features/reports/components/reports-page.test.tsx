// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { ReportFigures, ReportResponse } from '@contracts/reports';
import { sessionKeys } from '@web/queries/query-keys';
import { errorResponse, json, makeSessionUser, stubApi, type ApiHandler } from '@web/test/api-stub';
import {
  cleanUpAfterEach,
  createTestQueryClient,
  renderWithClient,
} from '@web/test/render-with-client';
import { stubResizeObserver } from '@web/test/stub-resize-observer';
import { ReportsPage } from './reports-page';

const figures = (overrides: Partial<ReportFigures> = {}): ReportFigures => ({
  booked: 1234,
  attended: 1000,
  noShows: 100,
  noShowRate: 100 / 1100,
  cancelled: 134,
  lateCancelled: 20,
  averageLeadDays: 6.25,
  bookedMinutes: 30_000,
  availableMinutes: 60_000,
  utilisation: 0.5,
  newPatients: 200,
  returningPatients: 1034,
  confirmedAfterReminder: 600,
  confirmationRate: 600 / 1234,
  ...overrides,
});

const report: ReportResponse = {
  from: '2026-10-01',
  to: '2026-11-30',
  by: 'month',
  group: 'provider',
  clinics: [{ id: 'c1', slug: 'riverside', name: 'Riverside', timezone: 'America/New_York' }],
  buckets: [
    { start: '2026-10-01', from: '2026-10-01', to: '2026-10-31' },
    { start: '2026-11-01', from: '2026-11-01', to: '2026-11-30' },
  ],
  groups: [
    { key: 'a1', name: 'Dr. Priya Raman', total: figures(), buckets: [figures(), figures()] },
  ],
  total: figures(),
  bucketTotals: [figures(), figures()],
};

beforeEach(() => {
  stubResizeObserver();
});
cleanUpAfterEach();

function renderPage(answer: ApiHandler, search = '?group=provider') {
  const fetchMock = stubApi(answer);
  const client = createTestQueryClient();
  client.setQueryData(sessionKeys.current, makeSessionUser({ role: 'admin' }));
  renderWithClient(
    <MemoryRouter initialEntries={[`/reports${search}`]}>
      <ReportsPage />
    </MemoryRouter>,
    { client },
  );
  return fetchMock;
}

// Recharts makes the first renders slow under jsdom.
describe('ReportsPage', { timeout: 20_000 }, () => {
  it('asks for the report the address names and shows a table beside each chart, with its CSV file', async () => {
    const fetchMock = renderPage(() => json(report));
    const byProvider = await screen.findByRole(
      'region',
      { name: 'By provider' },
      { timeout: 10_000 },
    );
    const [url] = fetchMock.mock.calls[0] as unknown as [string];
    expect(url).toBe('/api/reports?by=month&group=provider');
    const row = within(byProvider).getByRole('row', { name: /Dr\. Priya Raman/ });
    // In the viewer's locale (jsdom's is en-US): grouped thousands, percentages.
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(expect.arrayContaining(['1,234', '9.1%', '6.3', '50%']));
    expect(
      within(byProvider).getByRole('link', { name: 'Download CSV: By provider' }),
    ).toHaveAttribute('href', '/api/reports/export?table=groups&by=month&group=provider');
    const months = screen.getByRole('region', { name: 'Month by month' });
    expect(within(months).getAllByRole('img')[0]).toHaveAccessibleName(/Visits per period: /);
  });

  it('shows the period on screen in its dates, and asks for both ends when one is changed', async () => {
    const fetchMock = renderPage(() => json(report));
    const from = await screen.findByLabelText('From', {}, { timeout: 10_000 });
    await waitFor(() => expect(from).toHaveValue('2026-10-01'));
    expect(screen.getByLabelText('To')).toHaveValue('2026-11-30');
    fireEvent.change(from, { target: { value: '2026-10-05' } });
    await waitFor(() =>
      expect(fetchMock.mock.calls.map((call) => String((call as unknown[])[0]))).toContain(
        '/api/reports?by=month&group=provider&from=2026-10-05&to=2026-11-30',
      ),
    );
  });

  it('says when the period holds nothing, and shows the server’s refusal with a retry', async () => {
    renderPage(() => json({ ...report, groups: [], total: figures({ booked: 0 }) }));
    expect(await screen.findByText(/No appointments in this period/)).toBeInTheDocument();
    cleanup();
    renderPage(() =>
      errorResponse(
        403,
        'Reports are open to admins and to the roles a clinic allows.',
        'forbidden',
      ),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Reports are open to admins');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
