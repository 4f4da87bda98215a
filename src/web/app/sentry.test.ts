import { describe, expect, it } from 'vitest';
import { routes } from './router';
import { routeNameFor } from './sentry';

describe('routeNameFor', () => {
  it('names spans by route pattern, keeping ids out', () => {
    expect(routeNameFor('/admin/agents/7c1e/availability', routes)).toBe(
      '/admin/agents/:id/availability',
    );
    expect(routeNameFor('/session/abc123', routes)).toBe('/session/:id');
    expect(routeNameFor('/appointments', routes)).toBe('/appointments');
    expect(routeNameFor('/', routes)).toBe('/');
  });

  it('leaves unknown addresses to the default naming', () => {
    expect(routeNameFor('/no/such/page', routes)).toBeUndefined();
  });
});
