import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
  type WebSocketRoute,
} from '@playwright/test';
import { chromiumLaunchOptions, DEMO_ACCOUNTS, DEMO_PASSWORD, signInWith } from './fixtures';

/**
 * The video visit end to end: the provider on /session/:id and the patient on /session?token=…
 * in two Chromium contexts with fake camera and microphone, each seeing the other's live video.
 *
 * The join window must be open now, whatever the hour the suite runs. This spec therefore starts
 * its own app server(s), beside the suite's shared one, with the window opening a day ahead
 * (SESSION_JOIN_OPENS_MINUTES_BEFORE=1440) and the provider available around the clock.
 */

test.use({
  launchOptions: {
    ...chromiumLaunchOptions,
    args: [
      ...chromiumLaunchOptions.args,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
    ],
  },
});

const BASE_PORT = Number(process.env.E2E_PORT ?? 3100) + 50;
const PROVIDER = DEMO_ACCOUNTS.provider;

interface Server {
  url: string;
  stop: () => Promise<void>;
}

/** Starts the app as `npm run test:e2e` would (built, or from source with E2E_FROM_SOURCE). */
async function startServer(port: number, env: Record<string, string>): Promise<Server> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'carebook-e2e-video-'));
  const entry = process.env.E2E_FROM_SOURCE
    ? ['--import', 'tsx', 'src/server/main.ts']
    : ['dist/server/main.js'];
  const child: ChildProcess = spawn(process.execPath, entry, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      SEED_DEMO: 'always',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      SESSION_JOIN_OPENS_MINUTES_BEFORE: '1440',
      SESSION_LOOKUP_RATE_LIMIT_PER_MINUTE: '10000',
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app on port ${port} exited at start-up`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the app on port ${port} did not start`);
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Booking {
  id: string;
  token: string;
  patientName: string;
}

/** Signs the provider in through the API, opens their hours around the clock, books visits. */
async function providerApi(baseURL: string) {
  const api: APIRequestContext = await playwrightRequest.newContext({ baseURL });
  const login = await api.post('/api/auth/login', {
    data: { email: PROVIDER.email, password: DEMO_PASSWORD },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const { user } = (await login.json()) as { user: { id: string } };
  const hours = await api.put('/api/availability', {
    data: {
      timezone: 'UTC',
      weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '00:00', end: '23:59' })),
      overrides: [],
    },
  });
  expect(hours.ok(), await hours.text()).toBe(true);
  const patients = (await (
    await api.get('/api/clinics/patient', { params: { clinic: 'riverside', keyword: 'a' } })
  ).json()) as Array<{ _id: string; firstName: string; lastName: string }>;
  let used = 0;
  return {
    api,
    /** The soonest free slot: with the window opening a day ahead, it is joinable now. */
    async book(): Promise<Booking> {
      const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString();
      const slots = (
        (await (
          await api.get('/api/clinics/riverside/slots', {
            params: {
              from: day(0).slice(0, 10),
              to: day(1).slice(0, 10),
              agentId: user.id,
              timezone: 'UTC',
            },
          })
        ).json()) as { slots: Array<{ startTime: string }> }
      ).slots;
      const patient = patients[used % patients.length]!;
      used += 1;
      const slot = slots[0]!;
      const res = await api.post('/api/appointments', {
        data: {
          date: slot.startTime,
          staff: { id: user.id },
          patient: { id: patient._id, clinic: 'riverside' },
          duration: 30,
          metadata: { source: 'carebook', type: 'custom', status: 'BOOKED' },
        },
      });
      expect(res.status(), await res.text()).toBe(201);
      const body = (await res.json()) as { _id: string; token: string };
      return { id: body._id, token: body.token, patientName: patient.firstName };
    },
  };
}

async function openProvider(browser: Browser, baseURL: string, booking: Booking): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInWith(
    page,
    { email: PROVIDER.email, password: DEMO_PASSWORD },
    `/session/${booking.id}`,
  );
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Video visit with');
  await page.getByRole('button', { name: 'Start visit' }).click();
  return page;
}

async function openPatient(browser: Browser, baseURL: string, booking: Booking): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`/session/?token=${booking.token}`);
  await expect(page.getByRole('heading', { name: `Hello ${booking.patientName}` })).toBeVisible();
  await page.getByRole('button', { name: 'Join your visit' }).click();
  return page;
}

function callStatus(page: Page) {
  return page.getByRole('region', { name: 'Video visit' }).getByRole('status');
}

/** The other person's video: a live track that is actually painting frames. */
async function expectLiveRemoteVideo(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const video = document.querySelector<HTMLVideoElement>('video[data-remote]');
          const track = (video?.srcObject as MediaStream | null)?.getVideoTracks()[0];
          return Boolean(video && track && track.readyState === 'live' && video.videoWidth > 0);
        }),
      { timeout: 20_000, message: 'remote video is live' },
    )
    .toBe(true);
}

