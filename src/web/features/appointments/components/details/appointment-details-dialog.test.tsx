// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { Appointment } from '@contracts/appointments';
import { createAppointment, createStatusEntry } from '../../test/appointment-factory';
import { fakeApi, sessionAs } from '../../test/fake-api';
import { json } from '@web/test/api-stub';
import { renderWithClient } from '@web/test/render-with-client';
import { polyfillPointerApis } from '@web/test/api-stub';
import { AppointmentDetailsDialog } from './appointment-details-dialog';

beforeAll(polyfillPointerApis);
// The dialog loads its body lazily: loaded here once, so the first test does not pay for it in
// its own wait (the body, with its Messages section, is many modules on a busy machine).
beforeAll(async () => {
  await Promise.all([import('./details-dialog-frame'), import('./details-body')]);
}, 120_000);

const clinics = [
  { id: 'clinic-1', slug: 'riverside', name: 'Riverside Family Clinic', timezone: 'UTC' },
];

function serve(appointment: Appointment, role: 'staff' | 'nurse' | 'admin' = 'staff') {
  return fakeApi({
    'GET /api/auth/session': sessionAs(role),
    'GET /api/clinics': () => json(clinics),
    [`GET /api/appointments/${appointment._id}`]: () => json(appointment),
    [`POST /api/appointments/${appointment._id}`]: () =>
      json({ ...appointment, metadata: { ...appointment.metadata, status: 'COMPLETED' } }),
  });
}

function renderDetails(appointment: Appointment) {
  return renderWithClient(<AppointmentDetailsDialog id={appointment._id} onClose={() => {}} />, {
    toasts: true,
  });
}

async function openedHeader(name = 'Maya Lindqvist') {
  return screen.findByRole('heading', { name });
}

const button = (name: string) => screen.queryByRole('button', { name });

afterEach(() => {
  // Sonner keeps its toasts in module state: start every test with none.
  toast.dismiss();
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('details header actions (spec §4, §6)', { timeout: 20_000 }, () => {
  it('offers Mark as, and nothing else, for a past appointment that is not yet marked', async () => {
    const appointment = createAppointment({ startsInHours: -2, status: 'BOOKED' });
    serve(appointment);
    renderDetails(appointment);
    await openedHeader();
    expect(button('Mark as')).not.toBeNull();
    for (const name of ['Reschedule', 'Reassign', 'Cancel']) expect(button(name)).toBeNull();
  });

  it.each(['COMPLETED', 'cancelled', 'NO_SHOW', 'DISQUALIFIED'])(
    'offers no Mark as and no change on a past %s visit',
    async (status) => {
      const appointment = createAppointment({ startsInHours: -2, status });
      serve(appointment);
      renderDetails(appointment);
      await openedHeader();
      for (const name of ['Mark as', 'Reschedule', 'Reassign', 'Cancel'])
        expect(button(name)).toBeNull();
      // A marked outcome can be corrected; a cancellation stands.
      expect(button('Correct status') === null).toBe(status === 'cancelled');
    },
  );

  it('offers Reschedule, Reassign and Cancel, not Mark as, for a future appointment', async () => {
    const appointment = createAppointment({ startsInHours: 24 });
    serve(appointment, 'staff');
    renderDetails(appointment);
    await openedHeader();
    await screen.findByRole('button', { name: 'Reassign' });
    for (const name of ['Reschedule', 'Reassign', 'Cancel']) expect(button(name)).not.toBeNull();
    expect(button('Mark as')).toBeNull();
  });

  it('hides Reassign from a nurse and keeps Reschedule and Cancel', async () => {
    const appointment = createAppointment({ startsInHours: 24 });
    fakeApi({
      'GET /api/auth/session': sessionAs('nurse'),
      'GET /api/clinics': () => json(clinics),
      // Answer after the session, so the header is drawn knowing the role.
      [`GET /api/appointments/${appointment._id}`]: async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        return json(appointment);
      },
    });
    renderDetails(appointment);
    await openedHeader();
    expect(button('Reschedule')).not.toBeNull();
    expect(button('Cancel')).not.toBeNull();
    expect(button('Reassign')).toBeNull();
  });

  it('offers nothing on a future cancelled appointment', async () => {
    const appointment = createAppointment({ startsInHours: 24, status: 'CANCELLED' });
    serve(appointment);
    renderDetails(appointment);
    await openedHeader();
    for (const name of ['Mark as', 'Reschedule', 'Reassign', 'Cancel'])
      expect(button(name)).toBeNull();
  });

  it('marks through the menu with no body, then says so', async () => {
    const appointment = createAppointment({ startsInHours: -1 });
    const calls = serve(appointment);
    const user = userEvent.setup();
    renderDetails(appointment);
    await openedHeader();
    const trigger = button('Mark as')!;
    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Completed', 'Disqualified', 'No show']);
    await user.click(within(menu).getByRole('menuitem', { name: 'No show' }));
    expect(await screen.findByText('Appointment marked successfully')).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url.search).toBe('?action=no_show');
    expect(post.body).toBeUndefined();
    expect(post.headers.has('content-type')).toBe(false);
  });
});

