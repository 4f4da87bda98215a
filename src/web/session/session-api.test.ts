import { describe, expect, it, vi } from 'vitest';
import { joinSession, lookupSession, NOT_A_VALID_LINK } from './session-api';
import { NOT_A_VALID_LINK as SERVER_SENTENCE } from '@contracts/session';
import { json } from '@web/test/api-stub';

describe('lookupSession', () => {
  it('keeps the page’s copy of the bad-link sentence equal to the server’s', () => {
    expect(NOT_A_VALID_LINK).toBe(SERVER_SENTENCE);
  });

  it('returns the visit with the clock offset measured from serverNow', async () => {
    const serverNow = new Date(Date.now() + 60_000).toISOString();
    const fetchImpl = vi.fn().mockResolvedValue(json({ state: 'open', serverNow }, 200));
    const result = await lookupSession('tok/en', fetchImpl);
    expect(fetchImpl.mock.calls[0]![0]).toBe('/api/session?token=tok%2Fen');
    expect(result.kind).toBe('ok');
    if (result.kind === 'ok') expect(Math.abs(result.clockOffsetMs - 60_000)).toBeLessThan(2_000);
  });

  it('asks in the page’s language, so that what the clinic’s rules refuse reads in it', async () => {
    const fetchImpl = vi.fn().mockResolvedValue(json({ state: 'open', serverNow: '' }, 200));
    await lookupSession('x', fetchImpl, 'es');
    expect(fetchImpl.mock.calls[0]![1].headers).toMatchObject({ 'accept-language': 'es' });
  });

  it('shows the server’s own message for a 404, and the same sentence for a 400', async () => {
    const server = vi.fn().mockResolvedValue(json({ message: 'Server words.' }, 404));
    expect(await lookupSession('x', server)).toEqual({ kind: 'invalid', message: 'Server words.' });
    const missing = vi.fn().mockResolvedValue(json({ message: 'querystring/token required' }, 400));
    expect(await lookupSession('', missing)).toEqual({
      kind: 'invalid',
      message: NOT_A_VALID_LINK,
    });
  });

  it('shows the server’s words for an expired link, and stops there', async () => {
    const expired = vi.fn().mockResolvedValue(json({ error: 'gone', message: 'Expired.' }, 410));
    expect(await lookupSession('x', expired)).toEqual({ kind: 'invalid', message: 'Expired.' });
  });

  it('reports a failure (not an invalid link) for the network and the server', async () => {
    const offline = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    expect((await lookupSession('x', offline)).kind).toBe('failed');
    const limited = vi.fn().mockResolvedValue(json({ message: 'Slow down.' }, 429));
    expect(await lookupSession('x', limited)).toEqual({ kind: 'failed', message: 'Slow down.' });
  });
});

describe('joinSession', () => {
  it('posts the token and returns the ICE servers', async () => {
    const fetchImpl = vi.fn().mockResolvedValue(json({ iceServers: [{ urls: 'stun:x' }] }, 200));
    expect(await joinSession('t', fetchImpl)).toEqual({
      ok: true,
      iceServers: [{ urls: 'stun:x' }],
    });
    expect(fetchImpl.mock.calls[0]![1]).toMatchObject({ method: 'POST', body: '{"token":"t"}' });
  });

  it('passes the server’s reason on when joining is refused', async () => {
    const fetchImpl = vi.fn().mockResolvedValue(json({ message: 'This visit has ended.' }, 409));
    expect(await joinSession('t', fetchImpl)).toEqual({
      ok: false,
      status: 409,
      message: 'This visit has ended.',
    });
  });
});
