import { describe, expect, it } from 'vitest';
import { NO_REPEAT, ruleOf, skippedDates } from './repeat-section';

describe('ruleOf', () => {
  it('is null for no repeat and for an end the server would refuse', () => {
    expect(ruleOf(NO_REPEAT, '2026-11-24')).toBeNull();
    const weekly = { ...NO_REPEAT, choice: 'weekly' as const };
    expect(ruleOf({ ...weekly, count: 0 }, '2026-11-24')).toBeNull();
    expect(ruleOf({ ...weekly, count: 53 }, '2026-11-24')).toBeNull();
    expect(ruleOf({ ...weekly, count: Number.NaN }, '2026-11-24')).toBeNull();
    expect(ruleOf({ ...weekly, ends: 'until', until: '2026-11-23' }, '2026-11-24')).toBeNull();
  });

  it('builds the rule of each end', () => {
    const weekly = { ...NO_REPEAT, choice: 'weekly' as const };
    expect(ruleOf(weekly, '2026-11-24')).toBe('FREQ=WEEKLY;COUNT=6');
    expect(ruleOf({ ...weekly, ends: 'until', until: '2027-01-05' }, '2026-11-24')).toBe(
      'FREQ=WEEKLY;UNTIL=20270105',
    );
    expect(ruleOf({ ...NO_REPEAT, choice: 'monthly_weekday' }, '2026-11-10')).toBe(
      'FREQ=MONTHLY;BYDAY=+2TU;COUNT=6',
    );
  });
});

describe('skippedDates', () => {
  it('skips every date that is not free, and the free ones unticked', () => {
    const occurrence = (localDate: string, status: 'free' | 'taken' | 'time_off') => ({
      index: 1,
      date: `${localDate}T15:00:00.000Z`,
      localDate,
      localTime: '10:00',
      status,
    });
    const preview = {
      preview: true as const,
      timezone: 'America/New_York',
      occurrences: [
        occurrence('2026-11-24', 'free'),
        occurrence('2026-12-01', 'taken'),
        occurrence('2026-12-08', 'free'),
        occurrence('2026-12-15', 'time_off'),
      ],
    };
    expect(skippedDates(preview, { ...NO_REPEAT, excluded: ['2026-12-08'] })).toEqual([
      '2026-12-01',
      '2026-12-08',
      '2026-12-15',
    ]);
  });
});
