import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';

const env = useTestApp({ config: { FEED_RATE_LIMIT_PER_MINUTE: 3 } });

describe('the public feed route', () => {
  it('is rate-limited per address, so secrets cannot be guessed at speed', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await env.app.inject({
        method: 'GET',
        url: `/ical/${String(i).padStart(43, 'x')}.ics`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 429, 429]);
  });

  it('counts HEAD with GET: a HEAD is no fresh allowance', async () => {
    const ask = (method: 'GET' | 'HEAD', i: number) =>
      env.app.inject({
        method,
        url: `/ical/${String(i).padStart(43, 'y')}.ics`,
        remoteAddress: '198.51.100.41',
      });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await ask('GET', i)).statusCode);
    for (let i = 3; i < 5; i++) statuses.push((await ask('HEAD', i)).statusCode);
    expect(statuses).toEqual([404, 404, 404, 429, 429]);
  });
});
