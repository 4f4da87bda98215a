import { describe, expect, it } from 'vitest';
import { rangeTitle, stepAnchor, visibleRange } from './calendar-range';

describe('visibleRange', () => {
  it('gives one day for the day view', () => {
    expect(visibleRange('day', '2026-11-23')).toEqual({ first: '2026-11-23', last: '2026-11-23' });
  });

  it('starts weeks on Sunday', () => {
    expect(visibleRange('week', '2026-11-23')).toEqual({ first: '2026-11-22', last: '2026-11-28' });
    expect(visibleRange('week', '2026-11-22')).toEqual({ first: '2026-11-22', last: '2026-11-28' });
    expect(visibleRange('week', '2026-11-28')).toEqual({ first: '2026-11-22', last: '2026-11-28' });
  });

  it('covers the month in whole Sunday-to-Saturday weeks', () => {
    // November 2026 begins on a Sunday and ends on a Monday.
    expect(visibleRange('month', '2026-11-15')).toEqual({
      first: '2026-11-01',
      last: '2026-12-05',
    });
    // February 2026 begins on a Sunday and ends on a Saturday: exactly four weeks.
    expect(visibleRange('month', '2026-02-10')).toEqual({
      first: '2026-02-01',
      last: '2026-02-28',
    });
  });
});

describe('stepAnchor', () => {
  it('moves by a day, a week or a month', () => {
    expect(stepAnchor('day', '2026-12-31', 1)).toBe('2027-01-01');
    expect(stepAnchor('week', '2026-11-23', -1)).toBe('2026-11-16');
    expect(stepAnchor('month', '2026-11-23', 1)).toBe('2026-12-23');
    expect(stepAnchor('month', '2026-01-15', -1)).toBe('2025-12-15');
  });

  it('keeps to the end of a shorter month', () => {
    expect(stepAnchor('month', '2026-01-31', 1)).toBe('2026-02-28');
    expect(stepAnchor('month', '2028-03-31', -1)).toBe('2028-02-29');
  });
});

describe('rangeTitle', () => {
  it.each([
    ['day', '2026-11-23', 'Monday, November 23, 2026'],
    ['week', '2026-11-23', 'Nov 22 – 28, 2026'],
    ['week', '2026-12-01', 'Nov 29 – Dec 5, 2026'],
    ['week', '2026-12-30', 'Dec 27, 2026 – Jan 2, 2027'],
    ['month', '2026-11-23', 'November 2026'],
    ['list', '2026-11-23', 'Nov 22 – 28, 2026'],
  ] as const)('%s of %s reads %j', (view, anchor, title) => {
    expect(rangeTitle(view, anchor)).toBe(title);
  });
});

describe('the Rooms view (issue 42)', () => {
  it('shows, steps and names one day, as the day view does', () => {
    expect(visibleRange('resources', '2026-11-23')).toEqual({
      first: '2026-11-23',
      last: '2026-11-23',
    });
    expect(stepAnchor('resources', '2026-11-30', 1)).toBe('2026-12-01');
    expect(stepAnchor('resources', '2026-11-23', -1)).toBe('2026-11-22');
    expect(rangeTitle('resources', '2026-11-24')).toBe('Tuesday, November 24, 2026');
  });
});
