// What a phone (and a desk) sees of four pages, by Lighthouse, and how soon a cold staff page has
// its data (issue 49, ADR 064). Both against a production build (the web section's) served by the
// built server with demo data, in Debian's Chromium.
//   Lighthouse: the `lighthouse` package, its default mobile run (simulated throttling: slow 4G,
//   4x CPU) for the patient's visit page, a clinic's online booking page, staff sign-in and the
//   signed-in appointments page, and its desktop preset for that last one; median of the runs.
//   Cold staff page: a fresh browser context (empty cache) signed in, /appointments opened, the
//   time from the navigation to the first data request's response and to its rows on screen.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { median } from '../lib/stats';
import { CHROMIUM_ARGS } from '../../playwright.config';
import { freePort, serverCommand, startAndWait } from '../lib/spawn';
import { buildWeb, openOnlineBooking } from './web';

const WEB_DIR = '/tmp/bench-lighthouse-web';
const DEMO = { email: 'admin@carebook.test', password: 'waiting-room-demo' };

/** Issue 49's targets: the lowest score, and the largest paint where it names one. */
export const LIGHTHOUSE_TARGETS: Record<string, { score: number; lcpMs?: number }> = {
  'patient visit page (mobile)': { score: 0.95, lcpMs: 1800 },
  'online booking page (mobile)': { score: 0.95, lcpMs: 1800 },
  'staff sign-in (mobile)': { score: 0.9 },
  'appointments, signed in (mobile)': { score: 0.85 },
  'appointments, signed in (desktop)': { score: 0.95 },
};
export const COLD_FIRST_DATA_TARGET_MS = 1000;

export interface LighthousePage {
  page: string;
  path: string;
  formFactor: 'mobile' | 'desktop';
  runs: number;
  /** Medians of the runs. */
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Every response's transferred bytes (Lighthouse's total byte weight), API answers included. */
  transferredKb: number;
  scores: number[];
}

export interface ColdPageSample {
  /** Navigation start to the response of the page's first data request (its list). */
  firstDataMs: number;
  /** Navigation start to the list's first row in the page. */
  renderedMs: number;
  /** When the session answer and the page's code came, for reading the order of things. */
  sessionMs: number;
  pageCodeMs: number;
}

export interface ColdPageResult {
  page: string;
  runs: number;
  firstDataMs: number;
  renderedMs: number;
  sessionMs: number;
  pageCodeMs: number;
  samples: ColdPageSample[];
}

export interface LighthouseResult {
  buildMs: number;
  lighthouseVersion: string;
  userAgent: string;
  pages: LighthousePage[];
  cold: ColdPageResult;
  loadAverage: { start: number[]; end: number[] };
}

/** The demo admin's session cookie, as the browser would hold it after signing in. */
async function demoCookie(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  if (res.status !== 200) throw new Error(`demo sign-in failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** One Lighthouse run of a page in the browser listening on `port`. */
async function audit(
  url: string,
  port: number,
  formFactor: 'mobile' | 'desktop',
  cookie: string | null,
) {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    },
    formFactor === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse, ${url}: ${lhr.runtimeError.message}`);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: lhr.categories.performance?.score ?? 0,
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    transferredKb: value('total-byte-weight') / 1024,
    finalUrl: lhr.finalDisplayedUrl,
    version: lhr.lighthouseVersion,
    userAgent: lhr.environment.hostUserAgent,
  };
}

export interface AuditedPage {
  page: string;
  path: string;
  formFactor: 'mobile' | 'desktop';
  signedIn: boolean;
}

