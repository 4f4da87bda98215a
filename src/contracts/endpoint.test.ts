import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, errorStatusesOf } from './endpoint';

const base = {
  operationId: 'x',
  summary: 'x',
  tag: 'System',
  responses: { 200: z.object({}) },
} as const;

describe('the errors an endpoint documents', () => {
  it('are the server-side ones alone for a public call that takes nothing', () => {
    const health = defineEndpoint({ ...base, method: 'GET', path: '/h', access: 'public' });
    expect(errorStatusesOf(health)).toEqual([408, 500, 503]);
  });

  it('add bad input, sign-in, permission, body size and type, and its own, in order', () => {
    const cancel = defineEndpoint({
      ...base,
      method: 'POST',
      path: '/a/:id',
      access: 'authenticated',
      params: z.object({ id: z.string() }),
      body: z.object({ reason: z.string() }),
      errors: [409, 404],
    });
    expect(errorStatusesOf(cancel)).toEqual([400, 401, 403, 404, 408, 409, 413, 415, 500, 503]);
  });

  it('include the 403 of a change sent from another site, even where anyone may make it', () => {
    const signOut = defineEndpoint({ ...base, method: 'POST', path: '/o', access: 'public' });
    expect(errorStatusesOf(signOut)).toEqual([403, 408, 500, 503]);
  });

  it('leave out a status the endpoint answers with its own body', () => {
    const health = defineEndpoint({
      ...base,
      method: 'GET',
      path: '/h',
      access: 'public',
      responses: { 200: z.object({}), 503: z.object({}) },
    });
    expect(errorStatusesOf(health)).toEqual([408, 500]);
  });
});
