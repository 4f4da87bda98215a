// What the browser downloads and how fast the pages draw. Sizes come twice: from Vite's manifest
// (what /appointments and /session need: entry, static imports, and the route's lazy chunk, each
// as the brotli file the build wrote and the server sends) and from the server itself: every file
// a page fetched in Chromium, requested again with `Accept-Encoding: br, gzip` and its body counted
// as it came over the wire, not decoded (ADR 033). Load metrics come from the Performance API in
// headless Chromium, against the demo-seeded embedded server.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { decode } from '@jridgewell/sourcemap-codec';
import { chromium } from '@playwright/test';
import { median } from '../lib/stats';
import { CHROMIUM_ARGS } from '../../playwright.config';
import { ROOT, serverCommand, startAndWait } from '../lib/spawn';

export const WEB_OUT = '/tmp/bench-web';

type Manifest = Record<
  string,
  { file: string; css?: string[]; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }
>;

/** What the server sends a browser that takes brotli: the build's `.br` file, else the file. */
const sent = (file: string) => {
  const full = path.join(WEB_OUT, file);
  return readFileSync(existsSync(`${full}.br`) ? `${full}.br` : full).length;
};

/** A chunk with everything it imports statically, each file once. */
function closure(manifest: Manifest, keys: string[], into = new Set<string>()): Set<string> {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) continue;
    into.add(chunk.file);
    for (const css of chunk.css ?? []) into.add(css);
    closure(manifest, chunk.imports ?? [], into);
  }
  return into;
}

function sizes(files: Iterable<string>) {
  let js = 0;
  let css = 0;
  for (const f of files) {
    if (f.endsWith('.js')) js += sent(f);
    else if (f.endsWith('.css')) css += sent(f);
  }
  return { jsBrKb: js / 1024, cssBrKb: css / 1024 };
}

