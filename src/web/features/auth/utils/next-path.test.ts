import { describe, expect, it } from 'vitest';
import { loginPathFor, safeNextPath } from './next-path';

describe('safeNextPath', () => {
  it.each([
    ['/calendar', '/calendar'],
    ['/calendar?view=week&date=2026-11-21', '/calendar?view=week&date=2026-11-21'],
    ['/admin/agents/42/availability', '/admin/agents/42/availability'],
    ['/appointments#upcoming', '/appointments#upcoming'],
    ['/', '/'],
  ])('keeps the same-site path %s', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['calendar'],
    ['https://evil.example/phish'],
    ['//evil.example/phish'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['javascript:alert(1)'],
    [' /calendar'],
    ['/auth/login'],
    ['/auth/login?next=%2Fcalendar'],
    [`/${'a'.repeat(3000)}`],
  ])('falls back to the dashboard for %j', (next) => {
    expect(safeNextPath(next)).toBe('/dashboard');
  });

  it('normalises dot segments instead of passing them on', () => {
    expect(safeNextPath('/admin/../calendar')).toBe('/calendar');
  });
});

describe('loginPathFor', () => {
  it('carries the path and query as `next`', () => {
    expect(loginPathFor({ pathname: '/calendar', search: '?view=week' })).toBe(
      '/auth/login?next=%2Fcalendar%3Fview%3Dweek',
    );
  });

  it('round-trips through safeNextPath', () => {
    const location = { pathname: '/appointments', search: '?status=upcoming&clinic=riverside' };
    const next = new URL(loginPathFor(location), 'http://x').searchParams.get('next');
    expect(safeNextPath(next)).toBe('/appointments?status=upcoming&clinic=riverside');
  });

  it('leaves `next` out when the path could not be used anyway', () => {
    expect(loginPathFor({ pathname: '//evil.example' })).toBe('/auth/login');
  });
});
