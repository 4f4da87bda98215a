import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { formatTime } from '../../src/domain/format';
import { halfHourBooking, type ListedPatient } from './booking-api';
import { expect, test } from './fixtures';

const ZONE = 'America/New_York';
const CLINIC = 'riverside';

interface Slot {
  startTime: string;
  agentId: string;
  agentName: string;
  agentEmail: string;
}
interface Appointment {
  _id: string;
  date: string;
  staff: { id: string; name: string };
  patient: { name: string };
}

/** Local date and wall time of an instant in New York, as the calendar's grid labels them. */
function local(iso: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}:00`,
  };
}

async function api<T>(
  request: APIRequestContext,
  path: string,
  init?: { data?: unknown; method?: string },
) {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const res = await request.fetch(path, {
    method: init?.method ?? (init?.data ? 'POST' : 'GET'),
    data: init?.data,
    headers: { origin },
  });
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/**
 * A day ahead on which the provider has at least four free half hours, and a new appointment
 * in the first of them; the others are where it can be moved.
 */
async function bookFreshAppointment(page: Page) {
  const { user } = await api<{ user: { id: string } }>(page.request, '/api/auth/session');
  const from = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const { slots } = await api<{ slots: Slot[] }>(
    page.request,
    `/api/clinics/${CLINIC}/slots?from=${from}&to=${to}&duration=30&agentId=${user.id}&timezone=${encodeURIComponent(ZONE)}`,
  );
  const byDay = new Map<string, Slot[]>();
  for (const slot of slots) {
    const day = local(slot.startTime).date;
    byDay.set(day, [...(byDay.get(day) ?? []), slot]);
  }
  const day = [...byDay.values()].find((list) => list.length >= 4)!;
  const [first, ...rest] = day;
  const free = rest.filter(
    (s) => new Date(s.startTime).getTime() - new Date(first!.startTime).getTime() >= 60 * 60_000,
  );
  const [patient] = await api<ListedPatient[]>(
    page.request,
    `/api/clinics/patient?clinic=${CLINIC}&keyword=a`,
  );
  const book = (slot: Slot) =>
    api<Appointment>(page.request, '/api/appointments', {
      data: halfHourBooking(
        slot.startTime,
        { id: slot.agentId, name: slot.agentName, email: slot.agentEmail },
        patient!,
        CLINIC,
        'calendar e2e',
      ),
    });
  return {
    agentId: user.id,
    appointment: await book(first!),
    free,
    book,
    date: local(first!.startTime).date,
  };
}

/** 0 = Sunday, for a YYYY-MM-DD the grid wrote in data-date. */
const weekdayOf = (key: string | null) => new Date(`${key}T12:00:00Z`).getUTCDay();

/**
 * Drags an event to the row of `target` (a time label of the grid) in small steps, as
 * FullCalendar needs to see a real drag. It stays in its own column: only the time changes.
 * It first waits until the page takes pointer input again (a closing dialog leaves the body
 * unclickable for its exit animation) and the event has stopped moving (a refused move animates
 * back): a press before that lands elsewhere, selects text and drags nothing.
 */
async function dragTo(page: Page, item: Locator, target: Locator) {
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.locator('body')).not.toHaveCSS('pointer-events', 'none');
  let from: { x: number; y: number; width: number; height: number } | null = null;
  await expect
    .poll(
      async () => {
        const before = await item.boundingBox();
        await page.waitForTimeout(150);
        from = await item.boundingBox();
        return before !== null && from !== null && before.x === from.x && before.y === from.y;
      },
      { message: 'the event to drag stays in one place' },
    )
    .toBe(true);
  from = from!;
  const to = (await target.boundingBox())!;
  const x = from.x + from.width / 2;
  const grip = Math.min(from.height / 2, 10);
  await page.mouse.move(x, from.y + grip);
  await page.mouse.down();
  await page.mouse.move(x, from.y + grip + 12, { steps: 4 });
  await page.mouse.move(x, to.y + grip, { steps: 15 });
  await page.mouse.up();
}

// The whole working day must be on screen: a drag cannot reach a time scrolled out of view.
test.use({ viewport: { width: 1280, height: 1400 } });

const calendarFor = (page: Page, agentId: string) => page.locator(`[data-agent-id="${agentId}"]`);

/** The booked appointment's day on the calendar, in its agent's column. */
async function openItsDay(
  page: Page,
  { appointment, agentId, date }: { appointment: Appointment; agentId: string; date: string },
) {
  const url = `/calendar?view=day&date=${date}&agent=${agentId}`;
  await page.goto(url);
  const column = calendarFor(page, agentId);
  return { url, column, block: column.locator(`[data-event-id="${appointment._id}"]`) };
}

test('moves between day, week and month views, with Sunday-first weeks', async ({
  page,
  signIn,
}) => {
  // Everyone's columns: a provider's calendar opens on their own otherwise (ADR 034).
  await signIn(page, 'provider', { next: '/calendar?view=week&agent=all' });
  const heading = page.getByRole('heading', { level: 2 });
  const view = page.getByRole('group', { name: 'Calendar view' });
  await expect(view.getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'true');
  await expect(heading).toHaveText(/^[A-Z][a-z]{2} \d+ – ([A-Z][a-z]{2} )?\d+, \d{4}/);
  const week = page.getByRole('region', { name: 'Week calendar' });
  await expect(week.getByRole('columnheader')).toHaveCount(7);
  expect(weekdayOf(await week.getByRole('columnheader').first().getAttribute('data-date'))).toBe(0);

  const thisWeek = await heading.textContent();
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(heading).not.toHaveText(thisWeek!);
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(heading).toHaveText(thisWeek!);

  await view.getByRole('button', { name: 'Day' }).click();
  await expect(heading).toHaveText(
    /^(Sun|Mon|Tues|Wednes|Thurs|Fri|Satur)day, [A-Z][a-z]+ \d+, \d{4}$/,
  );
  // One column per agent of the clinic.
  for (const agent of ['Dr. Priya Raman', 'Nora Kelly, RN', 'Dr. Marcus Bell']) {
    await expect(page.getByRole('region', { name: `${agent}'s appointments` })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Previous day' }).click();
  await expect(page).toHaveURL(/date=\d{4}-\d{2}-\d{2}/);

  await view.getByRole('button', { name: 'Month' }).click();
  await expect(heading).toHaveText(/^[A-Z][a-z]+ \d{4}$/);
  const month = page.getByRole('region', { name: 'Month calendar' });
  await expect(month.getByRole('columnheader').first()).toContainText('Sun');
  const firstDay = month.locator('[role="gridcell"][data-date], [data-date]').first();
  expect(weekdayOf(await firstDay.getAttribute('data-date'))).toBe(0);

  await view.getByRole('button', { name: 'List' }).click();
  await expect(page.getByRole('heading', { level: 3 }).first()).toBeVisible();
  // The address keeps the view: a reload shows the same calendar.
  await page.reload();
  await expect(view.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
});