/** Each page `runs` times in a Chromium that Lighthouse drives over its debugging port. */
export async function lighthousePages(
  base: string,
  pages: AuditedPage[],
  runs: number,
  log: (s: string) => void,
  debuggingPort?: number,
): Promise<{ pages: LighthousePage[]; version: string; userAgent: string }> {
  const port = debuggingPort ?? (await freePort());
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  let version = '';
  let userAgent = '';
  try {
    const out: LighthousePage[] = [];
    for (const p of pages) {
      const samples: Array<Awaited<ReturnType<typeof audit>>> = [];
      for (let r = 0; r < runs; r++) {
        log(`lighthouse: ${p.page} #${r + 1}`);
        // A fresh cookie each run: Lighthouse's own runs never sign anyone out, but a session
        // may not outlive an idle timeout between a long run's first and last pages.
        const cookie = p.signedIn ? await demoCookie(base) : null;
        // Lighthouse's own advice for a failed trace (NO_NAVSTART and the like, seen on a busy
        // machine) is to run again: up to three tries a run.
        let run: Awaited<ReturnType<typeof audit>> | undefined;
        for (let attempt = 1; !run; attempt++) {
          try {
            run = await audit(`${base}${p.path}`, port, p.formFactor, cookie);
          } catch (error) {
            if (attempt >= 3) throw error;
            log(`lighthouse: ${p.page} #${r + 1} again (${String(error).slice(0, 120)})`);
          }
        }
        // A signed-in page that ended on sign-in measured the wrong page.
        if (p.signedIn && new URL(run.finalUrl).pathname.startsWith('/auth/')) {
          throw new Error(`${p.page}: Lighthouse ended on ${run.finalUrl}, not signed in`);
        }
        samples.push(run);
        version = run.version;
        userAgent = run.userAgent;
      }
      const mid = (pick: (s: (typeof samples)[number]) => number) => median(samples.map(pick));
      out.push({
        page: p.page,
        path: p.path.replace(/token=[^&]+/, 'token=…'),
        formFactor: p.formFactor,
        runs,
        score: mid((s) => s.score),
        fcpMs: mid((s) => s.fcpMs),
        lcpMs: mid((s) => s.lcpMs),
        tbtMs: mid((s) => s.tbtMs),
        cls: mid((s) => s.cls),
        transferredKb: mid((s) => s.transferredKb),
        scores: samples.map((s) => s.score),
      });
    }
    return { pages: out, version, userAgent };
  } finally {
    await browser.close();
  }
}

type Watched = { __firstRows: number };

// Installed before the page's scripts: notes when the list's first row is in the document.
const WATCH_ROWS = `
  window.__firstRows = 0;
  new MutationObserver((_, observer) => {
    if (document.querySelector('section[aria-label="Appointments"] tbody tr, section[aria-label="Appointments"] li')) {
      window.__firstRows = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });`;

/**
 * /appointments opened cold `runs` times: each in a new browser context (nothing cached), signed
 * in by a cookie made through the API, times read from the page's own Resource Timing.
 */
export async function coldStaffPage(
  browser: Browser,
  base: string,
  runs: number,
  log: (s: string) => void,
): Promise<ColdPageResult> {
  const samples: ColdPageSample[] = [];
  for (let r = 0; r < runs; r++) {
    log(`lighthouse: cold /appointments #${r + 1}`);
    const context = await browser.newContext();
    try {
      const signIn = await context.request.post(`${base}/api/auth/login`, { data: DEMO });
      if (!signIn.ok()) throw new Error(`demo sign-in failed: ${signIn.status()}`);
      const page = await context.newPage();
      await page.addInitScript(WATCH_ROWS);
      await page.goto(`${base}/appointments`);
      // A function, not a string: the app's CSP (script-src 'self') refuses a string predicate.
      await page.waitForFunction(() => (globalThis as unknown as Watched).__firstRows > 0, null, {
        timeout: 60_000,
      });
      // A string, not a function: tsx would name the function's inner arrows with a helper the
      // page does not have.
      const timing = (await page.evaluate(`(() => {
        const ends = (test) => performance.getEntriesByType('resource')
          .filter((e) => test(new URL(e.name).pathname))
          .map((e) => e.responseEnd);
        return {
          list: ends((p) => p === '/api/appointments/paginated'),
          session: ends((p) => p === '/api/auth/session'),
          code: ends((p) => /\\/assets\\/appointments-page-[^/]+\\.js$/.test(p)),
          rendered: window.__firstRows,
        };
      })()`)) as { list: number[]; session: number[]; code: number[]; rendered: number };
      if (!timing.list.length) throw new Error('the appointments page asked for no list');
      samples.push({
        firstDataMs: Math.min(...timing.list),
        renderedMs: timing.rendered,
        sessionMs: Math.min(...timing.session),
        pageCodeMs: Math.min(...timing.code),
      });
    } finally {
      await context.close();
    }
  }
  return {
    page: '/appointments (signed in, cache empty)',
    runs,
    firstDataMs: median(samples.map((s) => s.firstDataMs)),
    renderedMs: median(samples.map((s) => s.renderedMs)),
    sessionMs: median(samples.map((s) => s.sessionMs)),
    pageCodeMs: median(samples.map((s) => s.pageCodeMs)),
    samples,
  };
}