test.describe('video visit on one app instance', () => {
  let server: Server;
  let provider: Awaited<ReturnType<typeof providerApi>>;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startServer(BASE_PORT, {});
    provider = await providerApi(server.url);
  });
  test.afterAll(async () => {
    await provider?.api.dispose();
    await server?.stop();
  });

  test('provider and patient each see the other live, and the call survives a blip', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const booking = await provider.book();
    const doctor = await openProvider(browser, server.url, booking);
    await expect(callStatus(doctor)).toHaveText('Waiting for the patient…');

    const patient = await openPatient(browser, server.url, booking);
    await expectLiveRemoteVideo(doctor);
    await expectLiveRemoteVideo(patient);
    await expect(callStatus(doctor)).toHaveText('Connected');
    await expect(callStatus(patient)).toHaveText('Connected');

    // Controls: mute and camera off are the patient's to flip; the call stays up.
    await patient.getByRole('button', { name: 'Mute' }).click();
    await expect(patient.getByRole('button', { name: 'Unmute' })).toBeVisible();
    await patient.getByRole('button', { name: 'Stop video' }).click();
    await expect(patient.getByRole('button', { name: 'Start video' })).toBeVisible();
    await patient.getByRole('button', { name: 'Start video' }).click();

    // A reload is the bluntest network blip: the patient comes back and both sides renegotiate.
    await patient.reload();
    await patient.getByRole('button', { name: 'Join your visit' }).click();
    await expectLiveRemoteVideo(doctor);
    await expectLiveRemoteVideo(patient);
    await expect(callStatus(doctor)).toHaveText('Connected');

    // Leaving says goodbye: the provider is told to wait again.
    await patient.getByRole('button', { name: 'Leave' }).click();
    await expect(callStatus(doctor)).toHaveText('Waiting for the patient…');
    await expect(patient.getByRole('button', { name: 'Join your visit' })).toBeVisible();
  });

  test('the patient waiting first, then the provider starting, connects too', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const booking = await provider.book();
    const patient = await openPatient(browser, server.url, booking);
    await expect(callStatus(patient)).toHaveText('Waiting for your provider to join…');
    const doctor = await openProvider(browser, server.url, booking);
    await expectLiveRemoteVideo(patient);
    await expectLiveRemoteVideo(doctor);
    await expect(callStatus(patient)).toHaveText('Connected');
  });

  test('the signalling socket reconnects after it drops, and the call renegotiates', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const booking = await provider.book();
    const doctor = await openProvider(browser, server.url, booking);
    const context = await browser.newContext({ baseURL: server.url });
    const patient = await context.newPage();
    // Playwright sits in the patient's socket, so the test can cut it like a flaky network would.
    const sockets: WebSocketRoute[] = [];
    await patient.routeWebSocket(/\/api\/session\/signal/, (ws) => {
      sockets.push(ws);
      ws.connectToServer();
    });
    await patient.goto(`/session/?token=${booking.token}`);
    await patient.getByRole('button', { name: 'Join your visit' }).click();
    await expectLiveRemoteVideo(patient);
    await expect(callStatus(doctor)).toHaveText('Connected');

    await sockets[0]!.close({ code: 1012, reason: 'network blip' });
    await expect.poll(() => sockets.length, { message: 'the page reconnected' }).toBe(2);
    await expect(callStatus(patient)).toHaveText('Connected');
    await expect(callStatus(doctor)).toHaveText('Connected');
    await expectLiveRemoteVideo(doctor);
    await expectLiveRemoteVideo(patient);
  });

  test('joining without camera or microphone still shows the provider', async ({ browser }) => {
    const booking = await provider.book();
    const doctor = await openProvider(browser, server.url, booking);
    const context = await browser.newContext({ baseURL: server.url });
    const patient = await context.newPage();
    // A browser that refuses the camera: the page explains and offers to go on without.
    await patient.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    await patient.goto(`/session/?token=${booking.token}`);
    await patient.getByRole('button', { name: 'Join your visit' }).click();
    await expect(
      patient.getByRole('heading', { name: 'Your camera and microphone are blocked' }),
    ).toBeVisible();
    await patient.getByRole('button', { name: 'Join without camera or microphone' }).click();
    await expectLiveRemoteVideo(patient);
    await expect(callStatus(doctor)).toHaveText('Connected');
    await expect(patient.getByText('No camera')).toBeVisible();
  });
});

test.describe('video visit across two app instances on one PostgreSQL', () => {
  const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const database = `carebook_e2e_video_${process.pid}`;
  let servers: Server[] = [];
  let provider: Awaited<ReturnType<typeof providerApi>> | undefined;

  const withDatabase = (url: string, name: string) => {
    const u = new URL(url);
    u.pathname = `/${name}`;
    return u.toString();
  };
  const admin = async <T>(fn: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  };

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    // The whole suite needs PostgreSQL (README); an unreachable server fails here, loudly.
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
    await admin((c) => c.query(`CREATE DATABASE ${database}`));
    const env = { DATABASE_URL: withDatabase(adminUrl, database) };
    // The first instance migrates and seeds; the second joins the same database.
    servers.push(await startServer(BASE_PORT + 1, env));
    servers.push(await startServer(BASE_PORT + 2, { ...env, SEED_DEMO: 'never' }));
    provider = await providerApi(servers[0]!.url);
  });
  test.afterAll(async () => {
    await provider?.api.dispose();
    for (const server of servers) await server.stop();
    servers = [];
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)).catch(() => {});
  });

  test('the provider on one instance and the patient on the other connect a call', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const booking = await provider!.book();
    const doctor = await openProvider(browser, servers[0]!.url, booking);
    await expect(callStatus(doctor)).toHaveText('Waiting for the patient…');
    const patient = await openPatient(browser, servers[1]!.url, booking);
    await expectLiveRemoteVideo(doctor);
    await expectLiveRemoteVideo(patient);
    await expect(callStatus(doctor)).toHaveText('Connected');
    await expect(callStatus(patient)).toHaveText('Connected');
  });
});
