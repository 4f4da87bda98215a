import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, defineRoute } from '@contracts/endpoint';
import { getAppointmentRoute } from '@contracts/routes/appointments';
import { json, stubApi } from '@web/test/api-stub';
import { callEndpoint, endpointPath } from './endpoint-client';

const thing = defineEndpoint({
  method: 'PUT',
  path: '/api/things/:id',
  operationId: 'updateThing',
  summary: 'Update a thing',
  tag: 'System',
  access: 'authenticated',
  params: z.object({ id: z.string() }),
  query: z.object({ dry: z.string().optional() }),
  body: z.object({ name: z.string() }),
  responses: { 200: z.object({ id: z.string(), name: z.string() }) },
});

afterEach(() => vi.unstubAllGlobals());

const answer = (body: unknown, status = 200) => stubApi(() => json(body, status));

describe('calling an endpoint through its contract', () => {
  it('fills and encodes the path, and refuses to call without a parameter it needs', () => {
    expect(endpointPath(thing.path, { id: 'a b/c' })).toBe('/api/things/a%20b%2Fc');
    expect(() => endpointPath(thing.path, {})).toThrow('Missing path parameter id');
    // The type check refuses a call without the parts the endpoint needs.
    // @ts-expect-error the path needs its id
    const withoutId = () => callEndpoint(thing, { body: { name: 'New' } });
    expect(withoutId).toBeTypeOf('function');
  });

  it('sends the contract’s method, path, query and body', async () => {
    const fetch = answer({ id: '7', name: 'New' });
    const result = await callEndpoint(thing, {
      params: { id: '7' },
      query: { dry: '1' },
      body: { name: 'New' },
    });
    expect(result).toEqual({ id: '7', name: 'New' });
    expect(fetch).toHaveBeenCalledWith(
      '/api/things/7?dry=1',
      expect.objectContaining({ method: 'PUT', body: JSON.stringify({ name: 'New' }) }),
    );
  });

  it('fails loudly in tests when the answer has drifted from the contract', async () => {
    answer({ id: 7 });
    await expect(
      callEndpoint(thing, { params: { id: '7' }, body: { name: 'New' } }),
    ).rejects.toThrow(/updateThing does not match its contract \(id: /);
  });

  it('turns an error answer into the error a person reads', async () => {
    answer({ error: 'conflict', message: 'This time was just booked.' }, 409);
    await expect(
      callEndpoint(thing, { params: { id: '7' }, body: { name: 'New' } }),
    ).rejects.toMatchObject({ status: 409, message: 'This time was just booked.' });
  });

  it('calls by a route alone, and still checks the answer against the route’s contract', async () => {
    const fetch = answer({ _id: 'a1' });
    await expect(callEndpoint(getAppointmentRoute, { params: { id: 'a1' } })).rejects.toThrow(
      /getAppointment does not match its contract/,
    );
    expect(fetch).toHaveBeenCalledWith(
      '/api/appointments/a1',
      expect.objectContaining({ method: 'GET' }),
    );
  });

  it('refuses, in types and at run time, a route no contract has', async () => {
    answer({});
    const stray = defineRoute({ method: 'GET', path: '/api/stray', operationId: 'stray' });
    // @ts-expect-error no contract has this operation, so nothing says what to send
    await expect(callEndpoint(stray, {})).rejects.toThrow('No contract has the operation stray');
  });
});
