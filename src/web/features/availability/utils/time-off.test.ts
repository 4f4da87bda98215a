import { describe, expect, it } from 'vitest';
import { timeOffEntries, withDaysOff, withExtraHours, withoutEntry } from './time-off';

describe('time off', () => {
  it('shows consecutive days off as one run and a date with its own hours apart', () => {
    let overrides = withDaysOff([], '2026-12-24', '2026-12-26');
    overrides = withDaysOff(overrides, '2026-12-31', '2026-12-31');
    const added = withExtraHours(overrides, '2026-12-28', { start: '10:00', end: '12:00' }, true);
    if (!('overrides' in added)) throw new Error(added.problem);
    const entries = timeOffEntries(added.overrides);
    expect(entries).toEqual([
      {
        kind: 'off',
        from: '2026-12-24',
        to: '2026-12-26',
        dates: ['2026-12-24', '2026-12-25', '2026-12-26'],
      },
      {
        kind: 'hours',
        date: '2026-12-28',
        segments: [{ start: '10:00', end: '12:00' }],
        onlyThese: true,
      },
      { kind: 'off', from: '2026-12-31', to: '2026-12-31', dates: ['2026-12-31'] },
    ]);
    // Removing the hours entry takes its day off with it; removing a run takes the whole run.
    expect(timeOffEntries(withoutEntry(added.overrides, entries[1]!))).toHaveLength(2);
    expect(withoutEntry(added.overrides, entries[0]!).filter((o) => o.kind === 'off')).toEqual([
      { date: '2026-12-28', kind: 'off' },
      { date: '2026-12-31', kind: 'off' },
    ]);
  });

  it('refuses extra hours that overlap hours already on that date, or have no length', () => {
    const first = withExtraHours([], '2026-12-28', { start: '09:00', end: '12:00' }, false);
    if (!('overrides' in first)) throw new Error(first.problem);
    expect(
      withExtraHours(first.overrides, '2026-12-28', { start: '11:00', end: '13:00' }, false),
    ).toEqual({
      problem: 'Extra hours on Dec 28, 2026 overlap',
    });
    expect(withExtraHours([], '2026-12-28', { start: '11:00', end: '11:00' }, false)).toEqual({
      problem: 'Extra hours on Dec 28, 2026: end time must differ from start time',
    });
    const other = withExtraHours(
      first.overrides,
      '2026-12-29',
      { start: '11:00', end: '13:00' },
      false,
    );
    expect('overrides' in other && other.overrides).toHaveLength(2);
  });
});
