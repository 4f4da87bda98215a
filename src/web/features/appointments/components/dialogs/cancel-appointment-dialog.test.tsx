// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { createAppointment } from '../../test/appointment-factory';
import { fakeApi } from '../../test/fake-api';
import { json } from '@web/test/api-stub';
import { renderWithClient } from '@web/test/render-with-client';
import { CancelAppointmentDialog } from './cancel-appointment-dialog';

const appointment = createAppointment({ date: '2030-03-04T14:30:00.000Z' });
const path = `/api/appointments/${appointment._id}`;

function renderDialog(onClose = vi.fn()) {
  const view = renderWithClient(
    <CancelAppointmentDialog
      open
      appointment={appointment}
      timeZone="America/New_York"
      onClose={onClose}
    />,
    { toasts: true },
  );
  return { ...view, onClose };
}

const confirm = () => screen.getByRole('button', { name: /Confirm|Cancelling\.\.\./ });

afterEach(() => {
  // Sonner keeps its toasts in module state: start every test with none.
  toast.dismiss();
  cleanup();
  vi.unstubAllGlobals();
});

describe('CancelAppointmentDialog (spec §2, §5)', { timeout: 20_000 }, () => {
  it('shows the warning, the patient and the time, and the labelled reason field', () => {
    fakeApi({});
    renderDialog();
    expect(screen.getByRole('heading', { name: 'Cancel Appointment' })).toBeInTheDocument();
    expect(screen.getByText('This action cannot be undone')).toBeInTheDocument();
    expect(screen.getByText('All parties will be notified.')).toBeInTheDocument();
    expect(screen.getByText('Maya Lindqvist')).toBeInTheDocument();
    expect(screen.getByText('Mar 4, 2030 · 9:30 AM – 10:00 AM')).toBeInTheDocument();
    const reason = screen.getByLabelText('Reason for Cancellation');
    expect(reason.getAttribute('placeholder')).toBe('Reason for cancelling...');
    expect(screen.getByRole('button', { name: 'Keep' })).toBeInTheDocument();
  });

  it('keeps Confirm disabled until the reason has more than spaces', async () => {
    fakeApi({});
    const user = userEvent.setup();
    renderDialog();
    const why = 'A reason is required to confirm: the patient and the provider are told it.';
    expect(confirm().hasAttribute('disabled')).toBe(true);
    // Said beside the field and tied to it and to Confirm, not only shown by a pale button.
    const field = screen.getByLabelText('Reason for Cancellation');
    expect(field.getAttribute('aria-describedby')).toBe(screen.getByText(why).id);
    expect(confirm().getAttribute('aria-describedby')).toBe(screen.getByText(why).id);
    await user.type(field, '   ');
    expect(confirm().hasAttribute('disabled')).toBe(true);
    await user.type(field, 'x');
    expect(confirm().hasAttribute('disabled')).toBe(false);
    expect(screen.queryByText(why)).toBeNull();
    expect(confirm().hasAttribute('aria-describedby')).toBe(false);
  });

  it('sends the reason trimmed, reads "Cancelling..." meanwhile, then confirms and closes', async () => {
    let answer!: (response: Response) => void;
    const calls = fakeApi({
      [`POST ${path}`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const user = userEvent.setup();
    const { onClose, client } = renderDialog();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    await user.type(screen.getByLabelText('Reason for Cancellation'), '  Patient is travelling  ');
    await user.click(confirm());

    await waitFor(() => expect(confirm().textContent).toBe('Cancelling...'));
    expect(confirm().hasAttribute('disabled')).toBe(true);
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url.search).toBe('?action=cancel');
    expect(JSON.parse(post.body!)).toEqual({ reason: 'Patient is travelling' });

    answer(json({ ...appointment, metadata: { ...appointment.metadata, status: 'CANCELLED' } }));
    expect(await screen.findByText('Appointment canceled successfully')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['appointments'] });
  });

  it('shows the server message, or the fallback, and stays open', async () => {
    fakeApi({
      [`POST ${path}`]: () =>
        json({ error: 'Conflict', message: 'This appointment was already cancelled.' }, 409),
    });
    const user = userEvent.setup();
    const { onClose } = renderDialog();
    await user.type(screen.getByLabelText('Reason for Cancellation'), 'Ill');
    await user.click(confirm());
    expect(await screen.findByText('This appointment was already cancelled.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(confirm().textContent).toBe('Confirm');
    cleanup();

    fakeApi({ [`POST ${path}`]: () => new Response('', { status: 422 }) });
    renderDialog();
    await user.type(screen.getByLabelText('Reason for Cancellation'), 'Ill');
    await user.click(confirm());
    expect(await screen.findByText('Failed to cancel appointment')).toBeInTheDocument();
  });

  it('refuses what the server would refuse, beside the field, without sending it', async () => {
    const calls = fakeApi({});
    const user = userEvent.setup();
    renderDialog();
    const field = screen.getByLabelText('Reason for Cancellation');
    await user.type(field, 'Moved \u202Eabroad');
    await user.click(confirm());
    const problem = 'The reason must not contain characters that reverse the direction of text';
    expect(await screen.findByText(problem)).toBeInTheDocument();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toContain(screen.getByText(problem).id);
    expect(document.activeElement).toBe(field);
    expect(calls).toHaveLength(0);
  });

  it('Keep closes without calling the server', async () => {
    const calls = fakeApi({});
    const user = userEvent.setup();
    const { onClose } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Keep' }));
    expect(onClose).toHaveBeenCalled();
    expect(calls).toHaveLength(0);
  });
});