test('a dragged appointment moves after confirming, and the server has the new time', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'provider');
  const fresh = await bookFreshAppointment(page);
  const { appointment, free } = fresh;
  const target = free[0]!;
  const { column, block } = await openItsDay(page, fresh);
  await expect(block).toBeVisible();

  await dragTo(
    page,
    block,
    column.locator(`[data-time="${local(target.startTime).time}"]`).first(),
  );
  const dialog = page.getByRole('alertdialog', { name: 'Move this appointment?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Move' }).click();
  await expect(page.getByText('Appointment updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  const saved = await api<Appointment>(page.request, `/api/appointments/${appointment._id}`);
  expect(new Date(saved.date).toISOString()).toBe(new Date(target.startTime).toISOString());
});

test('a drop outside the provider’s hours or onto a taken time is refused in the server’s words before Move, and snaps back', async ({
  page,
  signIn,
}) => {
  test.slow();
  await signIn(page, 'provider');
  const fresh = await bookFreshAppointment(page);
  const { appointment, free, book } = fresh;
  const blocker = await book(free[1]!);
  const { column, block } = await openItsDay(page, fresh);
  await expect(block).toBeVisible();
  const startTop = (await block.boundingBox())!.y;
  const dialog = page.getByRole('alertdialog', { name: 'Move this appointment?' });

  await test.step('07:00 is before the provider starts work', async () => {
    await dragTo(page, block, column.locator('[data-time="07:00:00"]').first());
    await expect(
      dialog.getByText(
        `${appointment.staff.name} is not available at this time. Pick another slot.`,
      ),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Move' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(async () => (await block.boundingBox())!.y).toBeCloseTo(startTop, 0);
  });

  await test.step('another appointment, booked a moment ago, already holds that time', async () => {
    await dragTo(page, block, column.locator(`[data-time="${local(blocker.date).time}"]`).first());
    const conflict = dialog.getByRole('alert');
    await expect(conflict).toContainText(
      'This time was just booked by someone else. Pick another slot.',
    );
    await expect(conflict).toContainText(`Booked: `);
    await expect(dialog.getByRole('button', { name: 'Move' })).toBeDisabled();
    await page.screenshot({ path: test.info().outputPath('move-conflict.png') });
    // The slot picker instead: only free times.
    await conflict.getByRole('button', { name: 'Choose another time' }).click();
    await expect(page.getByRole('dialog', { name: 'Reschedule Appointment' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await block.boundingBox())!.y).toBeCloseTo(startTop, 0);
  });

  const saved = await api<Appointment>(page.request, `/api/appointments/${appointment._id}`);
  expect(saved.date).toBe(appointment.date);
});

test('a provider’s calendar opens on their own column; All providers is one choice away', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'provider', { next: '/calendar?view=day' });
  const { user } = await api<{ user: { id: string; name: string } }>(
    page.request,
    '/api/auth/session',
  );
  const columns = page.getByTestId('agent-day-view').locator('[data-agent-id]');
  await expect(columns).toHaveCount(1);
  await expect(columns.first()).toHaveAttribute('data-agent-id', user.id);
  await expect(page.getByLabel('Provider')).toContainText(user.name);
  await page.screenshot({ path: test.info().outputPath('own-column.png') });

  await page.getByLabel('Provider').click();
  await page.getByRole('option', { name: 'All providers' }).click();
  await expect(page).toHaveURL(/[?&]agent=all/);
  await expect.poll(async () => columns.count()).toBeGreaterThan(1);
  // A reload keeps everyone: the choice is in the address.
  await page.reload();
  await expect(page.getByLabel('Provider')).toContainText('All providers');
  await expect.poll(async () => columns.count(), { timeout: 15_000 }).toBeGreaterThan(1);
});

