// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Appointment } from '@contracts/appointments';
import { stubViewportWidth } from '@web/test/stub-match-media';
import { routes } from './router';
import { json, makeSessionUser, stubSignedIn } from '@web/test/api-stub';
import { cleanUpAfterEach, renderAppRoutes } from '@web/test/render-with-client';

const user = makeSessionUser({ role: 'provider', name: 'Dr. Priya Raman' });
const APPOINTMENT_ID = '3f2b8c1e-4d5a-4b6c-9e7f-1a2b3c4d5e6f';

function createAppointment(overrides: Partial<Appointment> = {}): Appointment {
  return {
    _id: APPOINTMENT_ID,
    date: '2026-11-24T14:00:00Z',
    duration: 30,
    token: 'tok-a1',
    patient: {
      id: 'p1',
      name: 'José Núñez',
      email: 'jose.nunez@example.com',
      phone: null,
      clinic: 'riverside',
      source: null,
    },
    staff: { id: user.id, name: user.name, email: user.email },
    metadata: { status: 'BOOKED', notes: null, source: 'carebook', type: 'custom' },
    statusHistory: [],
    serviceId: null,
    resourceId: null,
    ...overrides,
  };
}

function renderCalendarAt(path: string) {
  const appointment = createAppointment();
  stubSignedIn(user, ({ url }) => {
    if (url.pathname === '/api/appointments') return json([appointment]);
    if (url.pathname === `/api/appointments/${appointment._id}`) return json(appointment);
    if (url.pathname === '/api/clinics') return json([]);
    return null;
  });
  const { router } = renderAppRoutes(routes, path);
  return router;
}

// The calendar is a lazy chunk compiled on first visit, which takes a while in jsdom.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 10_000 });

beforeEach(() => stubViewportWidth(1280));

cleanUpAfterEach();

describe('/calendar with appointment details', () => {
  it('opens View Details over the calendar and closes back to the same view, date, filters and focus', async () => {
    const router = renderCalendarAt('/calendar?view=list&date=2026-11-24&clinic=riverside');
    const view = await screen.findByRole('button', { name: /^View Details: José Núñez/ });

    await userEvent.click(view);
    const dialog = await screen.findByRole('dialog', { name: 'José Núñez' });
    expect(router.state.location.pathname).toBe('/calendar');
    expect(router.state.location.search).toBe(
      `?view=list&date=2026-11-24&clinic=riverside&appointment=${APPOINTMENT_ID}`,
    );

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(router.state.location.search).toBe('?view=list&date=2026-11-24&clinic=riverside');
    expect(screen.getByRole('heading', { level: 1, name: 'Calendar' })).toBeInTheDocument();
    // Focus goes back to the button that opened the details.
    await waitFor(() => expect(document.activeElement).toBe(view));
  });

  it('opens the details straight from a link with ?appointment=', async () => {
    renderCalendarAt(`/calendar?view=list&date=2026-11-24&appointment=${APPOINTMENT_ID}`);
    expect(await screen.findByRole('dialog', { name: 'José Núñez' })).toBeInTheDocument();
  });
});
