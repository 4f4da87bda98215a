import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { startRadicale } from '../../src/server/test/calendar-servers';
import { halfHourBooking, type ListedPatient } from './booking-api';
import { DEMO_ACCOUNTS, expect, test } from './fixtures';

const agentPath = (id: string) => `/api/admin/agents/${id}/availability`;

async function agentId(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.get(`/api/admin/agents?search=${encodeURIComponent(email)}`);
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { data: Array<{ id: string; email: string }> };
  return body.data.find((agent) => agent.email === email)!.id;
}

/** The radio names of the bookable-times picker, in order. */
async function offeredTimes(page: Page): Promise<string[]> {
  const card = page.locator('[data-slot="card"]', { hasText: 'Bookable times' });
  await expect(card.getByRole('radiogroup')).toBeVisible();
  return card
    .getByRole('radio')
    .evaluateAll((radios) => radios.map((radio) => radio.getAttribute('aria-label') ?? ''));
}

test('an admin changes an agent’s hours and the picker offers exactly the new times', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'admin');
  const id = await agentId(page.request, DEMO_ACCOUNTS.nurse.email);
  // Other journeys book with the demo agents: put the seeded week back afterwards.
  const original = await (await page.request.get(agentPath(id))).json();

  try {
    await test.step('the admin sets 6:00–7:00 PM on every day', async () => {
      await page.goto(`/admin/agents/${id}/availability`);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Staff availability' }),
      ).toBeVisible();
      await expect(
        page.getByText(`Weekly hours and time off for ${DEMO_ACCOUNTS.nurse.name}.`),
      ).toBeVisible();

      const remove = page.getByRole('button', {
        name: /^Remove (Sun|Mon|Tues|Wednes|Thurs|Fri|Satur)day hours/,
      });
      while ((await remove.count()) > 0) await remove.first().click();

      await page.getByRole('button', { name: 'Add hours on Sunday' }).click();
      await page.getByLabel('Sunday start').fill('18:00');
      await page.getByLabel('Sunday end').fill('19:00');
      await page.getByRole('button', { name: 'Copy Sunday to other days' }).click();
      const dialog = page.getByRole('dialog', { name: 'Copy Sunday' });
      await dialog.getByRole('button', { name: 'Every other day' }).click();
      await dialog.getByRole('button', { name: 'Copy to 6 days' }).click();
      await expect(dialog).toBeHidden();

      // The coming-week preview follows the unsaved draft.
      const week = page.locator('[data-slot="card"]', { hasText: 'Coming week' });
      await expect(week.getByText('6:00 PM – 7:00 PM')).toHaveCount(7);
      await expect(page.getByText('Unsaved changes')).toBeVisible();

      await page.getByRole('button', { name: 'Save' }).click();
      // The nurse's booked visits outside 6–7 PM are listed first; this journey keeps them.
      const warning = page.getByRole('alertdialog', { name: 'Visits outside the new hours' });
      await expect(warning.or(page.getByText('Availability saved'))).toBeVisible();
      if (await warning.isVisible()) {
        await warning.getByRole('button', { name: 'Save and keep these visits' }).click();
      }
      await expect(page.getByText('Availability saved')).toBeVisible();
      await expect(page.getByText('All changes saved')).toBeVisible();
    });

    await test.step('the picker offers those times and no others', async () => {
      const card = page.locator('[data-slot="card"]', { hasText: 'Bookable times' });
      await card.getByRole('button', { name: 'Next day' }).click();
      expect(await offeredTimes(page)).toEqual(['6:00 PM', '6:30 PM']);

      await card.getByLabel('Duration').click();
      await page.getByRole('option', { name: '60 min' }).click();
      expect(await offeredTimes(page)).toEqual(['6:00 PM']);

      // Keyboard: into the group, choose with Enter.
      await card.getByRole('radio', { name: '6:00 PM' }).focus();
      await page.keyboard.press('Enter');
      await expect(card.getByRole('radio', { name: '6:00 PM' })).toHaveAttribute(
        'aria-checked',
        'true',
      );
    });

    await test.step('a reload shows the saved week', async () => {
      await page.reload();
      await expect(page.getByLabel('Wednesday start')).toHaveValue('18:00');
      await expect(page.getByLabel('Wednesday end')).toHaveValue('19:00');
    });
  } finally {
    const { timezone, weekly, overrides } = original;
    const restore = await page.request.put(agentPath(id), {
      data: { timezone, weekly, overrides },
    });
    expect(restore.ok()).toBe(true);
  }
});

