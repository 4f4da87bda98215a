import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  browserTimeZone,
  filterTimeZones,
  readableTimeZone,
  timeZoneNames,
  viewerTimeZone,
} from './time-zones';

function browserSays(timeZone: string | undefined) {
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
    timeZone,
  } as Intl.ResolvedDateTimeFormatOptions);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('viewerTimeZone', () => {
  it('takes the user’s own setting first', () => {
    browserSays('Europe/Paris');
    expect(viewerTimeZone('Asia/Tokyo')).toBe('Asia/Tokyo');
  });

  it('falls back to the browser’s zone when the user set none', () => {
    browserSays('Europe/Paris');
    expect(viewerTimeZone(null)).toBe('Europe/Paris');
    expect(viewerTimeZone(undefined)).toBe('Europe/Paris');
    expect(viewerTimeZone('')).toBe('Europe/Paris');
  });

  it('falls back to UTC when the browser cannot say either', () => {
    browserSays(undefined);
    expect(viewerTimeZone(null)).toBe('UTC');
    expect(browserTimeZone()).toBe('UTC');
  });
});

describe('timeZoneNames', () => {
  it('lists the browser’s zones sorted, with UTC even where the browser leaves it out', () => {
    const zones = timeZoneNames();
    expect(zones).toContain('UTC');
    expect(zones).toContain('America/New_York');
    expect(zones).toEqual([...zones].sort());
  });
});

describe('filterTimeZones', () => {
  const zones = ['America/New_York', 'America/North_Dakota/New_Salem', 'Europe/London', 'UTC'];

  it('matches spaces as underscores and ignores case', () => {
    expect(filterTimeZones(zones, 'new york')).toEqual(['America/New_York']);
    expect(filterTimeZones(zones, 'LONDON')).toEqual(['Europe/London']);
  });

  it('ranks a city that starts with the search first, then a region, then the rest', () => {
    expect(
      filterTimeZones(['Europe/Warsaw', 'America/Argentina/Salta', 'America/Araguaina'], 'ar'),
    ).toEqual(['America/Araguaina', 'America/Argentina/Salta', 'Europe/Warsaw']);
  });

  it('gives every zone back for an empty search', () => {
    expect(filterTimeZones(zones, '  ')).toEqual(zones);
  });
});

describe('readableTimeZone', () => {
  it('reads a zone as words in a sentence, every underscore a space', () => {
    expect(readableTimeZone('America/New_York')).toBe('America/New York');
    expect(readableTimeZone('America/Argentina/Buenos_Aires')).toBe(
      'America/Argentina/Buenos Aires',
    );
    expect(readableTimeZone('America/Port_of_Spain')).toBe('America/Port of Spain');
    expect(readableTimeZone('UTC')).toBe('UTC');
  });
});
