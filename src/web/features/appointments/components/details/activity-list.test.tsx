// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { HistoryEntryView } from '@contracts/appointments';
import { ActivityList } from './activity-list';

const entry = (over: Partial<HistoryEntryView> & { type: string }): HistoryEntryView => ({
  timestamp: '2026-11-20T15:00:00.000Z',
  reason: null,
  from: null,
  to: null,
  by: null,
  ...over,
});

afterEach(cleanup);

function items() {
  return within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((li) => [...li.querySelectorAll('p')].map((p) => p.textContent));
}

describe('ActivityList (spec §4)', () => {
  it('says so when there is no history yet', () => {
    render(<ActivityList history={[]} timeZone="UTC" />);
    expect(screen.getByText('No Activity Yet')).toBeInTheDocument();
    expect(screen.getByText('Changes and updates will appear here')).toBeInTheDocument();
  });

  it('writes each entry in the words of the spec, newest first', () => {
    const types = [
      'BOOKED',
      'AUTO_BOOKED',
      'RESCHEDULE',
      'REASSIGN',
      'CANCELLED',
      'COMPLETED',
      'NO_SHOW',
      'PATIENT_JOINED',
      'DISQUALIFIED',
    ];
    // Oldest first on the wire, one minute apart.
    const history = types.map((type, i) =>
      entry({ type, timestamp: new Date(Date.UTC(2026, 10, 20, 15, i)).toISOString() }),
    );
    render(<ActivityList history={history} timeZone="UTC" />);
    expect(items().map((lines) => lines[0])).toEqual([
      'Status updated to DISQUALIFIED',
      'Patient joined the appointment',
      'Patient did not attend',
      'Appointment completed successfully',
      'Appointment was cancelled',
      'Appointment was reassigned',
      'Appointment was rescheduled',
      'Appointment was successfully booked',
      'Appointment was successfully booked',
    ]);
  });

  it('adds the reason, "{from} to {to}" and "by {by}", with moved times in the viewer’s zone', () => {
    render(
      <ActivityList
        timeZone="America/New_York"
        history={[
          entry({
            type: 'CANCELLED',
            reason: 'Patient is travelling',
            by: 'Sam Ortiz',
            timestamp: '2026-11-21T10:00:00.000Z',
          }),
          entry({
            type: 'RESCHEDULE',
            from: '2026-11-24T14:00:00.000Z',
            to: '2026-11-25T19:30:00.000Z',
            by: 'Alex Morgan',
            timestamp: '2026-11-21T09:00:00.000Z',
          }),
          entry({
            type: 'REASSIGN',
            from: 'Dr. Marcus Bell',
            to: 'Nora Kelly, RN',
            timestamp: '2026-11-21T08:00:00.000Z',
          }),
        ]}
      />,
    );
    expect(items()).toEqual([
      ['Appointment was cancelled (Patient is travelling)', 'by Sam Ortiz'],
      [
        'Appointment was rescheduled',
        'Nov 24, 2026, 9:00 AM to Nov 25, 2026, 2:30 PM',
        'by Alex Morgan',
      ],
      ['Appointment was reassigned', 'Dr. Marcus Bell to Nora Kelly, RN'],
    ]);
    expect(screen.getAllByText(/Nov 21, 2026 at/)[0]!.tagName).toBe('TIME');
  });
});