describe('correcting a mark', { timeout: 20_000 }, () => {
  /** Marks an hour-old visit from its open details, as staff, and waits for the toast. */
  async function markPastVisit(outcome: string, status: string) {
    const appointment = createAppointment({ startsInHours: -1 });
    const calls = fakeApi({
      'GET /api/auth/session': sessionAs('staff'),
      'GET /api/clinics': () => json(clinics),
      [`GET /api/appointments/${appointment._id}`]: () => json(appointment),
      [`POST /api/appointments/${appointment._id}`]: () =>
        json({ ...appointment, metadata: { ...appointment.metadata, status } }),
      [`PATCH /api/appointments/${appointment._id}/status`]: () => json(appointment),
    });
    const user = userEvent.setup();
    renderDetails(appointment);
    await openedHeader();
    await user.click(button('Mark as')!);
    await user.click(await screen.findByRole('menuitem', { name: outcome }));
    await screen.findByText('Appointment marked successfully');
    return { calls, user };
  }

  it('undoes a mark from its toast, sending the correction back to not marked', async () => {
    const { calls, user } = await markPastVisit('Completed', 'COMPLETED');
    // user-event refuses a click on anything with `pointer-events: none`, as the open dialog
    // would leave the toast without the toaster's own style.
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Appointment updated successfully')).toBeInTheDocument();
    const patch = calls.find((call) => call.method === 'PATCH')!;
    expect(JSON.parse(patch.body!)).toEqual({ status: 'UNMARKED' });
  });

  it('lets the keyboard reach Undo on the toast while the dialog is open', async () => {
    const { calls, user } = await markPastVisit('No show', 'NO_SHOW');
    // Sonner's hotkey moves focus to the toasts; the dialog's focus trap must not take it back.
    await user.keyboard('{Alt>}t{/Alt}');
    const undo = await screen.findByRole('button', { name: 'Undo' });
    while (document.activeElement !== undo) {
      expect(document.activeElement?.closest('[data-sonner-toaster]')).toBeInTheDocument();
      await user.tab();
    }
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Appointment updated successfully')).toBeInTheDocument();
    expect(JSON.parse(calls.find((call) => call.method === 'PATCH')!.body!)).toEqual({
      status: 'UNMARKED',
    });
  });

  it('offers the other outcomes, and Not marked within a day of the mark', async () => {
    const marked = createAppointment({
      startsInHours: -3,
      status: 'NO_SHOW',
      statusHistory: [
        createStatusEntry({
          type: 'NO_SHOW',
          timestamp: new Date(Date.now() - 3_600_000).toISOString(),
        }),
      ],
    });
    const calls = fakeApi({
      'GET /api/auth/session': sessionAs('staff'),
      'GET /api/clinics': () => json(clinics),
      [`GET /api/appointments/${marked._id}`]: () => json(marked),
      [`PATCH /api/appointments/${marked._id}/status`]: () =>
        json({ ...marked, metadata: { ...marked.metadata, status: 'COMPLETED' } }),
    });
    const user = userEvent.setup();
    renderDetails(marked);
    await openedHeader();
    await user.click(button('Correct status')!);
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Completed', 'Disqualified', 'Not marked (pending)']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Completed' }));
    await screen.findByText('Appointment updated successfully');
    expect(JSON.parse(calls.find((c) => c.method === 'PATCH')!.body!)).toEqual({
      status: 'COMPLETED',
    });
  });

  it('reads a correction in the activity as who changed which status to which', async () => {
    const appointment = createAppointment({
      startsInHours: -3,
      status: 'COMPLETED',
      statusHistory: [
        createStatusEntry({ type: 'STATUS_CORRECTED', from: 'NO_SHOW', to: 'COMPLETED' }),
      ],
    });
    serve(appointment);
    renderDetails(appointment);
    await openedHeader();
    expect(await screen.findByText('Marked status was corrected')).toBeInTheDocument();
    expect(screen.getByText('No show to Completed')).toBeInTheDocument();
    expect(screen.getByText('by Sam Ortiz')).toBeInTheDocument();
  });
});

