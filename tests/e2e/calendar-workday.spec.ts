import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { halfHourBooking, type ListedPatient } from './booking-api';
import { expect, test } from './fixtures';

const CLINIC = 'riverside';
const ZONE = 'America/New_York';

test.beforeEach(() => test.slow());

async function putProfile(request: APIRequestContext, data: Record<string, unknown>) {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const res = await request.put('/api/auth/profile', { data, headers: { origin } });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Where a grid's hour row sits in its scroll area: 0 is the area's top edge. */
async function rowOffset(scroller: Locator, time: string) {
  const row = scroller.locator(`[data-time="${time}"]`).first();
  const rowBox = (await row.boundingBox())!;
  const areaBox = (await scroller.boundingBox())!;
  return { top: rowBox.y - areaBox.y, areaHeight: areaBox.height };
}

async function api<T>(request: APIRequestContext, path: string, data?: unknown) {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const res = await request.fetch(path, {
    method: data ? 'POST' : 'GET',
    data,
    headers: { origin },
  });
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

const hourIn = (iso: string, timeZone: string) =>
  Number(
    new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(
      new Date(iso),
    ),
  );
const dateIn = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(iso));

/**
 * Books one of the clinic's providers (the front desk's calendar shows everyone's) a half hour in New York's late morning or afternoon, which Tokyo
 * reads as between midnight and 7 AM, and answers the Tokyo date it falls on: the grids must
 * reach back to midnight for it whatever day the journey runs (a weekend's day view is empty).
 */
async function bookEarlyTokyoVisit(request: APIRequestContext) {
  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const { slots } = await api<{
    slots: Array<{ startTime: string; agentId: string; agentName: string; agentEmail: string }>;
  }>(
    request,
    `/api/clinics/${CLINIC}/slots?from=${day(1)}&to=${day(10)}&duration=30&timezone=${encodeURIComponent(ZONE)}`,
  );
  const slot = slots.find(
    (s) => hourIn(s.startTime, ZONE) >= 10 && hourIn(s.startTime, 'Asia/Tokyo') < 7,
  );
  expect(slot, 'a free half hour in New York between 10 AM and 5 PM').toBeDefined();
  const [patient] = await api<ListedPatient[]>(
    request,
    `/api/clinics/patient?clinic=${CLINIC}&keyword=a`,
  );
  await api(
    request,
    '/api/appointments',
    halfHourBooking(
      slot!.startTime,
      { id: slot!.agentId, name: slot!.agentName, email: slot!.agentEmail },
      patient!,
      CLINIC,
      'workday grid e2e',
    ),
  );
  return dateIn(slot!.startTime, 'Asia/Tokyo');
}

async function openCalendar(page: Page, view: 'day' | 'week', date: string) {
  await page.goto(`/calendar?view=${view}&date=${date}`);
  const scroller = page.getByTestId('calendar-scroller');
  await expect(scroller.locator('[data-time="07:00:00"]').first()).toBeAttached({
    timeout: 20_000,
  });
  return scroller;
}

for (const [device, viewport] of [
  ['desktop', { width: 1440, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`the day and week grids open at 7 AM, not midnight (${device})`, async ({
    page,
    signIn,
  }) => {
    await page.setViewportSize(viewport);
    await signIn(page, 'staff');
    const { user } = await (await page.request.get('/api/auth/session')).json();
    // New York's working day read in Tokyo runs from 10 PM past midnight into the morning, so
    // the grids reach back to midnight for a visit in it.
    const date = await bookEarlyTokyoVisit(page.request);
    await putProfile(page.request, { timezone: 'Asia/Tokyo' });
    try {
      await expectOpenAtSeven(page, device, date);
    } finally {
      await putProfile(page.request, { timezone: user.timezone });
    }
  });
}

async function expectOpenAtSeven(page: Page, device: string, date: string) {
  for (const view of ['week', 'day'] as const) {
    const scroller = await openCalendar(page, view, date);
    await expect(scroller.locator('[data-time="00:00:00"]').first()).toBeAttached();
    const { top, areaHeight } = await rowOffset(scroller, '07:00:00');
    // Below the column headers, within the first rows of the visible area.
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(Math.min(120, areaHeight / 3));
    await expect(scroller.locator('[data-time="07:00:00"]').first()).toBeInViewport();
    await page.screenshot({ path: `/tmp/calendar-${view}-${device}.png` });
  }
}
