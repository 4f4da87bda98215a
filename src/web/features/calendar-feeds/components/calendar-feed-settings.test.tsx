// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { feedOptionsOf } from '@contracts/feeds';
import { json, stubApi } from '@web/test/api-stub';
import { cleanUpAfterEach, renderWithClient } from '@web/test/render-with-client';
import { CalendarFeedSettings } from './calendar-feed-settings';

const URL_MADE = 'https://care.example.org/ical/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics';

cleanUpAfterEach();

describe('the calendar feed’s options (issue 47)', () => {
  it('adds reminders and attendees to the URL as the member ticks them, as the server reads them', async () => {
    stubApi(({ method }) =>
      method === 'POST'
        ? json({ url: URL_MADE, createdAt: '2026-11-23T12:00:00.000Z' }, 201)
        : json({ feed: null }),
    );
    renderWithClient(<CalendarFeedSettings />);
    await userEvent.click(await screen.findByRole('button', { name: 'Make feed URL' }));
    const field = await screen.findByLabelText<HTMLInputElement>('Subscription URL');
    expect(field.value).toBe(URL_MADE);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Reminders' }));
    expect(field.value).toBe(`${URL_MADE}?alarms=1`);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Attendees' }));
    expect(field.value).toBe(`${URL_MADE}?alarms=1&attendees=1`);
    const asked = Object.fromEntries(new URL(field.value).searchParams);
    expect(feedOptionsOf(asked)).toEqual({ alarms: true, attendees: true });

    await userEvent.click(screen.getByRole('checkbox', { name: 'Reminders' }));
    expect(field.value).toBe(`${URL_MADE}?attendees=1`);
  });
});
