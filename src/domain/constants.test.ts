import { describe, expect, it } from 'vitest';
import * as constants from './constants';

describe('constants (spec §2 and §9)', () => {
  it.each([
    ['DEFAULT_DURATION_MINUTES', 30],
    ['DEFAULT_TIMEZONE', 'UTC'],
    ['DEFAULT_PAGE_SIZE', 20],
    ['APPOINTMENT_METADATA_TYPE', 'custom'],
    ['JOIN_OPENS_MINUTES_BEFORE', 10],
    ['COPIED_INDICATOR_MS', 2000],
    ['MOBILE_BREAKPOINT_PX', 768],
    ['SIDEBAR_COOKIE_NAME', 'sidebar_state'],
    ['SIDEBAR_COOKIE_MAX_AGE', 604_800],
    ['SIDEBAR_COOKIE_PATH', '/'],
    ['SIDEBAR_WIDTH', '16rem'],
    ['SIDEBAR_WIDTH_MOBILE', '18rem'],
    ['SIDEBAR_WIDTH_ICON', '3rem'],
  ] as const)('%s is %j', (name, value) => {
    expect(constants[name]).toBe(value);
  });

  it('default business hours are 09:00–17:00', () => {
    expect(constants.DEFAULT_BUSINESS_HOURS).toEqual({ start: '09:00', end: '17:00' });
  });

  it('the sidebar cookie lives seven days', () => {
    expect(constants.SIDEBAR_COOKIE_MAX_AGE).toBe(7 * 24 * 60 * 60);
  });

  it('toasts: 4000 ms, 3 visible, 14px gap, 356px wide, bottom right', () => {
    expect(constants.TOAST).toEqual({
      duration: 4000,
      visibleToasts: 3,
      gap: 14,
      width: 356,
      position: 'bottom-right',
    });
  });

  it.each([
    ['lists', 5, 10],
    ['detail', 2, 10],
    ['counts', 2, 5],
  ] as const)('%s are fresh for %i min and kept for %i min', (kind, fresh, kept) => {
    expect(constants.FRESHNESS[kind]).toEqual({
      staleTimeMs: fresh * 60_000,
      gcTimeMs: kept * 60_000,
    });
  });

  it('keeps data at least as long as it stays fresh', () => {
    for (const { staleTimeMs, gcTimeMs } of Object.values(constants.FRESHNESS)) {
      expect(gcTimeMs).toBeGreaterThanOrEqual(staleTimeMs);
    }
  });
});
