import pg from 'pg';
import { expect, test, type Browser, type Page, type WebSocketRoute } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, fakeMediaLaunchOptions, signInWith } from './fixtures';
import { providerApi, startSessionServer, type SessionServer, type Visit } from './session-server';

/**
 * The video visit end to end: the provider on /session/:id and the patient on /session?token=…
 * in two Chromium contexts with fake camera and microphone, each seeing the other's live video.
 *
 * The join window must be open now, whatever the hour the suite runs. This spec therefore starts
 * its own app server(s), beside the suite's shared one, with the window opening a day ahead
 * (SESSION_JOIN_OPENS_MINUTES_BEFORE=1440) and the provider available around the clock.
 */

test.use({
  launchOptions: fakeMediaLaunchOptions,
});

const BASE_PORT = Number(process.env.E2E_PORT ?? 3100) + 50;
const PROVIDER = DEMO_ACCOUNTS.provider;

async function openProvider(browser: Browser, baseURL: string, booking: Visit): Promise<Page> {
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

async function openPatient(browser: Browser, baseURL: string, booking: Visit): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`/session/?token=${booking.token}`);
  await expect(page.getByRole('heading', { name: `Hello ${booking.firstName}` })).toBeVisible();
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

/** The call is up: each side sees the other's live video, then each says it is connected. */
async function expectConnected(...sides: Page[]) {
  for (const page of sides) await expectLiveRemoteVideo(page);
  for (const page of sides) await expect(callStatus(page)).toHaveText('Connected');
}

test.describe('video visit on one app instance', () => {
  let server: SessionServer;
  let provider: Awaited<ReturnType<typeof providerApi>>;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startSessionServer(BASE_PORT, {});
    provider = await providerApi(server.url, { clearSoon: true });
  });
  test.afterAll(async () => {
    await provider?.api.dispose();
    await server?.stop();
  });
  // Each test's windows hold a live call with fake camera streams; left open, they pile up
  // through the file and the last call waited over a minute for a core (fresh-clone run).
  test.afterEach(async ({ browser }) => {
    await Promise.all(browser.contexts().map((context) => context.close()));
  });

  test('provider and patient each see the other live, and the call survives a blip', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const booking = await provider.book();
    const doctor = await openProvider(browser, server.url, booking);
    await expect(callStatus(doctor)).toHaveText('Waiting for the patient…');

    const patient = await openPatient(browser, server.url, booking);
    await expectConnected(doctor, patient);

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

  test('only the provider joins: a colleague is told who may, a second patient window is refused', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const booking = await provider.book();
    const doctor = await openProvider(browser, server.url, booking);
    const patient = await openPatient(browser, server.url, booking);
    await expectLiveRemoteVideo(patient);
    await expect(callStatus(patient)).toHaveText('Connected');
    // The patient sees who answered, by the name the server gave.
    await expect(
      patient.getByRole('region', { name: 'Video visit' }).getByText(PROVIDER.name),
    ).toBeVisible();
    await patient.screenshot({ path: test.info().outputPath('patient-in-call-390x844.png') });

    const secondContext = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 390, height: 844 },
    });
    const secondWindow = await secondContext.newPage();
    await secondWindow.goto(`/session/?token=${booking.token}`);
    await secondWindow.getByRole('button', { name: 'Join your visit' }).click();
    await expect(callStatus(secondWindow)).toHaveText(
      'This visit is already open in another window or on another device. Close it there, then try again.',
    );
    await secondWindow.screenshot({ path: test.info().outputPath('second-window-390x844.png') });
    await expect(callStatus(patient)).toHaveText('Connected');

    const colleagueContext = await browser.newContext({ baseURL: server.url });
    const colleague = await colleagueContext.newPage();
    await signInWith(
      colleague,
      { email: DEMO_ACCOUNTS.staff.email, password: DEMO_PASSWORD },
      `/session/${booking.id}`,
    );
    await expect(
      colleague.getByText(
        `Only ${PROVIDER.name} can join this video visit: it is booked with them.`,
      ),
    ).toBeVisible();
    await expect(colleague.getByRole('button', { name: 'Start visit' })).toBeDisabled();
    // The server refuses the socket too, whatever the page offers.
    const closed = await colleague.evaluate(
      (id) =>
        new Promise<number>((resolve) => {
          const socket = new WebSocket(
            `${location.origin.replace('http', 'ws')}/api/session/signal?appointmentId=${id}`,
          );
          socket.onclose = (event) => resolve(event.code);
        }),
      booking.id,
    );
    expect(closed).toBe(4403);
    await expect(callStatus(doctor)).toHaveText('Connected');
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
    // A browser that blocks camera and microphone: the page explains and offers only what can
    // work, which is going on without them.
    await patient.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
      const query = navigator.permissions.query.bind(navigator.permissions);
      navigator.permissions.query = (descriptor) =>
        descriptor.name === ('microphone' as PermissionName)
          ? Promise.resolve({ state: 'denied' } as PermissionStatus)
          : query(descriptor);
    });
    await patient.goto(`/session/?token=${booking.token}`);
    await patient.getByRole('button', { name: 'Join your visit' }).click();
    await expect(
      patient.getByRole('heading', { name: 'Your camera and microphone are blocked' }),
    ).toBeVisible();
    await expect(patient.getByRole('button', { name: 'Join with microphone only' })).toHaveCount(0);
    await patient.setViewportSize({ width: 390, height: 844 });
    await patient.screenshot({ path: test.info().outputPath('devices-blocked-390x844.png') });
    await patient.getByRole('button', { name: 'Join without camera or microphone' }).click();
    await expectLiveRemoteVideo(patient);
    await expect(callStatus(doctor)).toHaveText('Connected');
    await expect(patient.getByText('No camera')).toBeVisible();
  });
});

test.describe('video visit across two app instances on one PostgreSQL', () => {
  const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const database = `carebook_e2e_video_${process.pid}`;
  let servers: SessionServer[] = [];
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
    servers.push(await startSessionServer(BASE_PORT + 1, env));
    servers.push(await startSessionServer(BASE_PORT + 2, { ...env, SEED_DEMO: 'never' }));
    provider = await providerApi(servers[0]!.url, { clearSoon: true });
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
    await expectConnected(doctor, patient);
  });
});
