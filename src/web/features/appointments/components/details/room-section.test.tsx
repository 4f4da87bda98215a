// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { Appointment } from '@contracts/appointments';
import type { ResourceView } from '@contracts/resources';
import { errorResponse, json, polyfillPointerApis } from '@web/test/api-stub';
import { renderWithClient } from '@web/test/render-with-client';
import { createResourceView } from '@web/test/resource-view';
import { createAppointment } from '../../test/appointment-factory';
import { fakeApi, sessionAs } from '../../test/fake-api';
import { AppointmentDetailsDialog } from './appointment-details-dialog';

// The room in View Details (issue 42): its name, and "Move to another room" at the same time,
// which sends the change body with the room (ADR 045). The server is stubbed.

beforeAll(polyfillPointerApis);

const clinics = [
  { id: 'clinic-1', slug: 'riverside', name: 'Riverside Family Clinic', timezone: 'UTC' },
];

function resource(overrides: Partial<ResourceView>): ResourceView {
  return createResourceView({
    id: 'r1',
    clinicId: 'clinic-1',
    name: 'Treatment room 1',
    ...overrides,
  });
}

const RESOURCES = [
  resource({ id: 'r1', name: 'Treatment room 1' }),
  resource({ id: 'r2', name: 'Treatment room 2' }),
  resource({ id: 'r3', name: 'Treatment room 3', category: 'treatment ROOM ' }),
  resource({ id: 'r4', name: 'Old treatment room', archived: true }),
  resource({ id: 'r5', name: 'Gym', category: 'Exercise room' }),
  resource({ id: 'r6', name: 'Ultrasound', kind: 'equipment', category: 'Ultrasound machine' }),
];

function serve(appointment: Appointment, put?: () => Response) {
  return fakeApi({
    'GET /api/auth/session': sessionAs('staff'),
    'GET /api/clinics': () => json(clinics),
    [`GET /api/appointments/${appointment._id}`]: () => json(appointment),
    'GET /api/clinics/clinic-1/resources': () => json({ data: RESOURCES }),
    [`PUT /api/appointments/${appointment._id}`]: put ?? (() => json(appointment)),
  });
}

function renderDetails(appointment: Appointment) {
  return renderWithClient(<AppointmentDetailsDialog id={appointment._id} onClose={() => {}} />, {
    toasts: true,
  });
}

const roomSection = async () =>
  (await screen.findByRole('heading', { name: 'Room' })).closest('section')!;

afterEach(() => {
  toast.dismiss();
  cleanup();
  vi.unstubAllGlobals();
});

describe('the room in the appointment details', { timeout: 20_000 }, () => {
  it('names the room and moves the visit to another of its category at the same time', async () => {
    const appointment = createAppointment({ startsInHours: 24, resourceId: 'r1' });
    const calls = serve(appointment, () => json({ ...appointment, resourceId: 'r3' }));
    renderDetails(appointment);
    const section = await roomSection();
    expect(await within(section).findByText('Treatment room 1')).toBeInTheDocument();
    expect(within(section).getByText('(Treatment room)')).toBeInTheDocument();

    const select = within(section).getByLabelText('Move to another room');
    // Active ones of the same category (its case and spaces aside), not itself.
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose one…', 'Treatment room 2', 'Treatment room 3']);
    const move = within(section).getByRole('button', { name: 'Move' });
    expect(move).toBeDisabled();
    await userEvent.selectOptions(select, 'Treatment room 3');
    await userEvent.click(move);

    expect(await screen.findByText('Moved to Treatment room 3')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(JSON.parse(put.body!)).toEqual({
      id: appointment._id,
      date: appointment.date,
      staff: appointment.staff,
      duration: 30,
      resourceId: 'r3',
    });
  });

  it('shows the server’s words when the room is taken', async () => {
    const appointment = createAppointment({ startsInHours: 24, resourceId: 'r1' });
    serve(appointment, () =>
      errorResponse(409, 'Treatment room 2 is booked at that time. Pick another room.', 'conflict'),
    );
    renderDetails(appointment);
    const section = await roomSection();
    await userEvent.selectOptions(
      await within(section).findByLabelText('Move to another room'),
      'Treatment room 2',
    );
    await userEvent.click(within(section).getByRole('button', { name: 'Move' }));
    expect(
      await screen.findByText('Treatment room 2 is booked at that time. Pick another room.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(within(section).getByRole('button', { name: 'Move' })).not.toBeDisabled(),
    );
  });

  it('names the room of a past visit without offering a move', async () => {
    const appointment = createAppointment({ startsInHours: -3, resourceId: 'r2' });
    serve(appointment);
    renderDetails(appointment);
    const section = await roomSection();
    expect(await within(section).findByText('Treatment room 2')).toBeInTheDocument();
    expect(within(section).queryByLabelText('Move to another room')).toBeNull();
  });

  it('calls equipment equipment, and says when there is nothing else to move to', async () => {
    const appointment = createAppointment({ startsInHours: 24, resourceId: 'r6' });
    serve(appointment);
    renderDetails(appointment);
    const heading = await screen.findByRole('heading', { name: 'Equipment' });
    const section = heading.closest('section')!;
    expect(within(section).getByText('Ultrasound')).toBeInTheDocument();
    expect(
      within(section).getByText('No other Ultrasound machine at this clinic to move it to.'),
    ).toBeInTheDocument();
  });

  it('shows no room, and asks for none, for a visit without one', async () => {
    const appointment = createAppointment({ startsInHours: 24 });
    const calls = serve(appointment);
    renderDetails(appointment);
    await screen.findByRole('heading', { name: 'Maya Lindqvist' });
    expect(screen.queryByRole('heading', { name: 'Room' })).toBeNull();
    expect(calls.some((c) => c.url.pathname.endsWith('/resources'))).toBe(false);
  });
});