/** A patient's visit link from the demo data, and Riverside's online booking opened. */
async function demoPages(browser: Browser, base: string): Promise<AuditedPage[]> {
  const api = await browser.newContext();
  try {
    const signIn = await api.request.post(`${base}/api/auth/login`, { data: DEMO });
    if (!signIn.ok()) throw new Error(`demo sign-in failed: ${signIn.status()}`);
    const upcoming = (await (
      await api.request.get(`${base}/api/appointments/paginated?status=upcoming&limit=1`)
    ).json()) as { data: Array<{ token: string }> };
    await openOnlineBooking(api.request, base);
    return [
      {
        page: 'patient visit page (mobile)',
        path: `/session/?token=${upcoming.data[0]!.token}`,
        formFactor: 'mobile',
        signedIn: false,
      },
      {
        page: 'online booking page (mobile)',
        path: '/book-online/riverside',
        formFactor: 'mobile',
        signedIn: false,
      },
      {
        page: 'staff sign-in (mobile)',
        path: '/auth/login',
        formFactor: 'mobile',
        signedIn: false,
      },
      {
        page: 'appointments, signed in (mobile)',
        path: '/appointments',
        formFactor: 'mobile',
        signedIn: true,
      },
      {
        page: 'appointments, signed in (desktop)',
        path: '/appointments',
        formFactor: 'desktop',
        signedIn: true,
      },
    ];
  } finally {
    await api.close();
  }
}

/**
 * The section: build, start the built server on a new demo database, Lighthouse each page, then
 * the cold staff page. BENCH_PORT and BENCH_DEBUG_PORT pin the two ports (a shared machine's
 * range); any free ones otherwise.
 */
export async function benchLighthouse(
  runs: number,
  coldRuns: number,
  log: (s: string) => void,
): Promise<LighthouseResult> {
  const loadStart = os.loadavg();
  log('lighthouse: vite build (staff, then patient and sign-in)');
  const buildMs = buildWeb(WEB_DIR);
  const { args } = await serverCommand();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'carebook-bench-lighthouse-'));
  const pinned = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);
  log('lighthouse: demo server');
  const server = await startAndWait(
    args,
    { SEED_DEMO: 'auto', DATA_DIR: dataDir, WEB_DIR, LOGIN_RATE_LIMIT_PER_MINUTE: '100000' },
    120_000,
    pinned('BENCH_PORT'),
  );
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const pages = await demoPages(browser, server.url);
    const audited = await lighthousePages(server.url, pages, runs, log, pinned('BENCH_DEBUG_PORT'));
    const cold = await coldStaffPage(browser, server.url, coldRuns, log);
    return {
      buildMs,
      lighthouseVersion: audited.version,
      userAgent: audited.userAgent,
      pages: audited.pages,
      cold,
      loadAverage: { start: loadStart, end: os.loadavg() },
    };
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
