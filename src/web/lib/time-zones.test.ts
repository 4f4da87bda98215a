import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserTimeZone, viewerTimeZone } from './time-zones';

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
