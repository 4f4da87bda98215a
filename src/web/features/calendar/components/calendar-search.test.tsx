// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, stubApi, type ApiRequest } from '@web/test/api-stub';
import { cleanUpAfterEach, renderRoutes } from '@web/test/render-with-client';
import { stubViewportWidth } from '@web/test/stub-match-media';
import { stubResizeObserver } from '@web/test/stub-resize-observer';
import { calendarAppointment } from '../test/calendar-appointment';
import { calendarSession } from '../test/calendar-session';
import { CalendarPage } from './calendar-page';

// "Find a patient" on the calendar (issue 45): the list's search, upcoming first; a result
// takes the calendar to its day and opens it. The server is stubbed.

const CLINIC = { id: 'c1', slug: 'riverside', name: 'Riverside Family Clinic', timezone: 'UTC' };
const session = calendarSession(CLINIC);
const anna = calendarAppointment({
  _id: 'a-anna',
  date: '2027-01-12T15:30:00.000Z',
  patient: { ...calendarAppointment().patient, name: 'Anna Smith' },
});
const counts = { all: 1, upcoming: 1, pending: 0, completed: 0, cancelled: 0, no_show: 0 };
let requests: ApiRequest[];

beforeEach(() => {
  stubViewportWidth(1280);
  stubResizeObserver();
  requests = [];
  stubApi((request) => {
    requests.push(request);
    const path = request.url.pathname;
    if (path === '/api/auth/session') return json(session);
    if (path === '/api/clinics') return json([CLINIC]);
    if (path === '/api/appointments') return json([]);
    if (path === '/api/held-times') return json({ holds: [] });
    if (path === '/api/outside-busy') return json({ busy: [] });
    if (path === `/api/clinics/${CLINIC.id}/services`) return json({ data: [] });
    if (path === `/api/clinics/${CLINIC.slug}/nurses`) return json([]);
    if (path === '/api/appointments/paginated') {
      const q = request.url.searchParams.get('search') ?? '';
      const data = 'anna smith'.includes(q.toLowerCase()) ? [anna] : [];
      return json({ data, pagination: { hasNextPage: false, currentPage: 1 }, counts });
    }
    return undefined;
  });
});
cleanUpAfterEach();

describe('finding a patient from the calendar', { timeout: 20_000 }, () => {
  it('lists their appointments and takes the calendar to the one chosen, opened', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(
      [
        {
          path: '/calendar',
          element: (
            <CalendarPage
              renderDetails={(id) => (id ? <p>Details of appointment {id}</p> : null)}
            />
          ),
        },
      ],
      '/calendar?view=week&date=2026-11-24',
    );
    await user.type(await screen.findByLabelText('Find a patient'), 'anna');
    const found = await screen.findByRole('list', { name: 'Appointments found' });
    const result = within(found).getByRole('button');
    expect(result).toHaveTextContent('Anna Smith');
    // In the viewer's zone: 10:30 AM in New York.
    expect(result).toHaveTextContent(/Jan 12, 2027.*10:30/);
    const asked = requests.find((r) => r.url.pathname === '/api/appointments/paginated')!;
    expect(asked.url.searchParams.get('search')).toBe('anna');

    await user.click(result);
    await waitFor(() => {
      const params = router.state.location.search;
      expect(params).toContain('date=2027-01-12');
      expect(params).toContain('appointment=a-anna');
    });
    expect(await screen.findByText('Details of appointment a-anna')).toBeInTheDocument();
    expect(screen.getByLabelText('Find a patient')).toHaveValue('');
  });

  it('says when nobody matches, and clears with Escape', async () => {
    const user = userEvent.setup();
    renderRoutes(
      [{ path: '/calendar', element: <CalendarPage renderDetails={() => null} /> }],
      '/calendar?view=week&date=2026-11-24',
    );
    const box = await screen.findByLabelText('Find a patient');
    await user.type(box, 'zed');
    expect(await screen.findByText('No appointments found for “zed”.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(box).toHaveValue('');
    expect(screen.queryByText(/No appointments found/)).toBeNull();
  });
});