describe('notes', { timeout: 20_000 }, () => {
  it('shows the notes typed when booking, and saves an edit', async () => {
    const appointment = createAppointment({
      metadata: {
        status: 'BOOKED',
        notes: 'Bring previous results',
        source: 'carebook',
        type: 'custom',
      },
    });
    const calls = fakeApi({
      'GET /api/auth/session': sessionAs('nurse'),
      'GET /api/clinics': () => json(clinics),
      [`GET /api/appointments/${appointment._id}`]: () => json(appointment),
      [`PATCH /api/appointments/${appointment._id}/notes`]: ({ body }) =>
        json({
          ...appointment,
          metadata: { ...appointment.metadata, notes: JSON.parse(body!).notes },
        }),
    });
    const user = userEvent.setup();
    renderDetails(appointment);
    await openedHeader();
    const notes = screen.getByRole('region', { name: 'Notes' });
    expect(within(notes).getByText('Bring previous results')).toBeInTheDocument();
    await user.click(within(notes).getByRole('button', { name: 'Edit notes' }));
    const field = within(notes).getByRole('textbox', { name: 'Notes' });
    expect(
      (within(notes).getByRole('button', { name: 'Save notes' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await user.clear(field);
    await user.type(field, '  Fasting bloods first ');
    await user.click(within(notes).getByRole('button', { name: 'Save notes' }));
    expect(await screen.findByText('Appointment updated successfully')).toBeInTheDocument();
    expect(JSON.parse(calls.find((c) => c.method === 'PATCH')!.body!)).toEqual({
      notes: 'Fasting bloods first',
    });
  });

  it('says there are none, and offers to add some', async () => {
    const appointment = createAppointment();
    serve(appointment);
    renderDetails(appointment);
    await openedHeader();
    const notes = screen.getByRole('region', { name: 'Notes' });
    expect(within(notes).getByText('No notes.')).toBeInTheDocument();
    expect(within(notes).getByRole('button', { name: 'Add notes' })).toBeInTheDocument();
  });
});

describe('details dialog texts (spec §2)', { timeout: 20_000 }, () => {
  it('shows the loading text, then the header with its defaults', async () => {
    const appointment = createAppointment({
      patient: { ...createAppointment().patient, name: '' },
      metadata: { status: '', notes: null, source: 'carebook', type: 'custom' },
    });
    serve(appointment);
    renderDetails(appointment);
    expect(screen.getByText('Loading appointment...')).toBeInTheDocument();
    await openedHeader('Unknown Patient');
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getAllByText('Scheduled').length).toBeGreaterThan(0);
    expect(within(dialog).getByText('RIVERSIDE')).toBeInTheDocument();
    expect(within(dialog).getAllByText('30 min').length).toBeGreaterThan(0);
    expect(within(dialog).getByText('No Activity Yet')).toBeInTheDocument();
    expect(within(dialog).getByText('Changes and updates will appear here')).toBeInTheDocument();
  });

  it('adds no second banner landmark to the page behind it', async () => {
    const appointment = createAppointment();
    serve(appointment);
    renderDetails(appointment);
    await openedHeader();
    expect(within(screen.getByRole('dialog')).queryByRole('banner')).toBeNull();
  });

  it('says why it could not load, with the server message or the fallback', async () => {
    const appointment = createAppointment();
    fakeApi({
      'GET /api/auth/session': sessionAs('staff'),
      'GET /api/clinics': () => json(clinics),
      [`GET /api/appointments/${appointment._id}`]: () =>
        json({ error: 'Not Found', message: 'Appointment not found' }, 404),
    });
    renderDetails(appointment);
    expect(await screen.findByText('Failed to load appointment')).toBeInTheDocument();
    expect(screen.getByText('Appointment not found')).toBeInTheDocument();
    expect(screen.getByText('Close', { selector: 'button' })).toBeInTheDocument();
    cleanup();

    fakeApi({
      'GET /api/auth/session': sessionAs('staff'),
      [`GET /api/appointments/${appointment._id}`]: () => new Response('', { status: 400 }),
    });
    renderDetails(appointment);
    expect(await screen.findByText('Failed to load appointment')).toBeInTheDocument();
    expect(screen.getByText('Failed to fetch appointment')).toBeInTheDocument();
  });
});

describe('an id that cannot be an appointment', () => {
  it('is not found, without asking the server for its wording of a malformed address', async () => {
    const calls = fakeApi({ 'GET /api/auth/session': sessionAs('staff') });
    renderWithClient(<AppointmentDetailsDialog id="not-an-id" onClose={() => {}} />, {
      toasts: true,
    });
    expect(await screen.findByText('Failed to load appointment')).toBeInTheDocument();
    expect(screen.getByText('Appointment not found')).toBeInTheDocument();
    expect(calls.some((call) => call.url.pathname.startsWith('/api/appointments/'))).toBe(false);
  });
});

describe('session link (spec §2, §8, §9)', { timeout: 20_000 }, () => {
  it('copies the link, shows "Copied!" for 2 seconds and the success toast', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const appointment = createAppointment();
    serve(appointment);
    renderDetails(appointment);
    await openedHeader();
    const link = `${window.location.origin}/session/?token=${appointment.token}`;
    expect((screen.getByLabelText('Session URL') as HTMLInputElement).value).toBe(link);
    expect(screen.getByRole('link', { name: 'Open in New Tab' }).getAttribute('href')).toBe(link);

    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(button('Copy Link')!);
    });
    expect(writeText).toHaveBeenCalledWith(link);
    expect(button('Copied!')).not.toBeNull();
    // Sonner draws a new toast on the next tick.
    act(() => vi.advanceTimersByTime(0));
    expect(screen.getByText('Meeting link copied to clipboard!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1999));
    expect(button('Copied!')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(button('Copy Link')).not.toBeNull();
    expect(button('Copied!')).toBeNull();
  });

  it('says "Failed to copy link" when the clipboard refuses', async () => {
    const appointment = createAppointment();
    serve(appointment);
    // After setup: user-event installs a clipboard of its own.
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {
      throw new DOMException('Denied', 'NotAllowedError');
    });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderDetails(appointment);
    await openedHeader();
    await user.click(button('Copy Link')!);
    expect(await screen.findByText('Failed to copy link')).toBeInTheDocument();
    expect(button('Copied!')).toBeNull();
  });
});
