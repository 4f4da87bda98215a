// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, stubApi } from '@web/test/api-stub';
import { cleanUpAfterEach, renderRoutes } from '@web/test/render-with-client';
import type { AvailabilityResponse } from '@contracts/availability';
import { AvailabilityEditor } from './availability-editor';
import type { RenderVisitAction } from './outside-hours-dialog';

const initial: AvailabilityResponse = {
  agent: {
    id: 'agent-1',
    name: 'Nora Kelly, RN',
    email: 'nora@carebook.test',
    role: 'nurse',
    timezone: 'America/New_York',
  },
  clinics: [],
  timezone: 'America/New_York',
  weekly: [1, 2, 3, 4, 5].map((weekday) => ({
    weekday: weekday as 1 | 2 | 3 | 4 | 5,
    start: '09:00',
    end: '17:00',
  })),
  overrides: [],
  isDefault: false,
  updatedAt: '2026-11-20T10:00:00.000Z',
};

const CHECK_URL = '/api/availability/visits-outside-hours';
const noVisitsOutside = { visits: [], total: 0, elsewhere: 0 };

function renderEditor(renderVisitAction?: RenderVisitAction) {
  renderRoutes(
    [
      {
        path: '/availability',
        element: (
          <AvailabilityEditor
            target={{ kind: 'own' }}
            initial={initial}
            renderVisitAction={renderVisitAction}
          />
        ),
      },
    ],
    '/availability',
  );
}

const setTime = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const saveButton = () => screen.getByRole('button', { name: 'Save' });

cleanUpAfterEach();

