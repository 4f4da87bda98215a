// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ResourceView } from '@contracts/resources';
import { errorResponse, json, stubApi, type ApiRequest } from '@web/test/api-stub';
import { cleanUpAfterEach, renderRoutes } from '@web/test/render-with-client';
import { createResourceView } from '@web/test/resource-view';
import { createServiceView } from '@web/test/service-view';
import { stubViewportWidth } from '@web/test/stub-match-media';
import { stubResizeObserver } from '@web/test/stub-resize-observer';
import { calendarAppointment } from '../test/calendar-appointment';
import { CALENDAR_CLINIC as CLINIC, calendarSession } from '../test/calendar-session';
import { CalendarPage } from './calendar-page';
import { NO_RESOURCES } from './resource-day-view';

// The Rooms view (issue 42): a column per active room or machine of the clinic, each appointment
// in its resource's column with its patient, provider and service. The server is stubbed.

const session = calendarSession(CLINIC);

function resource(overrides: Partial<ResourceView>): ResourceView {
  return createResourceView({
    id: 'r1',
    clinicId: CLINIC.id,
    name: 'Treatment room 1',
    ...overrides,
  });
}

const physio = createServiceView({
  id: 'svc-physio',
  clinicId: CLINIC.id,
  name: 'Physiotherapy',
  durations: [45],
  bufferAfterMinutes: 15,
  kind: 'in_person',
  colour: '#0ea5e9',
  resourceCategory: 'Treatment room',
});

const ROOMS = [
  resource({ id: 'r1', name: 'Treatment room 1' }),
  resource({ id: 'r2', name: 'Treatment room 2' }),
  resource({ id: 'r3', name: 'Ultrasound', kind: 'equipment', category: 'Ultrasound machine' }),
  resource({ id: 'r4', name: 'Old room', archived: true }),
];

const APPOINTMENTS = [
  // 9:00 in New York on Tuesday 24 November 2026.
  calendarAppointment({ _id: 'a1', resourceId: 'r2', serviceId: 'svc-physio' }),
  calendarAppointment({
    _id: 'a2',
    date: '2026-11-24T16:00:00.000Z',
    resourceId: null,
    patient: { ...calendarAppointment().patient, name: 'Anna Smith' },
  }),
];

function serve(resources: (request: ApiRequest) => Response) {
  return stubApi((request) => {
    const path = request.url.pathname;
    if (path === '/api/auth/session') return json(session);
    if (path === '/api/clinics') return json([CLINIC]);
    if (path === '/api/appointments') return json(APPOINTMENTS);
    if (path === '/api/held-times') return json({ holds: [] });
    if (path === '/api/outside-busy') return json({ busy: [] });
    if (path === `/api/clinics/${CLINIC.id}/services`) return json({ data: [physio] });
    if (path === `/api/clinics/${CLINIC.slug}/nurses`) return json([]);
    if (path === `/api/clinics/${CLINIC.id}/resources`) return resources(request);
    return undefined;
  });
}

function renderCalendar(search = '?view=resources&date=2026-11-24') {
  return renderRoutes(
    [
      {
        path: '/calendar',
        element: (
          <CalendarPage renderDetails={(id) => (id ? <p>Details of appointment {id}</p> : null)} />
        ),
      },
    ],
    `/calendar${search}`,
  );
}

beforeEach(() => {
  stubViewportWidth(1280);
  stubResizeObserver();
});

cleanUpAfterEach();

describe('the Rooms view', { timeout: 20_000 }, () => {
  it('has a column per active resource, each appointment in its resource’s column', async () => {
    const api = serve(() => json({ data: ROOMS }));
    renderCalendar();
    const room2 = await screen.findByRole('region', { name: 'Treatment room 2: appointments' });
    expect(
      screen.getAllByRole('region', { name: /: appointments$/ }).map((r) => r.ariaLabel),
    ).toEqual([
      'Treatment room 1: appointments',
      'Treatment room 2: appointments',
      'Ultrasound: appointments',
    ]);
    // Patient, provider and service, in the room's column only; the visit without a room is
    // in no column.
    await waitFor(() => expect(within(room2).getByText('José Núñez')).toBeInTheDocument());
    expect(within(room2).getByText('Dr. Priya Raman')).toBeInTheDocument();
    expect(within(room2).getByText('Physiotherapy')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Treatment room 1: appointments' })).queryByText(
        'José Núñez',
      ),
    ).toBeNull();
    expect(screen.queryByText('Anna Smith')).toBeNull();
    expect(screen.getAllByText('Room · Treatment room')).toHaveLength(2);
    expect(screen.getByText('Equipment · Ultrasound machine')).toBeInTheDocument();
    // Archived ones are asked for (an appointment keeps its room) but get no column.
    const asked = api.requests.find((r) => r.url.pathname.endsWith('/resources'))!;
    expect(asked.url.searchParams.get('archived')).toBe('include');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(
      'Tuesday, November 24, 2026',
    );
  });

  it('says how to add rooms when the clinic has none', async () => {
    serve(() => json({ data: [resource({ archived: true })] }));
    renderCalendar();
    expect(await screen.findByText(NO_RESOURCES)).toBeInTheDocument();
  });

  it('shows why the rooms could not load, and tries again', async () => {
    let fail = true;
    serve(() =>
      fail ? errorResponse(503, 'The rooms could not be read. Try again.') : json({ data: ROOMS }),
    );
    renderCalendar();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The rooms could not be read. Try again.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('region', { name: 'Treatment room 1: appointments' }),
    ).toBeInTheDocument();
  });

  it('is reached from the view switcher, and steps a day at a time', async () => {
    const api = serve(() => json({ data: ROOMS }));
    const { router } = renderCalendar('?view=week&date=2026-11-24');
    await screen.findByRole('region', { name: 'Week calendar' });
    expect(api.requests.some((r) => r.url.pathname.endsWith('/resources'))).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Rooms' }));
    expect(
      await screen.findByRole('region', { name: 'Treatment room 1: appointments' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rooms' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Next day' }));
    expect(router.state.location.search).toContain('date=2026-11-25');
    expect(router.state.location.search).toContain('view=resources');
  });

  it('opens an appointment’s details from the keyboard', async () => {
    serve(() => json({ data: ROOMS }));
    const { router } = renderCalendar();
    const room2 = await screen.findByRole('region', { name: 'Treatment room 2: appointments' });
    const event = (await within(room2).findByText('José Núñez')).closest<HTMLElement>(
      '[data-event-id]',
    )!;
    expect(event).toHaveAttribute('aria-keyshortcuts', 'M');
    event.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Details of appointment a1')).toBeInTheDocument();
    expect(router.state.location.search).toContain('appointment=a1');
  });

  it('keeps its columns’ width on a phone, in an area that scrolls sideways', async () => {
    stubViewportWidth(375);
    serve(() => json({ data: ROOMS }));
    renderCalendar();
    const view = await screen.findByTestId('resource-day-view');
    expect(view.closest('[data-testid="calendar-scroller"]')).toHaveClass('overflow-auto');
    expect(view.querySelector('[data-resource-id="r1"]')).toHaveClass('min-w-[15rem]');
  });
});
