// @vitest-environment jsdom
import type { ComponentProps } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { errorResponse, json, stubApi } from '@web/test/api-stub';
import { createTestQueryClient, renderWithClient } from '@web/test/render-with-client';
import type { Appointment } from '@contracts/appointments';
import { calendarAppointment } from '../test/calendar-appointment';
import { AppointmentList } from './appointment-list';
import { ConfirmMoveDialog, type PendingDrop } from './confirm-move-dialog';
import { MoveAppointmentDialog } from './move-appointment-dialog';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const ZONE = 'America/New_York';
const now = new Date('2026-11-23T17:00:00Z');

function appointment(
  id: string,
  date: string,
  status = 'BOOKED',
  name = 'José Núñez',
): Appointment {
  const base = calendarAppointment();
  return calendarAppointment({
    _id: id,
    date,
    status,
    patient: { ...base.patient, id: 'p', name, email: 'p@example.com' },
  });
}

function wrap(ui: React.ReactNode) {
  const client = createTestQueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  renderWithClient(<MemoryRouter>{ui}</MemoryRouter>, { client });
  return { invalidate };
}

/** The day list at `now`, opening and moving nothing unless told. */
function renderList(
  appointments: ComponentProps<typeof AppointmentList>['appointments'],
  handlers: Partial<Pick<ComponentProps<typeof AppointmentList>, 'onOpen' | 'onMove'>> = {},
) {
  return wrap(
    <AppointmentList
      timeZone={ZONE}
      now={now}
      onOpen={() => {}}
      onMove={() => {}}
      {...handlers}
      appointments={appointments}
    />,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('AppointmentList', () => {
  it('groups by local date in the viewer’s zone, by time within a day', () => {
    renderList([
      appointment('late', '2026-11-24T20:00:00Z', 'BOOKED', 'Anna Smith'),
      // 00:30 UTC on the 25th is still the evening of the 24th in New York.
      appointment('evening', '2026-11-25T00:30:00Z', 'BOOKED', 'Ben Ode'),
      appointment('early', '2026-11-24T14:00:00Z'),
    ]);
    const days = screen.getAllByRole('heading', { level: 3 });
    expect(days.map((d) => d.textContent)).toEqual(['Tuesday, November 24, 2026']);
    const rows = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('9:00 AM – 9:30 AM'),
      expect.stringContaining('3:00 PM – 3:30 PM'),
      expect.stringContaining('7:30 PM – 8:00 PM'),
    ]);
  });

  it('offers Move… only for a future appointment that is not cancelled', async () => {
    const onMove = vi.fn();
    renderList(
      [
        appointment('past', '2026-11-23T14:00:00Z', 'BOOKED', 'Past Patient'),
        appointment('gone', '2026-11-24T15:00:00Z', 'CANCELLED', 'Cancelled Patient'),
        appointment('next', '2026-11-24T16:00:00Z', 'CONFIRMED', 'Next Patient'),
      ],
      { onMove },
    );
    const moves = screen.getAllByRole('button', { name: /^Move…/ });
    expect(moves).toHaveLength(1);
    expect(moves[0]!.getAttribute('aria-label')).toContain('Next Patient');
    await userEvent.click(moves[0]!);
    expect(onMove).toHaveBeenCalledWith(expect.objectContaining({ _id: 'next' }));
  });

  it('opens the details of any appointment in place, past and cancelled ones too', async () => {
    const onOpen = vi.fn();
    renderList(
      [
        appointment('past', '2026-11-23T14:00:00Z', 'BOOKED', 'Past Patient'),
        appointment('gone', '2026-11-24T15:00:00Z', 'CANCELLED', 'Cancelled Patient'),
      ],
      { onOpen },
    );
    // A button, not a link to /appointments: the dialog opens over the calendar.
    expect(screen.queryByRole('link', { name: /View Details/ })).toBeNull();
    const views = screen.getAllByRole('button', { name: /^View Details: / });
    expect(views).toHaveLength(2);
    await userEvent.click(
      screen.getByRole('button', {
        name: 'View Details: Past Patient, Monday, November 23, 2026 9:00 AM – 9:30 AM',
      }),
    );
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ _id: 'past' }));
    await userEvent.click(views[1]!);
    expect(onOpen).toHaveBeenLastCalledWith(expect.objectContaining({ _id: 'gone' }));
  });
});

