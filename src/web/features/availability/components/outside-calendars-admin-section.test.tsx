// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { StaffOutsideCalendarView } from '@contracts/outside-calendars';
import { json, stubApi } from '@web/test/api-stub';
import { createOutsideCalendarView } from '@web/test/outside-calendar-view';
import { cleanUpAfterEach, renderWithClient } from '@web/test/render-with-client';
import { OutsideCalendarsAdminSection } from './outside-calendars-admin-section';

const NOW = new Date('2026-11-24T15:00:00Z');

function calendar(overrides: Partial<StaffOutsideCalendarView>): StaffOutsideCalendarView {
  return {
    ...createOutsideCalendarView(),
    staff: { id: 's1', name: 'Dr. Priya Raman', email: 'priya@carebook.test', role: 'provider' },
    ...overrides,
  };
}

cleanUpAfterEach();

describe('OutsideCalendarsAdminSection', () => {
  it('lists each staff calendar with its last sync’s age and, when failing, why in words', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    const fetchMock = stubApi(({ url }) =>
      url.pathname === '/api/admin/outside-calendars'
        ? json({
            items: [
              calendar({}),
              calendar({
                name: 'Department',
                kind: 'caldav',
                address: 'dav.example.org/cal/nora/',
                lastSyncedAt: '2026-11-23T09:00:00.000Z',
                lastError: 'The calendar server refused the user name or app password (HTTP 401).',
                staff: { id: 's2', name: 'Nora Kelly', email: 'nora@carebook.test', role: 'nurse' },
              }),
              calendar({
                name: 'Work',
                kind: 'caldav',
                address: 'dav.example.org/cal/sam/',
                push: {
                  enabled: true,
                  patientNames: false,
                  lastPushedAt: '2026-11-24T13:00:00.000Z',
                  lastError: 'No calendar was found at this address (HTTP 404).',
                  lastConflictAt: null,
                  waiting: 2,
                },
                staff: {
                  id: 's3',
                  name: 'Sam Ortiz',
                  email: 'sam@carebook.test',
                  role: 'provider',
                },
              }),
            ],
          })
        : null,
    );
    renderWithClient(<OutsideCalendarsAdminSection />);
    const table = await screen.findByRole('table', {
      name: 'Outside calendars of your clinics’ staff',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/Dr\. Priya Raman.*Hospital rota.*5 minutes ago.*Working/),
      expect.stringMatching(
        /Nora Kelly.*Department.*CalDAV · dav\.example\.org.*1 day ago.*Failing: The calendar server refused the user name or app password \(HTTP 401\)\./,
      ),
      // A calendar that takes appointments shows how its pushes go, beside its syncs.
      expect.stringMatching(
        /Sam Ortiz.*Work.*Working.*Push failing: No calendar was found at this address \(HTTP 404\)\. · 2 waiting$/,
      ),
    ]);
    expect(rows[0]!.textContent).not.toMatch(/push/i);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/admin/outside-calendars');
  });

  it('says so when nobody has connected one', async () => {
    stubApi(() => json({ items: [] }));
    renderWithClient(<OutsideCalendarsAdminSection />);
    expect(
      await screen.findByText('No staff member has connected an outside calendar.'),
    ).toBeInTheDocument();
  });
});