test('the keyboard way: M on a focused appointment opens the slot picker to move it', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'provider');
  const fresh = await bookFreshAppointment(page);
  const { appointment, date } = fresh;
  const { block } = await openItsDay(page, fresh);
  await block.focus();
  await page.keyboard.press('m');

  const dialog = page.getByRole('dialog', { name: 'Reschedule Appointment' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/^Current: .+ at \d{1,2}:\d{2} [AP]M$/)).toBeVisible();
  await expect(
    dialog.getByText(`Provider: ${appointment.staff.name}`, { exact: true }),
  ).toBeVisible();
  const times = dialog.getByRole('radio');
  await expect(times.first()).toBeVisible();
  await times.last().focus();
  await page.keyboard.press('Space');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Appointment updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  const saved = await api<Appointment>(page.request, `/api/appointments/${appointment._id}`);
  expect(saved.date).not.toBe(appointment.date);
  expect(local(saved.date).date).toBe(date);
});

test('an appointment opens over the calendar, which is as it was after closing', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'provider');
  const fresh = await bookFreshAppointment(page);
  const { appointment } = fresh;
  const { url: calendarUrl, block } = await openItsDay(page, fresh);
  // The details dialog is titled with the patient's name.
  const details = page.getByRole('dialog', { name: appointment.patient.name });

  await test.step('a click on the appointment shows its details on the calendar', async () => {
    await block.click();
    await expect(details).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/calendar');
    await expect(page).toHaveURL(new RegExp(`appointment=${appointment._id}`));
    await details.getByRole('button', { name: 'Close' }).click();
    await expect(details).toBeHidden();
    await expect(page).toHaveURL(calendarUrl);
    await expect(block).toBeVisible();
  });

  await test.step('from the keyboard, focus goes back to the appointment', async () => {
    await block.focus();
    await page.keyboard.press('Enter');
    await expect(details).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();
    await expect(block).toBeFocused();
  });

  await test.step('View Details in the list view opens the same dialog', async () => {
    await page
      .getByRole('group', { name: 'Calendar view' })
      .getByRole('button', { name: 'List' })
      .click();
    // This appointment's own row: earlier journeys may have booked the same patient that day.
    const time = formatTime(appointment.date, ZONE);
    const escaped = appointment.patient.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const view = page.getByRole('button', {
      name: new RegExp(`^View Details: ${escaped}, .* ${time} –`),
    });
    await view.click();
    await expect(details).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/calendar');
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();
    await expect(view).toBeFocused();
    await expect(page).toHaveURL(/view=list/);
  });
});