test('a provider sees their own week and cannot save overlapping hours', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'provider', { next: '/availability' });
  await expect(page.getByRole('heading', { level: 1, name: 'Availability' })).toBeVisible();
  await expect(page.getByLabel('Monday start')).toHaveValue('09:00');
  await expect(
    page.getByRole('radiogroup').or(page.getByText('No available times on this day')),
  ).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);

  await page.getByRole('button', { name: 'Add hours on Monday' }).click();
  await page.getByLabel('Monday start 2').fill('16:00');
  await page.getByLabel('Monday end 2').fill('18:00');
  await expect(page.getByText('Segments overlap on Monday')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

  await page.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page.getByText('Segments overlap on Monday')).toBeHidden();
  await expect(page.getByText('All changes saved')).toBeVisible();
});

test('on a phone every time field shows its whole value and clock', async ({ page, signIn }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'provider', { next: '/availability' });
  await expect(page.getByLabel('Monday start')).toHaveValue('09:00');
  // A field narrower than its own content cuts off the clock icon at its right edge.
  const clipped = await page.locator('input[type="time"]').evaluateAll((inputs) =>
    inputs
      .filter((input) => {
        const natural = input.cloneNode() as HTMLInputElement;
        natural.style.cssText = 'width:auto;min-width:0;position:absolute;visibility:hidden';
        input.parentElement!.append(natural);
        const needed = natural.getBoundingClientRect().width;
        natural.remove();
        return input.getBoundingClientRect().width + 0.5 < needed;
      })
      .map((input) => input.getAttribute('aria-label') ?? input.id),
  );
  expect(clipped).toEqual([]);
});

test('a day off over a booked visit lists it before saving, and the visit can be cancelled first', async ({
  page,
  signIn,
}) => {
  test.slow();
  await signIn(page, 'nurse', { next: '/availability' });
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const get = async <T>(path: string) => {
    const res = await page.request.get(path);
    expect(res.ok(), `${path}: ${res.status()}`).toBe(true);
    return (await res.json()) as T;
  };
  const original = await get<{ timezone: string; weekly: unknown; overrides: unknown }>(
    '/api/availability',
  );
  const { user } = await get<{ user: { id: string; name: string; email: string } }>(
    '/api/auth/session',
  );
  // A visit booked with the nurse on a coming day.
  const from = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 12 * 86_400_000).toISOString().slice(0, 10);
  const { slots } = await get<{ slots: Array<{ startTime: string }> }>(
    `/api/clinics/riverside/slots?from=${from}&to=${to}&duration=30&agentId=${user.id}&timezone=${encodeURIComponent(original.timezone)}`,
  );
  const slot = slots[0]!;
  const [patient] = await get<ListedPatient[]>('/api/clinics/patient?clinic=riverside&keyword=a');
  const booked = await page.request.post('/api/appointments', {
    headers: { origin },
    data: halfHourBooking(
      slot.startTime,
      { id: user.id, name: user.name, email: user.email },
      patient!,
      'riverside',
      'day off e2e',
    ),
  });
  expect(booked.ok(), await booked.text()).toBe(true);
  const appointment = (await booked.json()) as { _id: string };
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: original.timezone }).format(
    new Date(slot.startTime),
  );
  const patientName = `${patient!.firstName} ${patient!.lastName}`;

  try {
    await page.goto('/availability');
    await page.getByLabel('Day off from').fill(day);
    await page.getByRole('button', { name: 'Add days off' }).click();
    await page.getByRole('button', { name: 'Save' }).click();

    const warning = page.getByRole('alertdialog', { name: 'Visits outside the new hours' });
    await expect(warning).toBeVisible();
    const list = warning.getByRole('list', { name: 'Visits outside the new hours' });
    await expect(list.getByText(patientName).first()).toBeVisible();
    // Nothing is saved while the dialog asks.
    expect((await get<{ overrides: unknown[] }>('/api/availability')).overrides).toEqual(
      original.overrides,
    );
    await page.screenshot({ path: test.info().outputPath('outside-hours-dialog.png') });

    const rows = list.getByRole('listitem');
    const before = await rows.count();
    await warning
      .getByRole('button', { name: new RegExp(`^Cancel ${patientName}, `) })
      .first()
      .click();
    const cancel = page.getByRole('dialog', { name: 'Cancel Appointment' });
    await cancel.getByLabel('Reason for Cancellation').fill('The nurse is away that day');
    await cancel.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Appointment canceled successfully')).toBeVisible();
    await expect(cancel).toBeHidden();

    // Asked again: the cancelled visit has left the list.
    const after = page.getByRole('alertdialog');
    if (before === 1) {
      await expect(page.getByRole('alertdialog', { name: 'No visits left outside' })).toBeVisible();
    } else {
      await expect(rows).toHaveCount(before - 1);
    }
    await after.getByRole('button', { name: /^Save/ }).click();
    await expect(page.getByText('Availability saved')).toBeVisible();
    const saved = await get<{ status?: string; metadata: { status: string } }>(
      `/api/appointments/${appointment._id}`,
    );
    expect(saved.metadata.status).toBe('CANCELLED');
  } finally {
    const { timezone, weekly, overrides } = original;
    const restore = await page.request.put('/api/availability', {
      headers: { origin },
      data: { timezone, weekly, overrides },
    });
    expect(restore.ok()).toBe(true);
  }
});

