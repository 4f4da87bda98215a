import { describe, expect, it } from 'vitest';
import { clearFilters, hasActiveFilters, parseFilters, withFilter } from './appointment-filters';

const params = (query: string) => new URLSearchParams(query);

describe('appointment filters in the URL', () => {
  it('reads every filter, with "all" when the status is missing or unknown', () => {
    expect(
      parseFilters(
        params(
          'status=no_show&clinic=riverside&patientEmail=a%40b.c&dateFrom=2026-11-01&dateTo=2026-11-30&staffId=s1&search=maya',
        ),
      ),
    ).toEqual({
      status: 'no_show',
      clinic: 'riverside',
      patientEmail: 'a@b.c',
      dateFrom: '2026-11-01',
      dateTo: '2026-11-30',
      staffId: 's1',
      search: 'maya',
    });
    expect(parseFilters(params('status=everything')).status).toBe('all');
    expect(parseFilters(params('')).status).toBe('all');
  });

  it('ignores blank values and dates that are not YYYY-MM-DD', () => {
    expect(parseFilters(params('search=%20%20&dateFrom=11/01/2026&dateTo=2026-11-30'))).toEqual({
      status: 'all',
      dateTo: '2026-11-30',
    });
  });

  it('writes one change, leaving "all" and empty values out and the open dialog in', () => {
    const start = params('view=abc&clinic=riverside');
    expect(withFilter(start, 'status', 'upcoming').toString()).toBe(
      'view=abc&clinic=riverside&status=upcoming',
    );
    expect(withFilter(params('status=pending'), 'status', 'all').toString()).toBe('');
    expect(withFilter(start, 'search', '  maya  ').get('search')).toBe('maya');
    expect(withFilter(params('search=maya'), 'search', '   ').has('search')).toBe(false);
  });

  it('forgets the staff choice when the clinic changes, not otherwise', () => {
    const start = params('clinic=riverside&staffId=s1');
    expect(withFilter(start, 'clinic', 'camden').has('staffId')).toBe(false);
    expect(withFilter(start, 'clinic', undefined).has('staffId')).toBe(false);
    expect(withFilter(start, 'clinic', 'riverside').get('staffId')).toBe('s1');
    expect(withFilter(start, 'search', 'x').get('staffId')).toBe('s1');
  });

  it('clears the filters but keeps the status and the open appointment', () => {
    const cleared = clearFilters(params('status=completed&view=abc&clinic=riverside&search=maya'));
    expect(cleared.toString()).toBe('status=completed&view=abc');
    expect(hasActiveFilters(parseFilters(cleared))).toBe(false);
    expect(hasActiveFilters(parseFilters(params('dateTo=2026-11-30')))).toBe(true);
  });
});
