import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './spawn-server';

/**
 * Radicale, Debian's CalDAV server, as its own process (issue 46): storage in a folder of its
 * own, no authentication (any user name and password are accepted; a user owns /<user>/).
 * Started once per test file (on `port` when given). `put` and `remove` change events as
 * another client would; `get` reads one back (null when it is not there), `list` the names of a
 * collection's events.
 */
export async function startRadicale(options: { port?: number } = {}) {
  const folder = mkdtempSync(path.join(tmpdir(), 'carebook-radicale-'));
  const port = options.port ?? (await freePort());
  const child: ChildProcess = spawn(
    'radicale',
    [
      '--server-hosts',
      `127.0.0.1:${port}`,
      '--storage-filesystem-folder',
      folder,
      '--auth-type',
      'none',
      '--rights-type',
      'owner_only',
      '--logging-level',
      'error',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const base = `http://127.0.0.1:${port}`;
  const auth = (user: string) => `Basic ${Buffer.from(`${user}:app-password`).toString('base64')}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const res = await fetch(`${base}/.well-known/caldav`, { redirect: 'manual' });
      if (res.status > 0) break;
    } catch {
      if (child.exitCode !== null || Date.now() > deadline) {
        throw new Error(`Radicale did not start: ${stderr}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const request = async (method: string, url: string, user: string, body?: string) => {
    const res = await fetch(url, {
      method,
      headers: { authorization: auth(user), 'content-type': 'text/calendar; charset=utf-8' },
      body,
    });
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  };
  return {
    base,
    /** Makes a calendar collection and answers its address. */
    async makeCalendar(user: string, name: string) {
      const url = `${base}/${user}/${name}/`;
      await request('MKCALENDAR', url, user);
      return url;
    },
    put: (calendarUrl: string, user: string, file: string, ics: string) =>
      request('PUT', `${calendarUrl}${file}`, user, ics),
    remove: (calendarUrl: string, user: string, file: string) =>
      request('DELETE', `${calendarUrl}${file}`, user),
    async get(calendarUrl: string, user: string, file: string) {
      const res = await fetch(`${calendarUrl}${file}`, { headers: { authorization: auth(user) } });
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`GET ${calendarUrl}${file}: ${res.status}`);
      return { text: await res.text(), etag: res.headers.get('etag') };
    },
    async list(calendarUrl: string, user: string): Promise<string[]> {
      const res = await fetch(calendarUrl, {
        method: 'PROPFIND',
        headers: { authorization: auth(user), depth: '1' },
      });
      if (res.status !== 207) throw new Error(`PROPFIND ${calendarUrl}: ${res.status}`);
      const hrefs = [...(await res.text()).matchAll(/<(?:\w+:)?href>([^<]+)<\/(?:\w+:)?href>/g)];
      return hrefs
        .map((m) => decodeURIComponent(m[1]!).split('/').pop()!)
        .filter((name) => name.endsWith('.ics'))
        .sort();
    },
    async close() {
      child.kill('SIGTERM');
      await new Promise((resolve) =>
        child.exitCode !== null ? resolve(null) : child.once('exit', resolve),
      );
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/**
 * iCalendar files over local HTTP, as Google's and Outlook's secret addresses serve them: with
 * an ETag, answering 304 to a matching If-None-Match. `files` is read at each request.
 */
export async function startIcsServer() {
  const files = new Map<string, string>();
  const requests: Array<{ path: string; ifNoneMatch: string | undefined; status: number }> = [];
  const server = http.createServer((req, res) => {
    const body = files.get(req.url ?? '');
    const ifNoneMatch = req.headers['if-none-match'];
    const answer = (status: number, headers: Record<string, string> = {}, text?: string) => {
      requests.push({ path: req.url ?? '', ifNoneMatch, status });
      res.writeHead(status, headers).end(text);
    };
    if (body === undefined) return answer(404, {}, 'not found');
    const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"`;
    if (ifNoneMatch === etag) return answer(304, { etag });
    answer(200, { 'content-type': 'text/calendar; charset=utf-8', etag }, body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (file: string) => `http://127.0.0.1:${port}${file}`,
    files,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An iCalendar text of the given events (lines of each VEVENT, DTSTAMP added). */
export function icsOf(events: string[][], extra: string[] = []): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Carebook//tests//EN',
    ...extra,
    ...events.flatMap((lines) => [
      'BEGIN:VEVENT',
      'DTSTAMP:20261101T000000Z',
      ...lines,
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}