test('a nurse connects an iCalendar address and its busy time leaves the picker', async ({
  page,
  signIn,
}) => {
  test.slow();
  // The nurse's other calendar, served over local HTTP from the test (E2E_ICS_PORT, else any).
  let ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//e2e//EN\r\nEND:VCALENDAR\r\n';
  const server = http.createServer((req, res) => {
    if (req.url !== '/secret/rota.ics') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' }).end(ics);
  });
  await new Promise<void>((resolve) =>
    server.listen(Number(process.env.E2E_ICS_PORT ?? 0), '127.0.0.1', resolve),
  );
  const icsUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/secret/rota.ics`;
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const card = page.locator('[data-slot="card"]', { hasText: 'Bookable times' });
  let calendarId: string | undefined;

  try {
    await signIn(page, 'nurse', { next: '/availability' });
    await expect(
      page.getByText('No outside calendar is connected. Connect one and its busy times', {
        exact: false,
      }),
    ).toBeVisible();

    // A coming day with at least two free times: the picker's own answer says which.
    let first: { startTime: string; endTime: string } | undefined;
    for (let days = 2; days < 10 && !first; days++) {
      const day = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
      const answer = page.waitForResponse(
        (res) => res.url().includes('/slots?') && res.url().includes(`from=${day}`),
      );
      await card.locator('input[type="date"]').fill(day);
      const { slots } = (await (await answer).json()) as {
        slots: Array<{ startTime: string; endTime: string }>;
      };
      if (slots.length >= 2) first = slots[0];
    }
    expect(first, 'a coming day with free times').toBeDefined();
    const before = await offeredTimes(page);
    const [taken, ...rest] = before;

    // Busy there at the first free time, as a hospital rota would say.
    const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//e2e//EN',
      'BEGIN:VEVENT',
      'UID:ward-round@e2e',
      `DTSTAMP:${stamp(new Date().toISOString())}`,
      `DTSTART:${stamp(first!.startTime)}`,
      `DTEND:${stamp(first!.endTime)}`,
      'SUMMARY:Ward round',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');

    const form = page.getByRole('form', { name: 'Connect a calendar' });
    await form.getByLabel('Name').fill('Hospital rota');
    await form.getByLabel('Secret iCalendar address').fill(icsUrl);
    await form.getByRole('button', { name: 'Connect calendar' }).click();
    const row = page.getByRole('listitem', { name: 'Hospital rota' });
    await expect(row.getByText('Last synced 0 minutes ago')).toBeVisible();
    // Only the host is shown again: the address is the secret.
    await expect(row).not.toContainText('/secret/rota.ics');

    await expect.poll(() => offeredTimes(page)).not.toContain(taken);
    const after = await offeredTimes(page);
    expect(after).toEqual(rest.filter((time) => after.includes(time)));
    expect(after).toContain(rest.at(-1));

    const listed = await page.request.get('/api/outside-calendars');
    calendarId = ((await listed.json()) as { items: Array<{ id: string }> }).items[0]?.id;
  } finally {
    if (calendarId) {
      const gone = await page.request.delete(`/api/outside-calendars/${calendarId}`, {
        headers: { origin },
      });
      expect(gone.ok()).toBe(true);
    }
    await new Promise((resolve) => server.close(resolve));
  }
});

test('a nurse has her appointments written into her CalDAV calendar, without the patient’s name', async ({
  page,
  signIn,
}) => {
  test.slow();
  // Her CalDAV server: Radicale, started by the test (E2E_RADICALE_PORT, else any free port).
  const port = Number(process.env.E2E_RADICALE_PORT ?? 0);
  const radicale = await startRadicale(port ? { port } : {});
  const origin = new URL(test.info().project.use.baseURL!).origin;
  let calendarId: string | undefined;
  try {
    const calendarUrl = await radicale.makeCalendar('nora', 'work');
    await signIn(page, 'nurse', { next: '/availability' });
    const connected = await page.request.post('/api/outside-calendars', {
      headers: { origin },
      data: {
        kind: 'caldav',
        name: 'Work calendar',
        url: calendarUrl,
        username: 'nora',
        password: 'app-password',
      },
    });
    expect(connected.status()).toBe(201);
    calendarId = ((await connected.json()) as { id: string }).id;
    await page.reload();

    const row = page.getByRole('listitem', { name: 'Work calendar' });
    const names = row.getByRole('checkbox', { name: 'Name the patient in those events' });
    await expect(names).toBeDisabled();
    // The box shows the saved state: ticked once the server has switched push on.
    const push = row.getByRole('checkbox', {
      name: 'Write appointments booked here into this calendar',
    });
    await push.click();
    await expect(push).toBeChecked();
    await expect(names).toBeEnabled();
    await expect(row.getByText(/Events show only “Appointment” and the service/)).toBeVisible();

    // A visit booked with her: the worker writes it under its own UID, with no patient name.
    const { user } = (await (await page.request.get('/api/auth/session')).json()) as {
      user: { id: string; name: string; email: string; timezone: string };
    };
    const from = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 12 * 86_400_000).toISOString().slice(0, 10);
    const { slots } = (await (
      await page.request.get(
        `/api/clinics/riverside/slots?from=${from}&to=${to}&duration=30&agentId=${user.id}&timezone=UTC`,
      )
    ).json()) as { slots: Array<{ startTime: string }> };
    const [patient] = (await (
      await page.request.get('/api/clinics/patient?clinic=riverside&keyword=a')
    ).json()) as ListedPatient[];
    const booked = await page.request.post('/api/appointments', {
      headers: { origin },
      data: halfHourBooking(
        slots[0]!.startTime,
        { id: user.id, name: user.name, email: user.email },
        patient!,
        'riverside',
        'Pushed',
      ),
    });
    expect(booked.status()).toBe(201);
    const id = ((await booked.json()) as { _id: string })._id;
    const file = `carebook-${id}.ics`;
    await expect
      .poll(async () => (await radicale.get(calendarUrl, 'nora', file))?.text ?? '', {
        timeout: 30_000,
      })
      .toContain(`UID:${id}@carebook`);
    const event = (await radicale.get(calendarUrl, 'nora', file))!.text;
    expect(event).toContain('SUMMARY:Appointment: ');
    expect(event).not.toContain(patient!.lastName);
    await page.reload();
    await expect(row.getByText(/^Last pushed/)).toBeVisible();

    // Cancelled: it leaves her calendar.
    const cancelled = await page.request.post(`/api/appointments/${id}?action=cancel`, {
      headers: { origin },
      data: { reason: 'Journey done' },
    });
    expect(cancelled.ok()).toBe(true);
    await expect
      .poll(async () => radicale.get(calendarUrl, 'nora', file), { timeout: 30_000 })
      .toBeNull();
  } finally {
    if (calendarId) {
      const gone = await page.request.delete(`/api/outside-calendars/${calendarId}`, {
        headers: { origin },
      });
      expect(gone.ok()).toBe(true);
    }
    await radicale.close();
  }
});