/** One GET, its body counted as it comes over the wire (Node's client decodes nothing). */
function onTheWire(url: string, headers: Record<string, string>) {
  return new Promise<{ body: Buffer; encoding: string | undefined; type: string }>(
    (resolve, reject) => {
      http
        .get(url, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode}`));
            else
              resolve({
                body: Buffer.concat(chunks),
                encoding: res.headers['content-encoding'],
                type: res.headers['content-type'] ?? '',
              });
          });
        })
        .on('error', reject);
    },
  );
}

export interface PageTransfer {
  page: string;
  files: number;
  /** Bodies as sent to `Accept-Encoding: br, gzip`, headers left out. */
  transferredKb: number;
  /** The same files sent as they are (no Accept-Encoding). */
  identityKb: number;
  /** The same files each compressed with brotli at quality 11: the least the wire could carry. */
  brotliKb: number;
  jsKb: number;
  cssKb: number;
  /** Files that came with no Content-Encoding to a client that takes brotli. */
  uncompressed: string[];
}

/** Every file a page fetched, as the server sends it to a browser that takes brotli or gzip. */
async function transfer(base: string, page: string, paths: string[]): Promise<PageTransfer> {
  const out: PageTransfer = {
    page,
    files: paths.length,
    transferredKb: 0,
    identityKb: 0,
    brotliKb: 0,
    jsKb: 0,
    cssKb: 0,
    uncompressed: [],
  };
  const best = { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } };
  for (const p of paths) {
    const wire = await onTheWire(`${base}${p}`, { 'accept-encoding': 'br, gzip' });
    const plain = await onTheWire(`${base}${p}`, {});
    const kb = wire.body.length / 1024;
    out.transferredKb += kb;
    out.identityKb += plain.body.length / 1024;
    out.brotliKb += Math.min(plain.body.length, brotliCompressSync(plain.body, best).length) / 1024;
    if (/javascript/.test(wire.type)) out.jsKb += kb;
    else if (/text\/css/.test(wire.type)) out.cssKb += kb;
    if (!wire.encoding) out.uncompressed.push(`${p.split('?')[0]} (${plain.body.length} B)`);
  }
  return out;
}

/**
 * What a page's JavaScript is made of: each chunk's minified bytes given to the source they came
 * from (by the source map's segments), folded by package (or by our own folder), largest first.
 * Shares of minified size, not of gzip: compression works across module boundaries.
 */
function modulesBySize(files: Iterable<string>, count = 12) {
  const bytes = new Map<string, number>();
  let total = 0;
  for (const file of files) {
    if (!file.endsWith('.js')) continue;
    const mapFile = path.join(WEB_OUT, `${file}.map`);
    if (!existsSync(mapFile)) {
      // Rolldown's own runtime helpers come without a map; they are ours to count all the same.
      const n = readFileSync(path.join(WEB_OUT, file)).length;
      bytes.set('(bundler runtime)', (bytes.get('(bundler runtime)') ?? 0) + n);
      total += n;
      continue;
    }
    const code = readFileSync(path.join(WEB_OUT, file), 'utf8').split('\n');
    const map = JSON.parse(readFileSync(mapFile, 'utf8')) as {
      sources: string[];
      mappings: string;
    };
    decode(map.mappings).forEach((segments, line) => {
      const length = code[line]?.length ?? 0;
      segments.forEach((segment, i) => {
        const end = segments[i + 1]?.[0] ?? length;
        const source = segment.length > 1 ? map.sources[segment[1]!]! : '(generated)';
        const key = moduleGroup(source);
        bytes.set(key, (bytes.get(key) ?? 0) + end - segment[0]!);
        total += end - segment[0]!;
      });
    });
  }
  return [...bytes]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([module, n]) => ({ module, minKb: n / 1024, share: n / total }));
}

/** `react-dom`, `@radix-ui/react-menu`, or our own `src/web/features/calendar`. */
function moduleGroup(source: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (pkg) return pkg[1]!;
  const ours = /(src\/[^/]+\/[^/]+(?:\/[^/.]+)?)/.exec(source);
  return ours ? ours[1]! : source;
}

export interface PageMetrics {
  page: string;
  runs: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  fetched: { jsBrKb: number; cssBrKb: number; files: number };
}

// Installed before any page script: buffered observers for paint, LCP and long tasks.
const OBSERVE = `
  window.__perf = { lcp: 0, fcp: 0, long: [] };
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__perf.lcp = e.startTime; })
    .observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.name === 'first-contentful-paint') window.__perf.fcp = e.startTime; })
    .observe({ type: 'paint', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__perf.long.push([e.startTime, e.duration]); })
    .observe({ type: 'longtask', buffered: true });`;

async function measurePage(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  url: string,
  signIn: boolean,
): Promise<{ lcp: number; tbt: number; fcp: number; files: string[]; resources: string[] }> {
  const context = await browser.newContext();
  if (signIn) {
    const res = await context.request.post(new URL('/api/auth/login', url).toString(), {
      data: { email: 'admin@carebook.test', password: 'waiting-room-demo' },
    });
    if (!res.ok()) throw new Error(`demo sign-in failed: ${res.status()}`);
  }
  const page = await context.newPage();
  await page.addInitScript(OBSERVE);
  const files: string[] = [];
  // Everything of the page's own (the document, scripts, styles, icons), not its API calls.
  const resources = new Set<string>();
  page.on('response', (r) => {
    const u = new URL(r.url());
    const p = u.pathname;
    if (/\.(js|css)$/.test(p)) files.push(p.replace(/^\//, ''));
    if (u.origin === new URL(url).origin && !p.startsWith('/api/') && r.status() === 200)
      resources.add(p + u.search);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000); // let late long tasks and LCP candidates land
  const perf = (await page.evaluate('window.__perf')) as {
    lcp: number;
    fcp: number;
    long: Array<[number, number]>;
  };
  // Total blocking time: the part of each long task past 50 ms, after the first paint.
  const tbt = perf.long
    .filter(([start]) => start >= perf.fcp)
    .reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0);
  await context.close();
  return { lcp: perf.lcp, fcp: perf.fcp, tbt, files, resources: [...resources] };
}

/**
 * As `npm run build:web`: the staff app, then the patient and sign-in pages on Preact (ADR 021,
 * ADR 064), into `outDir`. The Lighthouse section serves the same build.
 */
export function buildWeb(outDir: string): number {
  const t0 = performance.now();
  for (const mode of [[], ['--mode', 'patient']]) {
    execFileSync('npx', ['vite', 'build', '--outDir', outDir, ...mode], {
      cwd: ROOT,
      stdio: 'ignore',
      env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
    });
  }
  return performance.now() - t0;
}

export async function benchWeb(runs: number, log: (s: string) => void) {
  log('web: vite build (staff, then patient)');
  const buildMs = buildWeb(WEB_OUT);
  const readManifest = (name: string) =>
    JSON.parse(readFileSync(path.join(WEB_OUT, '.vite', name), 'utf8')) as Manifest;
  const manifest = readManifest('manifest.json');
  const patientManifest = readManifest('patient-manifest.json');
  const routeKey = Object.keys(manifest).find((k) =>
    k.endsWith('features/appointments/components/appointments-page.tsx'),
  );
  const staffEntry = closure(manifest, ['index.html']);
  const staffFirstLoad = closure(manifest, routeKey ? [routeKey] : [], new Set(staffEntry));
  const sessionFiles = closure(patientManifest, ['session.html']);
  const staticSizes = {
    staffEntry: sizes(staffEntry),
    staffAppointments: { ...sizes(staffFirstLoad), routeChunkFound: Boolean(routeKey) },
    session: sizes(sessionFiles),
  };
  const largestModules = {
    staffAppointments: modulesBySize(staffFirstLoad),
    session: modulesBySize(sessionFiles),
  };

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'carebook-bench-web-'));
  const { args } = await serverCommand();
  log('web: demo server');
  const server = await startAndWait(
    args,
    { SEED_DEMO: 'auto', DATA_DIR: dataDir, WEB_DIR: WEB_OUT },
    120_000,
  );
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const api = await browser.newContext();
    await api.request.post(`${server.url}/api/auth/login`, {
      data: { email: 'admin@carebook.test', password: 'waiting-room-demo' },
    });
    const page = (await (
      await api.request.get(`${server.url}/api/appointments/paginated?status=upcoming&limit=1`)
    ).json()) as { data: Array<{ token: string }> };
    await openOnlineBooking(api.request, server.url);
    await api.close();
    const pages = [
      { page: '/appointments (staff, signed in)', url: `${server.url}/appointments`, signIn: true },
      {
        page: '/session (patient link)',
        url: `${server.url}/session/?token=${page.data[0]!.token}`,
        signIn: false,
      },
    ];
    const metrics: PageMetrics[] = [];
    const transfers: PageTransfer[] = [];
    for (const p of pages) {
      const samples = [];
      for (let r = 0; r < runs; r++) {
        log(`web: ${p.page} #${r + 1}`);
        samples.push(await measurePage(browser, p.url, p.signIn));
      }
      const files = [...new Set(samples[0]!.files)].filter((f) => f.startsWith('assets/'));
      metrics.push({
        page: p.page,
        runs,
        lcpMs: median(samples.map((s) => s.lcp)),
        tbtMs: median(samples.map((s) => s.tbt)),
        fcpMs: median(samples.map((s) => s.fcp)),
        fetched: { ...sizes(files), files: files.length },
      });
      transfers.push(await transfer(server.url, p.page, samples[0]!.resources));
    }
    // Two more pages for what they transfer only: sign-in, and a clinic's online booking page.
    for (const [label, url] of [
      ['/auth/login (sign-in)', `${server.url}/auth/login`],
      ['/book-online/riverside (online booking)', `${server.url}/book-online/riverside`],
    ] as const) {
      log(`web: ${label}`);
      const visit = await measurePage(browser, url, false);
      transfers.push(await transfer(server.url, label, visit.resources));
    }
    return {
      buildMs,
      staticSizes,
      largestModules,
      metrics,
      transfers,
      encoding: 'brotli files the build wrote (quality 11), as the server sends them',
      cpuThrottling: 'none',
    };
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The demo clinic Riverside takes bookings online, as an admin would set it (its page is empty else). */
export async function openOnlineBooking(
  request: Awaited<
    ReturnType<Awaited<ReturnType<typeof chromium.launch>>['newContext']>
  >['request'],
  base: string,
) {
  const agents = (await (
    await request.get(`${base}/api/clinics/riverside/nurses`)
  ).json()) as Array<{
    _id: string;
  }>;
  const policy = (await (
    await request.get(`${base}/api/admin/clinics/riverside/policy`)
  ).json()) as {
    policy: { reminders: unknown };
  };
  const saved = await request.put(`${base}/api/admin/clinics/riverside/policy`, {
    data: {
      reminders: policy.policy.reminders,
      onlineBooking: {
        enabled: true,
        agentIds: agents.map((a) => a._id),
        durations: [30],
        minNoticeHours: 12,
        horizonDays: 60,
        intro: null,
        allowNewPatients: true,
      },
    },
  });
  if (!saved.ok())
    throw new Error(`online booking not opened: ${saved.status()} ${await saved.text()}`);
}
