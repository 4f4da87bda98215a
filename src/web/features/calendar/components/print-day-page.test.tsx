// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, stubApi, type ApiRequest } from '@web/test/api-stub';
import { renderRoutes } from '@web/test/render-with-client';
import { createResourceView } from '@web/test/resource-view';
import { createServiceView as serviceView } from '@web/test/service-view';
import { calendarAppointment } from '../test/calendar-appointment';
import { CALENDAR_CLINIC as CLINIC, calendarSession } from '../test/calendar-session';
import { PrintDayPage } from './print-day-page';

// The printed day (issue 45): a clinic's day as sheets per provider or room, in the clinic's
// time zone, cancelled visits left out. The server is stubbed.

// The viewer is in London; the sheets are in the clinic's zone all the same.
const session = calendarSession(CLINIC, 'Europe/London');
const room = createResourceView({ id: 'r1', clinicId: CLINIC.id, name: 'Treatment room 1' });
const priya = { id: 's1', name: 'Dr. Priya Raman', email: 'priya@carebook.test' };
const omar = { id: 's2', name: 'Dr. Omar Haddad', email: 'omar@carebook.test' };
const APPOINTMENTS = [
  // 9:00 and 11:00 in New York on Tuesday 24 November 2026.
  calendarAppointment({ _id: 'a1', staff: priya, resourceId: 'r1', serviceId: 'svc-physio' }),
  calendarAppointment({
    _id: 'a2',
    date: '2026-11-24T16:00:00.000Z',
    staff: omar,
    patient: { ...calendarAppointment().patient, name: 'Anna Smith', phone: '+1 555 0100' },
    metadata: { status: 'CONFIRMED', notes: 'Bring X-rays', source: 'carebook', type: 'custom' },
  }),
  calendarAppointment({ _id: 'a3', date: '2026-11-24T17:00:00.000Z', status: 'CANCELLED' }),
];

let requests: ApiRequest[];

beforeEach(() => {
  requests = [];
  stubApi((request) => {
    requests.push(request);
    const path = request.url.pathname;
    if (path === '/api/auth/session') return json(session);
    if (path === '/api/appointments')
      return json(request.url.searchParams.get('startDate') === '2026-11-24' ? APPOINTMENTS : []);
    if (path === `/api/clinics/${CLINIC.id}/services`)
      return json({
        data: [
          serviceView({ id: 'svc-physio', clinicId: CLINIC.id, name: 'Physiotherapy' }),
          serviceView({
            id: 'svc-default',
            clinicId: CLINIC.id,
            name: 'Consultation',
            isDefault: true,
          }),
        ],
      });
    if (path === `/api/clinics/${CLINIC.id}/resources`) return json({ data: [room] });
    return undefined;
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderPage = (search: string) =>
  renderRoutes([{ path: '/print/day', element: <PrintDayPage /> }], `/print/day${search}`);

describe('PrintDayPage', () => {
  it('prints a sheet per provider in the clinic’s zone, cancelled visits left out', async () => {
    renderPage('?date=2026-11-24&clinic=riverside');
    const omarSheet = await screen.findByRole('region', { name: 'Dr. Omar Haddad' });
    const priyaSheet = screen.getByRole('region', { name: 'Dr. Priya Raman' });
    // Sheets by name; the range asked is the clinic's day.
    expect(screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'))).toEqual([
      'Dr. Omar Haddad',
      'Dr. Priya Raman',
    ]);
    const asked = requests.find((r) => r.url.pathname === '/api/appointments')!.url.searchParams;
    expect(asked.get('timezone')).toBe('America/New_York');
    expect(asked.get('startDate')).toBe('2026-11-24');

    const [, anna] = within(omarSheet).getAllByRole('row');
    expect(
      within(anna!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '11:00 AM – 11:30 AM',
      'Anna Smith',
      'Consultation',
      '+1 555 0100',
      'Bring X-rays',
      'Confirmed',
    ]);
    const [, jose] = within(priyaSheet).getAllByRole('row');
    expect(within(jose!).getAllByRole('cell')[2]!.textContent).toBe(
      'PhysiotherapyTreatment room 1',
    );
    expect(screen.getByText(/1 cancelled visit is left out/)).toBeInTheDocument();
  });

  it('splits by room on request, with the provider on each line, and prints', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const user = userEvent.setup();
    renderPage('?date=2026-11-24&clinic=riverside&by=room');
    const roomSheet = await screen.findByRole('region', { name: 'Treatment room 1' });
    expect(within(roomSheet).getByRole('columnheader', { name: 'Provider' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'No room' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('says when the day has nothing to print', async () => {
    renderPage('?date=2026-11-25&clinic=riverside');
    expect(
      await screen.findByText(
        'No appointments at Riverside Family Clinic on Wednesday, November 25, 2026.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region')).toBeNull();
  });
});
