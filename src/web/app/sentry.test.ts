import { describe, expect, it } from 'vitest';
import { routeNameFor } from './sentry';

describe('routeNameFor', () => {
  it('names spans by route pattern, keeping ids out', () => {
    expect(routeNameFor('/admin/agents/7c1e/availability')).toBe('/admin/agents/:id/availability');
    expect(routeNameFor('/session/abc123')).toBe('/session/:id');
    expect(routeNameFor('/appointments')).toBe('/appointments');
    expect(routeNameFor('/')).toBe('/');
  });

  it('leaves unknown addresses to the default naming', () => {
    expect(routeNameFor('/no/such/page')).toBeUndefined();
  });
});
