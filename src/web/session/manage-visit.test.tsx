// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { PatientSessionView } from '@contracts/session';
import { ManageVisit } from './manage-visit';
import { json } from '@web/test/api-stub';
import { cleanUpAfterEach } from '@web/test/render-with-client';

const NOW = new Date('2026-11-23T12:00:00Z');
const allowed = { allowed: true, refusal: null };
const view = (over: Partial<PatientSessionView> = {}): PatientSessionView => ({
  appointmentId: 'a1',
  clinic: { name: 'Riverside Family Clinic', timezone: 'America/New_York' },
  provider: { name: 'Dr. Priya Raman' },
  patient: { firstName: 'José' },
  start: '2026-11-25T15:00:00.000Z',
  durationMinutes: 30,
  status: 'BOOKED',
  state: 'too_early',
  joinOpensAt: '2026-11-25T14:50:00.000Z',
  joinClosesAt: '2026-11-25T15:45:00.000Z',
  serverNow: NOW.toISOString(),
  confirmable: true,
  reach: { phone: '(555) 010-2030', address: null, bookOnlinePath: null },
  cancellation: null,
  selfService: {
    reschedule: allowed,
    cancel: allowed,
    closed: null,
    cutoffAt: '2026-11-24T15:00:00.000Z',
    horizonEnd: '2027-02-21T12:00:00.000Z',
  },
  ...over,
});
cleanUpAfterEach();

function renderManage(v: PatientSessionView, onChanged = vi.fn()) {
  render(
    <ManageVisit token="tok" view={v} timeZone="America/Chicago" now={NOW} onChanged={onChanged} />,
  );
  return onChanged;
}

describe('ManageVisit', () => {
  it('offers Reschedule, Cancel and the calendar while the policy allows, with the cut-off', () => {
    renderManage(view());
    expect(screen.getByRole('button', { name: 'Reschedule' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel appointment' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Online changes are possible until Tuesday, November 24, 2026 at 9:00 AM Central Time.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
      'href',
      '/api/session/calendar.ics?token=tok',
    );
  });

  it('after the cut-off says why once, and gives the clinic’s number to call', () => {
    const closed =
      'Online changes close 24 hours before the visit. To have your appointment moved or cancelled now, please call the clinic.';
    renderManage(
      view({
        selfService: {
          reschedule: { allowed: false, refusal: 'moved…' },
          cancel: { allowed: false, refusal: 'cancelled…' },
          closed,
          cutoffAt: '2026-11-24T15:00:00.000Z',
          horizonEnd: '2027-02-21T12:00:00.000Z',
        },
      }),
    );
    expect(screen.getByText(closed)).toBeInTheDocument();
    expect(screen.queryByText('moved…')).toBeNull();
    expect(screen.getByRole('link', { name: '(555) 010-2030' })).toHaveAttribute(
      'href',
      'tel:5550102030',
    );
    expect(screen.queryByRole('button', { name: 'Reschedule' })).toBeNull();
  });

  it('without a number, gives the clinic’s address, and no booking beside a booked visit', () => {
    const closed =
      'Your clinic does not take online changes. To have your appointment moved or cancelled, please contact the clinic.';
    renderManage(
      view({
        reach: {
          phone: null,
          address: '118 Riverside Drive\nNew York, NY 10024',
          bookOnlinePath: '/book-online/riverside',
        },
        selfService: {
          reschedule: { allowed: false, refusal: closed },
          cancel: { allowed: false, refusal: closed },
          closed,
          cutoffAt: '2026-11-24T15:00:00.000Z',
          horizonEnd: '2027-02-21T12:00:00.000Z',
        },
      }),
    );
    const reach = screen.getByRole('group', { name: 'How to reach Riverside Family Clinic' });
    expect(reach.textContent).toBe(
      'Riverside Family Clinic118 Riverside Drive\nNew York, NY 10024',
    );
    expect(screen.queryByRole('link', { name: /^tel:/ })).toBeNull();
    expect(screen.queryByText(/call/i)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Book online' })).toBeNull();
  });

  it('a time taken meanwhile shows the server’s words and fresh times', async () => {
    const slotsFirst = {
      timezone: 'America/Chicago',
      slots: [
        { start: '2026-11-25T16:00:00.000Z', end: '2026-11-25T16:30:00.000Z' },
        { start: '2026-11-25T17:00:00.000Z', end: '2026-11-25T17:30:00.000Z' },
      ],
    };
    const slotsAfter = { timezone: 'America/Chicago', slots: [slotsFirst.slots[1]] };
    const taken = 'This time was just booked by someone else. Pick another slot.';
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json(slotsFirst, 200))
      .mockResolvedValueOnce(json({ error: 'conflict', message: taken }, 409))
      .mockResolvedValueOnce(json(slotsAfter, 200));
    vi.stubGlobal('fetch', fetchMock);
    const onChanged = renderManage(view());
    fireEvent.click(screen.getByRole('button', { name: 'Reschedule' }));
    expect(
      screen.getByText(/in your time zone: Central Standard Time \(America\/Chicago\)/),
    ).toBeInTheDocument();
    const day = await screen.findByRole('group', { name: 'Wednesday, November 25, 2026' });
    fireEvent.click(within(day).getByRole('button', { name: '10:00 AM' }));
    fireEvent.click(
      screen.getByRole('button', { name: 'Move to Wednesday, November 25, 2026, 10:00 AM' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(taken);
    await waitFor(() => expect(screen.queryByRole('button', { name: '10:00 AM' })).toBeNull());
    expect(screen.getByRole('button', { name: '11:00 AM' })).toBeInTheDocument();
    expect(onChanged).not.toHaveBeenCalled();
    const [slotsUrl] = fetchMock.mock.calls[0] as [string];
    expect(slotsUrl).toContain('timezone=America%2FChicago');
    expect(slotsUrl).toContain('from=2026-11-23&to=2026-12-06');
    const [, moveInit] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(JSON.parse(moveInit.body as string)).toEqual({
      start: '2026-11-25T16:00:00.000Z',
      token: 'tok',
    });
  });

  it('cancels after a confirmation, sending the reason', async () => {
    const cancelled = view({ state: 'cancelled', status: 'CANCELLED' });
    const fetchMock = vi.fn().mockResolvedValue(json(cancelled, 200));
    vi.stubGlobal('fetch', fetchMock);
    const onChanged = renderManage(view());
    fireEvent.click(screen.getByRole('button', { name: 'Cancel appointment' }));
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Reason (optional)'), {
      target: { value: 'Feeling better' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel my appointment' }));
    await waitFor(() =>
      expect(onChanged).toHaveBeenCalledWith(cancelled, 'Your appointment was cancelled.'),
    );
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/session/cancel');
    expect(JSON.parse(init.body as string)).toEqual({ reason: 'Feeling better', token: 'tok' });
  });
});