describe('ConfirmMoveDialog', () => {
  function drop(): PendingDrop {
    return {
      appointment: appointment('a1', '2026-11-24T14:00:00Z'),
      start: new Date('2026-11-24T16:30:00Z'),
      revert: vi.fn(),
    };
  }

  it('asks first, then sends the new time with the same provider and refreshes appointments and slots', async () => {
    const pending = drop();
    const moved = { ...pending.appointment, date: '2026-11-24T16:30:00.000Z' };
    const fetchMock = stubApi(({ url }) =>
      url.pathname.endsWith('/move-check')
        ? json({ bookable: true, message: null, conflict: null })
        : json(moved),
    );
    const onDone = vi.fn();
    const { invalidate } = wrap(
      <ConfirmMoveDialog pending={pending} timeZone={ZONE} onDone={onDone} />,
    );

    const dialog = screen.getByRole('alertdialog', { name: 'Move this appointment?' });
    expect(dialog.textContent).toContain('9:00 AM – 9:30 AM');
    expect(dialog.textContent).toContain('11:30 AM – 12:00 PM');
    const moveButton = within(dialog).getByRole('button', { name: 'Move' });
    await waitFor(() => expect(moveButton).toBeEnabled());
    await userEvent.click(moveButton);

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [checkUrl] = fetchMock.mock.calls[0] as unknown as [string];
    expect(checkUrl).toBe('/api/appointments/a1/move-check');
    const [url, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe('/api/appointments/a1');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body as string)).toEqual({
      id: 'a1',
      date: '2026-11-24T16:30:00.000Z',
      staff: { id: 's1', name: 'Dr. Priya Raman', email: 'priya@carebook.test' },
      duration: 30,
    });
    expect(toast.success).toHaveBeenCalledWith('Appointment updated successfully');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['appointments'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['slots'] });
    expect(pending.revert).not.toHaveBeenCalled();
  });

  it('says when only the outside calendar stands in the way, and moves anyway with the override', async () => {
    const message =
      'Dr. Priya Raman is busy in their outside calendar at this time. Pick another slot.';
    const pending = drop();
    const fetchMock = stubApi(({ url }) =>
      url.pathname.endsWith('/move-check')
        ? json({ bookable: false, message, conflict: null, overridable: true })
        : json({ ...pending.appointment, date: '2026-11-24T16:30:00.000Z' }),
    );
    const onDone = vi.fn();
    wrap(<ConfirmMoveDialog pending={pending} timeZone={ZONE} onDone={onDone} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Move this appointment?' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(within(dialog).getByRole('button', { name: 'Move' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book anyway' }));

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe('/api/appointments/a1');
    expect(JSON.parse(init.body as string)).toMatchObject({
      date: '2026-11-24T16:30:00.000Z',
      overrideOutsideBusy: true,
    });
    expect(pending.revert).not.toHaveBeenCalled();
  });

  it('offers “Book anyway” when the move itself meets the outside calendar, without a toast', async () => {
    const message =
      'Dr. Priya Raman is busy in their outside calendar at this time. Pick another slot.';
    const pending = drop();
    let puts = 0;
    const fetchMock = stubApi(({ url }) =>
      url.pathname.endsWith('/move-check')
        ? json({ bookable: true, message: null, conflict: null })
        : ++puts === 1
          ? errorResponse(409, message, 'outside_busy')
          : json({ ...pending.appointment, date: '2026-11-24T16:30:00.000Z' }),
    );
    const onDone = vi.fn();
    wrap(<ConfirmMoveDialog pending={pending} timeZone={ZONE} onDone={onDone} />);
    const moveButton = screen.getByRole('button', { name: 'Move' });
    await waitFor(() => expect(moveButton).toBeEnabled());
    await userEvent.click(moveButton);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(toast.error).not.toHaveBeenCalled();
    expect(pending.revert).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Book anyway' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const sent = (fetchMock.mock.calls as unknown as [string, RequestInit][]).filter(
      ([, init]) => init.method === 'PUT',
    );
    expect(sent.map(([, init]) => JSON.parse(init.body as string).overrideOutsideBusy)).toEqual([
      undefined,
      true,
    ]);
    expect(pending.revert).not.toHaveBeenCalled();
  });

  it('puts the event back and shows the server’s words when the time is taken', async () => {
    const message = 'This time was just booked by someone else. Pick another slot.';
    stubApi(() => errorResponse(409, message, 'conflict'));
    const pending = drop();
    wrap(<ConfirmMoveDialog pending={pending} timeZone={ZONE} onDone={() => {}} />);
    // The check failed too: it decides nothing, and Move still asks the server.
    const moveButton = screen.getByRole('button', { name: 'Move' });
    await waitFor(() => expect(moveButton).toBeEnabled());
    await userEvent.click(moveButton);
    await waitFor(() => expect(pending.revert).toHaveBeenCalledTimes(1));
    expect(toast.error).toHaveBeenCalledWith(message);
  });

  it('shows a taken time before anyone confirms, and offers another time instead of Move (ADR 034)', async () => {
    const fetchMock = stubApi(() =>
      json({
        bookable: false,
        message: 'This time is already taken by another appointment. Pick another slot.',
        conflict: {
          kind: 'appointment',
          start: '2026-11-24T16:15:00.000Z',
          end: '2026-11-24T16:45:00.000Z',
          expiresAt: null,
        },
      }),
    );
    const pending = drop();
    const onPickAnother = vi.fn();
    const onDone = vi.fn();
    wrap(
      <ConfirmMoveDialog
        pending={pending}
        timeZone={ZONE}
        onDone={onDone}
        onPickAnother={onPickAnother}
      />,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'This time is already taken by another appointment. Pick another slot.',
    );
    expect(alert.textContent).toContain('Booked: 11:15 AM – 11:45 AM');
    expect(screen.getByRole('button', { name: 'Move' })).toBeDisabled();
    await userEvent.click(within(alert).getByRole('button', { name: 'Choose another time' }));
    expect(pending.revert).toHaveBeenCalledTimes(1);
    expect(onDone).toHaveBeenCalled();
    expect(onPickAnother).toHaveBeenCalledWith(pending.appointment);
    // Only the check was sent: nothing moved.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says until when a time is held online', async () => {
    stubApi(() =>
      json({
        bookable: false,
        message: 'This time is held for a patient who is booking online. Pick another slot.',
        conflict: {
          kind: 'hold',
          start: '2026-11-24T16:30:00.000Z',
          end: '2026-11-24T17:00:00.000Z',
          expiresAt: '2026-11-23T17:10:00.000Z',
        },
      }),
    );
    wrap(<ConfirmMoveDialog pending={drop()} timeZone={ZONE} onDone={() => {}} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Held online 11:30 AM – 12:00 PM, until 12:10 PM');
  });

  it('puts the event back when the move is cancelled', async () => {
    const fetchMock = stubApi(() => null);
    const pending = drop();
    const onDone = vi.fn();
    wrap(<ConfirmMoveDialog pending={pending} timeZone={ZONE} onDone={onDone} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(pending.revert).toHaveBeenCalledTimes(1);
    expect(onDone).toHaveBeenCalled();
    // Only the check of the new time may have been asked; nothing was moved.
    const sent = fetchMock.mock.calls.map((c) => [c[0], (c[1] as RequestInit | undefined)?.method]);
    expect(sent.filter(([, method]) => method === 'PUT')).toEqual([]);
  });
});

describe('MoveAppointmentDialog', () => {
  it('is the spec’s Reschedule dialog: its title, the current time and provider on their own lines', () => {
    stubApi(() => json({ slots: [] }));
    wrap(
      <MoveAppointmentDialog
        appointment={appointment('a1', '2026-11-24T14:00:00Z')}
        timeZone={ZONE}
        onOpenChange={() => {}}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Reschedule Appointment' });
    const lines = within(dialog)
      .getAllByText(/^(Current|Provider): /)
      .map((line) => line.textContent);
    expect(lines).toEqual(['Current: Nov 24, 2026 at 9:00 AM', 'Provider: Dr. Priya Raman']);
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });
});
