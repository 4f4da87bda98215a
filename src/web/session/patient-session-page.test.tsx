// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { PatientSessionView } from '@contracts/session';
import { PatientSessionPage } from './patient-session-page';
import { createPatientSessionView } from '@web/test/visit-views';

const NOW = new Date('2026-11-24T19:45:00Z');
const view = (over: Partial<PatientSessionView> = {}) =>
  createPatientSessionView({ serverNow: NOW.toISOString(), ...over });
const respond = (status: number, body: unknown) =>
  vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(JSON.stringify(body), { status })));
/** The page for link `t`, the server answering with this view. */
const showPage = (body: unknown) => {
  respond(200, body);
  render(<PatientSessionPage token="t" />);
};

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('PatientSessionPage', () => {
  it('shows the visit and a disabled Join before the window opens', async () => {
    showPage(view());
    expect(await screen.findByRole('heading', { name: 'Hello José' })).toBeInTheDocument();
    expect(screen.getByText('Riverside Family Clinic')).toBeInTheDocument();
    expect(screen.getByText(/You can join from .* \(in 5 minutes\)/)).toBeInTheDocument();
    expect(screen.getByText('Starts in 15 minutes')).toBeInTheDocument();
    const join = screen.getByRole('button', { name: 'Join your visit' }) as HTMLButtonElement;
    expect(join.disabled).toBe(true);
  });

  it('offers Join when the visit is open', async () => {
    showPage(view({ state: 'open', serverNow: '2026-11-24T19:55:00Z' }));
    const join = (await screen.findByRole('button', {
      name: 'Join your visit',
    })) as HTMLButtonElement;
    expect(join.disabled).toBe(false);
    expect(screen.getByText('Your visit is open.')).toBeInTheDocument();
  });

  it('shows exactly the server’s message for a bad link', async () => {
    respond(404, { error: 'not_found', message: 'Exactly what the server said.' });
    render(<PatientSessionPage token="nope" />);
    expect((await screen.findByRole('alert')).textContent).toBe('Exactly what the server said.');
    expect(screen.queryByRole('button', { name: 'Join your visit' })).toBeNull();
  });

  it('says a cancelled appointment was cancelled, with no Join', async () => {
    showPage(view({ state: 'cancelled', status: 'CANCELLED' }));
    expect(await screen.findByText('This appointment was cancelled.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join your visit' })).toBeNull();
  });

  it('after a cancellation offers online booking where the clinic books online', async () => {
    showPage(
      view({
        state: 'cancelled',
        status: 'CANCELLED',
        reach: { phone: null, address: null, bookOnlinePath: '/book-online/riverside' },
      }),
    );
    expect(
      await screen.findByText('To book again, choose a new time online below.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book online' })).toHaveAttribute(
      'href',
      '/book-online/riverside',
    );
  });

  it('never says to call a clinic that gave no number, and names what it gave', async () => {
    showPage(
      view({
        state: 'cancelled',
        status: 'CANCELLED',
        reach: { phone: null, address: '118 Riverside Drive', bookOnlinePath: null },
      }),
    );
    expect(
      await screen.findByText('To book again, please contact Riverside Family Clinic.'),
    ).toBeInTheDocument();
    expect(screen.getByText('118 Riverside Drive')).toBeInTheDocument();
    expect(screen.queryByText(/please call|call the clinic/i)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Book online' })).toBeNull();
    cleanup();
    // A clinic with a number: call it, the number a tap away.
    showPage(
      view({
        state: 'ended',
        serverNow: '2026-11-24T21:00:00Z',
        reach: { phone: '(555) 010-2030', address: null, bookOnlinePath: null },
      }),
    );
    expect(
      await screen.findByText(
        'If you need another appointment, please call Riverside Family Clinic.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '(555) 010-2030' })).toHaveAttribute(
      'href',
      'tel:5550102030',
    );
  });

  it('writes the Carebook footer in a colour readable on the page (WCAG AA, 4.5:1)', async () => {
    showPage(view());
    await screen.findByRole('heading', { name: 'Hello José' });
    // On slate-50 / slate-950: slate-600 is 7.2:1 and slate-400 7.7:1; slate-400 on slate-50
    // was 2.5:1, slate-500 on slate-950 4.2:1.
    const footer = screen.getByText('Carebook').className.split(' ');
    expect(footer).toContain('text-slate-600');
    expect(footer).toContain('dark:text-slate-400');
  });

  it('says when the visit has ended', async () => {
    showPage(view({ state: 'ended', serverNow: '2026-11-24T21:00:00Z' }));
    expect(await screen.findByText('This visit has ended.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join your visit' })).toBeNull();
  });

  it('confirms with one button, and says so once confirmed', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response(JSON.stringify(view()), { status: 200 }))
      .mockResolvedValueOnce(
        new Response(JSON.stringify(view({ status: 'CONFIRMED', confirmable: false })), {
          status: 200,
        }),
      )
      .mockResolvedValue(
        new Response(JSON.stringify(view({ status: 'CONFIRMED', confirmable: false })), {
          status: 200,
        }),
      );
    vi.stubGlobal('fetch', fetchMock);
    render(<PatientSessionPage token="tok" fromReminder />);
    const button = await screen.findByRole('button', { name: 'Confirm my appointment' });
    // From a reminder the button waits in focus; opening the link alone confirms nothing. The
    // focus comes from an effect, which can run after the render that showed the button.
    await waitFor(() => expect(button).toHaveFocus());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fireEvent.click(button);
    expect(
      await screen.findByText('Thank you. Your clinic now knows you will come.'),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/session/confirm');
    expect(JSON.parse(fetchMock.mock.calls[1]![1].body as string)).toEqual({ token: 'tok' });
    expect(screen.queryByRole('button', { name: 'Confirm my appointment' })).toBeNull();
  });

  it('shows the server’s reason when confirming is refused', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response(JSON.stringify(view()), { status: 200 }))
      .mockResolvedValueOnce(
        new Response(
          JSON.stringify({
            error: 'conflict',
            message: 'This appointment was cancelled, so there is nothing to confirm.',
          }),
          { status: 409 },
        ),
      );
    vi.stubGlobal('fetch', fetchMock);
    render(<PatientSessionPage token="tok" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm my appointment' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This appointment was cancelled, so there is nothing to confirm.',
    );
  });

  it('offers no confirmation once confirmed or when it cannot be', async () => {
    showPage(view({ status: 'CONFIRMED', confirmable: false }));
    expect(await screen.findByText('You have confirmed this appointment.')).toBeInTheDocument();
    cleanup();
    showPage(view({ state: 'ended', confirmable: false }));
    await screen.findByText('This visit has ended.');
    expect(screen.queryByRole('button', { name: 'Confirm my appointment' })).toBeNull();
  });
});
