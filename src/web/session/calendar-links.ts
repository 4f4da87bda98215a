// Links that open the visit in Google Calendar or Outlook on the web, prefilled: for patients
// whose calendar lives in a browser and would not open a downloaded .ics.

export interface CalendarEvent {
  title: string;
  start: Date;
  end: Date;
  details: string;
  /** Where an in-person visit happens; absent for a video or phone visit. */
  location?: string | null;
}

/** 20261125T150000Z: the basic UTC form both services read. */
const basicUtc = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export function googleCalendarUrl(event: CalendarEvent): string {
  const query = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${basicUtc(event.start)}/${basicUtc(event.end)}`,
    details: event.details,
    ...(event.location ? { location: event.location } : {}),
  });
  return `https://calendar.google.com/calendar/render?${query.toString()}`;
}

export function outlookCalendarUrl(event: CalendarEvent): string {
  const query = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: event.title,
    startdt: event.start.toISOString(),
    enddt: event.end.toISOString(),
    body: event.details,
    ...(event.location ? { location: event.location } : {}),
  });
  return `https://outlook.live.com/calendar/0/deeplink/compose?${query.toString()}`;
}
