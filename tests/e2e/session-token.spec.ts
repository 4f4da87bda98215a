import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
} from '@playwright/test';
import { chromiumLaunchOptions, DEMO_ACCOUNTS, DEMO_PASSWORD } from './fixtures';

/**
 * The patient's link through the real page: a valid link, a link replaced by a reschedule, a
 * cancelled visit, an unknown or malformed token, a visit too early to join; and PATIENT_JOINED
 * written once however often the patient joins.
 *
 * Joining needs a window that is open now: like session-video.spec.ts this spec runs its own app
 * with the window opening a day ahead and the provider available around the clock.
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
  // The patient's own zone, which the page must use (not the clinic's, not UTC).
  timezoneId: 'America/Chicago',
});

const PORT = Number(process.env.E2E_PORT ?? 3100) + 60;
const NOT_VALID =
  'This visit link is not valid. Please use the link in the latest message from your clinic.';
const DAY_MS = 86_400_000;

let stopServer: (() => Promise<void>) | undefined;
let api: APIRequestContext;
let providerId: string;
let patients: Array<{ _id: string; firstName: string; lastName: string }>;
let baseURL: string;

async function startServer(port: number): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'carebook-e2e-token-'));
  const entry = process.env.E2E_FROM_SOURCE
    ? ['--import', 'tsx', 'src/server/main.ts']
    : ['dist/server/main.js'];
  const child = spawn(process.execPath, entry, {
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
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the app exited at start-up');
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the app did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
  return async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
}

/** The provider's first free slot on the UTC day `daysAhead` days from now. */
async function firstFreeSlot(daysAhead: number): Promise<string> {
  const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
  const { slots } = (await (
    await api.get('/api/clinics/riverside/slots', {
      params: {
        from: day(daysAhead),
        to: day(daysAhead + 1),
        agentId: providerId,
        timezone: 'UTC',
      },
    })
  ).json()) as { slots: Array<{ startTime: string }> };
  return slots[0]!.startTime;
}

/** Books the first free slot `daysAhead` days from now (0: the soonest, joinable now). */
async function book(daysAhead = 0, patientIndex = 0) {
  const patient = patients[patientIndex]!;
  const res = await api.post('/api/appointments', {
    data: {
      date: await firstFreeSlot(daysAhead),
      staff: { id: providerId },
      patient: { id: patient._id, clinic: 'riverside' },
      duration: 30,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { _id: string; token: string; date: string };
  // The page shows the first word of the first name only.
  const firstName = patient.firstName.trim().split(/\s+/)[0]!;
  return { id: body._id, token: body.token, start: body.date, patient, firstName };
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  stopServer = await startServer(PORT);
  baseURL = `http://127.0.0.1:${PORT}`;
  api = await playwrightRequest.newContext({ baseURL });
  const login = await api.post('/api/auth/login', {
    data: { email: DEMO_ACCOUNTS.provider.email, password: DEMO_PASSWORD },
  });
  expect(login.ok(), await login.text()).toBe(true);
  providerId = ((await login.json()) as { user: { id: string } }).user.id;
  const hours = await api.put('/api/availability', {
    data: {
      timezone: 'UTC',
      weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '00:00', end: '23:59' })),
      overrides: [],
    },
  });
  expect(hours.ok(), await hours.text()).toBe(true);
  patients = (await (
    await api.get('/api/clinics/patient', { params: { clinic: 'riverside', keyword: 'a' } })
  ).json()) as typeof patients;
});

test.afterAll(async () => {
  await api?.dispose();
  await stopServer?.();
});

