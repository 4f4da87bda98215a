import { afterEach, describe, expect, it, vi } from 'vitest';
import { json as jsonResponse, stubApi } from '@web/test/api-stub';
import { ApiError, apiFetch, buildQueryString, extractErrorMessage } from './api-client';

// fetch is the browser's, not ours: a stub stands in for the network.
const stubFetch = (response: Response | (() => Promise<Response>)) =>
  stubApi(typeof response === 'function' ? response : () => response);

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('extractErrorMessage (spec §8)', () => {
  const fallback = 'Failed to fetch appointments';

  it('prefers details over message and error', () => {
    const body = { details: 'Slot already taken', message: 'Conflict', error: 'Conflict' };
    expect(extractErrorMessage(body, fallback)).toBe('Slot already taken');
  });

  it('uses message when details is absent', () => {
    expect(
      extractErrorMessage({ message: 'Appointment not found', error: 'Not Found' }, fallback),
    ).toBe('Appointment not found');
  });

  it('uses error when details and message are absent', () => {
    expect(extractErrorMessage({ error: 'Forbidden' }, fallback)).toBe('Forbidden');
  });

  it('falls back when the body has none of them', () => {
    expect(extractErrorMessage({}, fallback)).toBe(fallback);
    expect(extractErrorMessage(undefined, fallback)).toBe(fallback);
    expect(extractErrorMessage('<html>Bad gateway</html>', fallback)).toBe(fallback);
    expect(extractErrorMessage({ message: '   ', details: [] }, fallback)).toBe(fallback);
  });

  it('joins a list of validation issues into one readable line', () => {
    const body = {
      message: 'Invalid request',
      details: [
        { path: ['patient', 'email'], message: 'Invalid email' },
        { path: [], message: 'Slot is required' },
        'Notes are too long',
      ],
    };
    expect(extractErrorMessage(body, fallback)).toBe(
      'patient.email: Invalid email; Slot is required; Notes are too long',
    );
  });

  it('joins a field map of errors into one readable line', () => {
    const body = { details: { reason: ['Reason is required'], date: 'Must be in the future' } };
    expect(extractErrorMessage(body, fallback)).toBe(
      'reason: Reason is required; date: Must be in the future',
    );
  });
});

describe('buildQueryString', () => {
  it('writes arrays as repeated key[] params and skips empty values', () => {
    expect(
      buildQueryString({
        page: 2,
        status: undefined,
        clinic: null,
        includeAll: true,
        clinicIds: ['a', 'b c'],
      }),
    ).toBe('?page=2&includeAll=true&clinicIds[]=a&clinicIds[]=b%20c');
  });

  it('accepts keys already written with brackets', () => {
    expect(buildQueryString({ 'clinicIds[]': ['x'] })).toBe('?clinicIds[]=x');
  });

  it('writes dates as ISO strings and returns nothing for no params', () => {
    expect(buildQueryString({ startDate: new Date('2025-03-01T09:00:00Z') })).toBe(
      '?startDate=2025-03-01T09%3A00%3A00.000Z',
    );
    expect(buildQueryString({})).toBe('');
    expect(buildQueryString(undefined)).toBe('');
  });
});

describe('apiFetch', () => {
  it('sends JSON with credentials and returns the parsed body', async () => {
    const fetchMock = stubFetch(jsonResponse({ _id: 'a1' }, 201));
    const result = await apiFetch<{ _id: string }>('/api/appointments', {
      method: 'POST',
      body: { duration: 30 },
      query: { clinicIds: ['c1', 'c2'] },
    });

    expect(result).toEqual({ _id: 'a1' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/appointments?clinicIds[]=c1&clinicIds[]=c2');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"duration":30}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('returns undefined for an empty body', async () => {
    stubFetch(new Response(null, { status: 204 }));
    await expect(apiFetch('/api/auth/logout', { method: 'POST' })).resolves.toBeUndefined();
  });

  it('throws ApiError with the spec message, status and digest', async () => {
    stubFetch(jsonResponse({ error: 'Conflict', message: 'Slot taken', digest: 'req-42' }, 409));
    const error = await caught(
      apiFetch('/api/appointments', { fallback: 'Failed to create appointment' }),
    );
    expect(error.message).toBe('Slot taken');
    expect(error.status).toBe(409);
    expect(error.digest).toBe('req-42');
  });

  it("uses the call's fallback when the error body is not JSON", async () => {
    stubFetch(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await caught(
      apiFetch('/api/appointments/x', { fallback: 'Failed to fetch appointment' }),
    );
    expect(error.message).toBe('Failed to fetch appointment');
    expect(error.status).toBe(502);
  });

  it('uses the generic HTTP text when the call gives no fallback', async () => {
    stubFetch(new Response('', { status: 500 }));
    const error = await caught(apiFetch('/api/x'));
    expect(error.message).toBe('HTTP error! status: 500');
  });

  it('turns a network failure into ApiError with status 0 but lets aborts through', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await caught(apiFetch('/api/x', { fallback: 'Failed to fetch appointments' }));
    expect(error.status).toBe(0);
    expect(error.message).toBe('Failed to fetch appointments');

    stubFetch(() => Promise.reject(new DOMException('aborted', 'AbortError')));
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ name: 'AbortError' });
  });
});