describe('AvailabilityEditor weekly hours', () => {
  it('lists the days from Sunday with their ranges; empty days read Unavailable', () => {
    renderEditor();
    const days = screen.getAllByRole('group').map((g) => g.getAttribute('aria-labelledby'));
    expect(days).toHaveLength(7);
    const sunday = screen.getAllByRole('group')[0]!;
    expect(within(sunday).getByText('Sunday')).toBeInTheDocument();
    expect(within(sunday).getByText('Unavailable')).toBeInTheDocument();
    expect((screen.getByLabelText('Monday start') as HTMLInputElement).value).toBe('09:00');
    expect(screen.getByText('All changes saved')).toBeInTheDocument();
    expect((saveButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('flags overlapping ranges on the day and blocks Save until they are fixed', async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.click(screen.getByRole('button', { name: 'Add hours on Monday' }));
    setTime('Monday start 2', '16:00');
    setTime('Monday end 2', '18:00');
    expect(screen.getByText('Segments overlap on Monday')).toBeInTheDocument();
    expect(screen.getByText('Fix 1 problem to save')).toBeInTheDocument();
    expect((saveButton() as HTMLButtonElement).disabled).toBe(true);

    setTime('Monday start 2', '17:00');
    expect(screen.queryByText('Segments overlap on Monday')).toBeNull();
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    expect((saveButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('refuses an end equal to the start, next to the range', () => {
    renderEditor();
    setTime('Tuesday end', '09:00');
    const end = screen.getByLabelText('Tuesday end');
    expect(end.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(end.getAttribute('aria-describedby')!);
    expect(message?.textContent).toBe('End time must differ from start time');
    expect((saveButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('accepts an empty day, and marks a range past midnight as ending the next day', async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.click(screen.getByRole('button', { name: 'Remove Wednesday hours' }));
    const wednesday = screen.getAllByRole('group')[3]!;
    expect(within(wednesday).getByText('Unavailable')).toBeInTheDocument();
    setTime('Friday start', '22:00');
    setTime('Friday end', '06:00');
    expect(screen.getByText('Ends next day')).toBeInTheDocument();
    expect((saveButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('copies a day onto the days picked', async () => {
    const user = userEvent.setup();
    renderEditor();
    setTime('Monday start', '08:00');
    await user.click(screen.getByRole('button', { name: 'Copy Monday to other days' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy Monday' });
    await user.click(within(dialog).getByLabelText('Saturday'));
    await user.click(within(dialog).getByLabelText('Sunday'));
    await user.click(within(dialog).getByRole('button', { name: 'Copy to 2 days' }));
    expect((screen.getByLabelText('Saturday start') as HTMLInputElement).value).toBe('08:00');
    expect((screen.getByLabelText('Sunday end') as HTMLInputElement).value).toBe('17:00');
    expect((screen.getByLabelText('Tuesday start') as HTMLInputElement).value).toBe('09:00');
  });

  it('saves the whole schedule and shows the server text when it refuses', async () => {
    const fetchMock = stubApi(({ url }) =>
      url.pathname === CHECK_URL
        ? json(noVisitsOutside)
        : json(
            {
              error: 'bad_request',
              message: 'The schedule cannot be saved; fix the problems listed.',
              details: 'Segments overlap on Sunday',
            },
            400,
          ),
    );
    const user = userEvent.setup();
    renderEditor();
    await user.click(screen.getByRole('button', { name: 'Remove Friday hours' }));
    await user.click(saveButton());

    expect((await screen.findByRole('alert')).textContent).toBe('Segments overlap on Sunday');
    // The booked visits are checked first; none is left outside, so the schedule is saved.
    const calls = fetchMock.mock.calls.filter((c) => String(c[0]).startsWith('/api/availability'));
    expect(calls.map((c) => c[0])).toEqual([CHECK_URL, '/api/availability']);
    const [url, init] = calls[1] as unknown as [string, RequestInit];
    expect(url).toBe('/api/availability');
    expect(init.method).toBe('PUT');
    const body = JSON.parse(init.body as string);
    expect(body.timezone).toBe('America/New_York');
    expect(body.weekly.map((s: { weekday: number }) => s.weekday)).toEqual([1, 2, 3, 4]);
    await waitFor(() => expect(screen.getByText('Unsaved changes')).toBeInTheDocument());
  });
});

describe('AvailabilityEditor visits outside the new hours (ADR 034)', () => {
  const tuesdayVisit = {
    _id: 'appt-1',
    date: '2026-11-24T15:00:00.000Z',
    duration: 30,
    status: 'BOOKED',
    patientName: 'José Núñez',
    clinic: 'riverside',
  };

  function serve(checks: unknown[]) {
    const answers = [...checks];
    return stubApi(({ url, method, body }) => {
      if (url.pathname === CHECK_URL) return json(answers.shift());
      if (method === 'PUT') return json({ ...initial, weekly: (body as typeof initial).weekly });
      return null;
    });
  }
  const puts = (fetchMock: ReturnType<typeof serve>) =>
    fetchMock.mock.calls.filter((c) => (c[1] as RequestInit | undefined)?.method === 'PUT');

  it('lists the booked visits before saving, and saves only when told to keep them', async () => {
    const fetchMock = serve([
      { visits: [tuesdayVisit], total: 1, elsewhere: 2 },
      { visits: [tuesdayVisit], total: 1, elsewhere: 2 },
    ]);
    const user = userEvent.setup();
    renderEditor();
    await user.click(screen.getByRole('button', { name: 'Remove Tuesday hours' }));
    await user.click(saveButton());

    const dialog = await screen.findByRole('alertdialog', { name: 'Visits outside the new hours' });
    expect(within(dialog).getByText(/leave 3 booked visits outside them/)).toBeInTheDocument();
    const list = within(dialog).getByRole('list', { name: 'Visits outside the new hours' });
    expect(within(list).getByText('José Núñez')).toBeInTheDocument();
    expect(
      within(dialog).getByText(/2 booked visits at clinics you do not manage/),
    ).toBeInTheDocument();
    expect(puts(fetchMock)).toHaveLength(0);
    // The check carried the draft, not the saved schedule.
    const checkCall = fetchMock.mock.calls.find((c) => c[0] === CHECK_URL)!;
    const checked = JSON.parse(String((checkCall[1] as RequestInit).body));
    expect(checked.weekly.map((s: { weekday: number }) => s.weekday)).toEqual([1, 3, 4, 5]);

    await user.click(within(dialog).getByRole('button', { name: 'Back to editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(puts(fetchMock)).toHaveLength(0);
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    await user.click(saveButton());
    const again = await screen.findByRole('alertdialog', { name: 'Visits outside the new hours' });
    await user.click(within(again).getByRole('button', { name: 'Save and keep these visits' }));
    await waitFor(() => expect(puts(fetchMock)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('opens a visit in the reschedule or cancel dialog and asks again when it closes', async () => {
    const fetchMock = serve([{ visits: [tuesdayVisit], total: 1, elsewhere: 0 }, noVisitsOutside]);
    const actions: Array<{ kind: string; appointmentId: string }> = [];
    const user = userEvent.setup();
    renderEditor((action, onClose) => {
      actions.push(action);
      return (
        <button type="button" onClick={onClose}>
          Done with {action.kind}
        </button>
      );
    });
    await user.click(screen.getByRole('button', { name: 'Remove Tuesday hours' }));
    await user.click(saveButton());
    const dialog = await screen.findByRole('alertdialog');
    await user.click(
      within(dialog).getByRole('button', { name: /^Reschedule José Núñez, Tuesday/ }),
    );
    expect(actions).toEqual([{ kind: 'reschedule', appointmentId: 'appt-1' }]);
    await user.click(screen.getByRole('button', { name: 'Done with reschedule' }));

    // Moved: nothing is left outside, and Save is a plain save.
    expect(
      await screen.findByRole('alertdialog', { name: 'No visits left outside' }),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter((c) => c[0] === CHECK_URL)).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(fetchMock)).toHaveLength(1));
  });

  it('saves straight away when no booked visit is left outside', async () => {
    const fetchMock = serve([noVisitsOutside]);
    const user = userEvent.setup();
    renderEditor();
    await user.click(screen.getByRole('button', { name: 'Remove Tuesday hours' }));
    await user.click(saveButton());
    await waitFor(() => expect(puts(fetchMock)).toHaveLength(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
