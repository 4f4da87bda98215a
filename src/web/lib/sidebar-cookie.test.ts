// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSidebarCookie, writeSidebarCookie } from './sidebar-cookie';

afterEach(() => {
  vi.restoreAllMocks();
  document.cookie = 'sidebar_state=; path=/; max-age=0';
});

describe('sidebar cookie (spec §2)', () => {
  it('reads true and false among other cookies', () => {
    expect(readSidebarCookie('theme=dark; sidebar_state=false; other=1')).toBe(false);
    expect(readSidebarCookie('sidebar_state=true')).toBe(true);
  });

  it('reads nothing when the cookie is absent or not a boolean', () => {
    expect(readSidebarCookie('')).toBeUndefined();
    expect(readSidebarCookie('sidebar_state=maybe')).toBeUndefined();
    expect(readSidebarCookie('my_sidebar_state=true')).toBeUndefined();
  });

  it('writes sidebar_state with path / and a 7-day max-age', () => {
    const setter = vi.spyOn(Document.prototype, 'cookie', 'set');
    writeSidebarCookie(false);
    const written = String(setter.mock.calls[0]?.[0]);
    expect(written).toMatch(/^sidebar_state=false;/);
    expect(written).toContain('path=/');
    expect(written).toContain('max-age=604800');
  });

  it('round-trips through document.cookie', () => {
    writeSidebarCookie(false);
    expect(readSidebarCookie()).toBe(false);
    writeSidebarCookie(true);
    expect(readSidebarCookie()).toBe(true);
  });
});
