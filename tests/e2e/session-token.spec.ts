import { expect, test, type APIRequestContext } from '@playwright/test';
import { fakeMediaLaunchOptions } from './fixtures';
import { providerApi, startSessionServer, type SessionServer } from './session-server';

/**
 * The patient's link through the real page: a valid link, a link kept through a reschedule, a
 * cancelled visit, an unknown or malformed token, a visit too early to join; and PATIENT_JOINED
 * written once however often the patient joins.
 *
 * Joining needs a window that is open now: the spec runs its own app (session-server.ts).
 */

test.use({
  launchOptions: fakeMediaLaunchOptions,
  // The patient's own zone, which the page must use (not the clinic's, not UTC).
  timezoneId: 'America/Chicago',
});

const PORT = Number(process.env.E2E_PORT ?? 3100) + 60;
const NOT_VALID =
  'This visit link is not valid. Please use the link in the latest message from your clinic.';

let server: SessionServer | undefined;
let provider: Awaited<ReturnType<typeof providerApi>>;
let api: APIRequestContext;
let providerId: string;

const book = (daysAhead: number, patientIndex: number) => provider.book(daysAhead, patientIndex);
const firstFreeSlot = (daysAhead: number) => provider.firstFreeSlot(daysAhead);

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startSessionServer(PORT);
  provider = await providerApi(server.url, { clearSoon: true });
  ({ api, providerId } = provider);
});

test.afterAll(async () => {
  await provider?.api.dispose();
  await server?.stop();
});

test.describe('patient visit link', () => {
  test.use({ baseURL: `http://127.0.0.1:${PORT}`, viewport: { width: 375, height: 812 } });

  test('a valid link shows the visit in the patient’s own zone, with first name only', async ({
    page,
  }) => {
    const visit = await book(0, 0);
    await page.goto(`/session/?token=${visit.token}`);
    await expect(page.getByRole('heading', { name: `Hello ${visit.firstName}` })).toBeVisible();
    // The visit's card names the clinic; the block under it says how to reach the clinic.
    await expect(page.getByRole('article').getByText('Riverside Family Clinic')).toBeVisible();
    await expect(page.getByLabel(/How to reach Riverside Family Clinic/)).toBeVisible();
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
    // The length, exactly: a visit that starts in 30 minutes also says "Starts in 30 minutes".
    await expect(page.getByText('30 minutes', { exact: true })).toBeVisible();
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

  test('after a reschedule the same link still works and shows the new time', async ({ page }) => {
    const visit = await book(0, 2);
    const later = await firstFreeSlot(1);
    const res = await api.put(`/api/appointments/${visit.id}`, {
      data: { date: later, staff: { id: providerId }, duration: 30 },
    });
    expect(res.ok(), await res.text()).toBe(true);
    const moved = (await res.json()) as { token: string };
    expect(moved.token).toBe(visit.token);

    await page.goto(`/session/?token=${visit.token}`);
    await expect(page.getByRole('heading', { name: `Hello ${visit.firstName}` })).toBeVisible();
    const expectedTime = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Chicago',
      hour: 'numeric',
      minute: '2-digit',
    }).format(new Date(later));
    await expect(page.getByText(new RegExp(`^${expectedTime} – `))).toBeVisible();
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
