// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '@web/test/api-stub';
import { callPublicEndpoint } from './public-fetch';

afterEach(() => {
  document.documentElement.lang = '';
});

const rules = { offline: 'Offline.', refusal: () => 'Refused.' };

describe('callPublicEndpoint', () => {
  it('asks in the page’s language, so that the server’s refusals read in it (issue 44)', async () => {
    document.documentElement.lang = 'es';
    const fetchImpl = vi
      .fn()
      .mockResolvedValue(json({ message: 'Esta hora ya no está libre.' }, 409));
    const answer = await callPublicEndpoint(
      '/api/offers/t/accept',
      { method: 'POST' },
      rules,
      fetchImpl,
    );
    expect(fetchImpl.mock.calls[0]![1].headers).toMatchObject({ 'accept-language': 'es' });
    expect(answer).toEqual({
      kind: 'refused',
      status: 409,
      message: 'Esta hora ya no está libre.',
    });
  });

  it('leaves the browser’s own languages when the page names none', async () => {
    const fetchImpl = vi.fn().mockResolvedValue(json({}, 200));
    await callPublicEndpoint('/api/offers/t', {}, rules, fetchImpl);
    expect(fetchImpl.mock.calls[0]![1].headers).not.toHaveProperty('accept-language');
  });
});
