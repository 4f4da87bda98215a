import { describe, expect, it } from 'vitest';
import { classifyOccurrences } from './series-preview';
import { booking, createAgent, createQuery, createSchedule } from './test-factories';

const starts = (...isos: string[]) => isos.map((iso) => new Date(iso));

describe('classifyOccurrences', () => {
  it('names each kind of conflict by the single-booking rules', () => {
    const schedule = {
      ...createSchedule('America/New_York'),
      overrides: [{ date: '2026-12-08', kind: 'off' as const }],
    };
    const query = createQuery({
      agents: [createAgent({ schedule })],
      bookings: [booking('2026-11-24T14:00:00Z', '2026-11-24T14:30:00Z')],
      now: new Date('2026-11-20T12:00:00Z'),
      horizonDays: 30,
    });
    const statuses = classifyOccurrences(
      query,
      'agent-ana',
      starts(
        '2026-11-17T14:00:00Z', // already past
        '2026-11-24T14:00:00Z', // another appointment at 9:00 AM
        '2026-12-01T14:00:00Z', // free
        '2026-12-08T14:00:00Z', // a day off
        '2026-12-15T02:00:00Z', // 9:00 PM the evening before: outside hours
        '2026-12-29T14:00:00Z', // past the 30-day horizon
      ),
      30,
    );
    expect(statuses).toEqual([
      'too_soon',
      'taken',
      'free',
      'time_off',
      'outside_hours',
      'beyond_horizon',
    ]);
  });

  it('does not offer two occurrences of one series that overlap each other', () => {
    const query = createQuery({ now: new Date('2026-11-20T12:00:00Z') });
    const statuses = classifyOccurrences(
      query,
      'agent-ana',
      starts('2026-11-23T09:00:00Z', '2026-11-23T09:30:00Z', '2026-11-23T10:00:00Z'),
      60,
    );
    expect(statuses).toEqual(['free', 'taken', 'free']);
  });
});