test.describe('patient visit link', () => {
  test.use({ baseURL: `http://127.0.0.1:${PORT}`, viewport: { width: 375, height: 812 } });

  test('a valid link shows the visit in the patient’s own zone, with first name only', async ({
    page,
  }) => {
    const visit = await book(0, 0);
    await page.goto(`/session/?token=${visit.token}`);
    await expect(page.getByRole('heading', { name: `Hello ${visit.firstName}` })).toBeVisible();
    await expect(page.getByText('Riverside Family Clinic')).toBeVisible();
    await expect(page.getByText('Your video visit with Dr. Priya Raman')).toBeVisible();
    const expectedTime = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Chicago',
      hour: 'numeric',
      minute: '2-digit',
    }).format(new Date(visit.start));
    await expect(page.getByText(new RegExp(`^${expectedTime} – `))).toBeVisible();
    await expect(
      page.getByText(/Times are in your time zone: .*\(America\/Chicago\)/),
    ).toBeVisible();
    await expect(page.getByText(/^Starts in \d+ minutes?$/)).toBeVisible();
    await expect(page.getByText('30 minutes')).toBeVisible();
    await expect(page.getByText('Booked')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Join your visit' })).toBeEnabled();
    await expect(page.getByText(visit.patient.lastName)).toHaveCount(0);
  });

  test('too early: says when joining opens and keeps Join disabled', async ({ page }) => {
    const visit = await book(4, 1);
    await page.goto(`/session/?token=${visit.token}`);
    await expect(page.getByText(/^You can join from .* on .* \(in \d+ days\)$/)).toBeVisible();
    await expect(page.getByText(/^Starts in \d+ days$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Join your visit' })).toBeDisabled();
  });

  test('after a reschedule the old link is not valid and the new one works', async ({ page }) => {
    const visit = await book(0, 2);
    const later = await firstFreeSlot(1);
    const res = await api.put(`/api/appointments/${visit.id}`, {
      data: { date: later, staff: { id: providerId }, duration: 30 },
    });
    expect(res.ok(), await res.text()).toBe(true);
    const moved = (await res.json()) as { token: string };
    expect(moved.token).not.toBe(visit.token);

    await page.goto(`/session/?token=${visit.token}`);
    await expect(page.getByRole('alert')).toHaveText(NOT_VALID);
    await expect(page.getByRole('button', { name: 'Join your visit' })).toHaveCount(0);
    await page.goto(`/session/?token=${moved.token}`);
    await expect(page.getByRole('heading', { name: `Hello ${visit.firstName}` })).toBeVisible();
  });

  test('a cancelled visit says so and offers no join', async ({ page }) => {
    const visit = await book(0, 3);
    const res = await api.post(`/api/appointments/${visit.id}?action=cancel`, {
      data: { reason: 'Provider unwell' },
    });
    expect(res.ok(), await res.text()).toBe(true);
    await page.goto(`/session/?token=${visit.token}`);
    await expect(page.getByText('This appointment was cancelled.')).toBeVisible();
    await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Join your visit' })).toHaveCount(0);
    // Nor can the socket or the join call be used behind the page's back.
    const join = await page.request.post('/api/session/join', { data: { token: visit.token } });
    expect(join.status()).toBe(409);
  });

  test('unknown, malformed and missing tokens all get the same message', async ({ page }) => {
    for (const query of [
      '?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      '?token=not%20a%20token!',
      '?token=',
      '',
    ]) {
      await page.goto(`/session/${query}`);
      await expect(page.getByRole('alert')).toHaveText(NOT_VALID);
      await expect(page.getByRole('heading', { name: /^Hello/ })).toHaveCount(0);
    }
  });

  test('joining twice, and reloading in between, records PATIENT_JOINED once', async ({ page }) => {
    const visit = await book(0, 4);
    await page.goto(`/session/?token=${visit.token}`);
    await page.getByRole('button', { name: 'Join your visit' }).click();
    await expect(page.getByRole('region', { name: 'Video visit' }).getByRole('status')).toHaveText(
      'Waiting for your provider to join…',
    );
    await page.getByRole('button', { name: 'Leave' }).click();
    await page.getByRole('button', { name: 'Join your visit' }).click();
    await expect(page.getByRole('button', { name: 'Leave' })).toBeVisible();
    await page.reload();
    await page.getByRole('button', { name: 'Join your visit' }).click();
    await expect(page.getByRole('button', { name: 'Leave' })).toBeVisible();

    const detail = (await (await api.get(`/api/appointments/${visit.id}`)).json()) as {
      statusHistory: Array<{ type: string; by: string | null }>;
    };
    const joined = detail.statusHistory.filter((e) => e.type === 'PATIENT_JOINED');
    expect(joined).toHaveLength(1);
    expect(joined[0]!.by).toBe(visit.firstName);
  });
});
