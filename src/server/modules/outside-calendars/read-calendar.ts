import {
  calendarMultiGet,
  fetchCalendarObjects,
  getBasicAuthHeaders,
  propfind,
  syncCollection,
} from 'tsdav';
import { busyInstancesFromText, type BusyWindow } from '@domain/outside-busy';
import { PrivateAddressError, TooLargeError } from '../webhooks';
import type { ObjectBusy, OutsideCalendarRow, SyncOutcome } from './outside-calendars.repository';

/** What a read needs besides the calendar's row: its secrets opened, the guarded fetch. */
export interface ReadContext {
  url: string;
  username: string | null;
  password: string | null;
  fetch: typeof fetch;
  window: BusyWindow;
  /** Read everything again, ignoring sync token and ETags (the window moved on). */
  full: boolean;
}

/** A failure whose words the owner reads as they are. */
export class CalendarReadError extends Error {}

/** The one object an iCalendar address is kept as. */
export const FEED_HREF = 'feed';

function busyOf(text: string, window: BusyWindow) {
  try {
    return busyInstancesFromText(text, window);
  } catch {
    throw new CalendarReadError('The calendar could not be read: it is not iCalendar data.');
  }
}

function refusal(status: number): CalendarReadError {
  if (status === 401 || status === 403) {
    return new CalendarReadError(
      `The calendar server refused the user name or app password (HTTP ${status}).`,
    );
  }
  if (status === 404 || status === 410) {
    return new CalendarReadError(`No calendar was found at this address (HTTP ${status}).`);
  }
  return new CalendarReadError(`The calendar server answered with an error (HTTP ${status}).`);
}

/** An iCalendar address: one GET, If-None-Match on its last ETag; a 304 changes nothing. */
async function readFeed(
  calendar: Pick<OutsideCalendarRow, 'etag'>,
  ctx: ReadContext,
): Promise<SyncOutcome | 'unchanged'> {
  const headers: Record<string, string> = { accept: 'text/calendar, */*;q=0.5' };
  if (calendar.etag && !ctx.full) headers['if-none-match'] = calendar.etag;
  if (ctx.username && ctx.password) Object.assign(headers, basicAuth(ctx));
  const response = await ctx.fetch(ctx.url, { headers });
  if (response.status === 304) return 'unchanged';
  if (!response.ok) throw refusal(response.status);
  const text = await response.text();
  const etag = response.headers.get('etag');
  return {
    changed: [{ href: FEED_HREF, etag, busy: busyOf(text, ctx.window) }],
    deleted: [],
    replaceAll: true,
    syncToken: null,
    ctag: null,
    etag,
    busyUntil: ctx.window.to,
  };
}

function basicAuth(ctx: ReadContext): Record<string, string> {
  const { authorization } = getBasicAuthHeaders({
    username: ctx.username ?? '',
    password: ctx.password ?? '',
  });
  return authorization ? { authorization } : {};
}

const absolute = (href: string, base: string) => new URL(href, base).href;

function calendarDataOf(props: Record<string, unknown> | undefined): string | undefined {
  const data = props?.calendarData as string | { _cdata?: string } | undefined;
  return typeof data === 'string' ? data : data?._cdata;
}

/** The collection's sync token and ctag, whichever the server offers. */
async function collectionState(ctx: ReadContext, headers: Record<string, string>) {
  const [answer] = await propfind({
    url: ctx.url,
    props: { 'd:sync-token': {}, 'cs:getctag': {}, 'd:resourcetype': {} },
    depth: '0',
    headers,
    fetch: ctx.fetch,
  });
  if (!answer || (answer.status && answer.status >= 400)) throw refusal(answer?.status ?? 502);
  const token = answer.props?.syncToken as unknown;
  const ctag = answer.props?.getctag as unknown;
  return {
    syncToken: typeof token === 'string' && token ? token : null,
    ctag: ctag === undefined || ctag === null ? null : String(ctag),
  };
}

/** Every object of the collection, read whole: the first sync, or the window moving on. */
async function readAll(
  ctx: ReadContext,
  headers: Record<string, string>,
  state: { syncToken: string | null; ctag: string | null },
): Promise<SyncOutcome> {
  const objects = await fetchCalendarObjects({
    calendar: { url: ctx.url },
    headers,
    fetch: ctx.fetch,
  });
  const changed: ObjectBusy[] = objects.map((object) => ({
    href: absolute(object.url, ctx.url),
    etag: object.etag ?? null,
    busy: typeof object.data === 'string' ? busyOf(object.data, ctx.window) : [],
  }));
  return {
    changed,
    deleted: [],
    replaceAll: true,
    ...state,
    etag: null,
    busyUntil: ctx.window.to,
  };
}

/**
 * A CalDAV collection. With a sync token (RFC 6578) only what changed since is read: changed
 * objects by multiget, deleted ones (404 in the report) dropped. Without one, the collection's
 * ctag says whether anything changed, and if so everything is read again. A token the server no
 * longer accepts leads to a full read, as RFC 6578 says.
 */
async function readCalDav(
  calendar: Pick<OutsideCalendarRow, 'syncToken' | 'ctag'>,
  ctx: ReadContext,
): Promise<SyncOutcome | 'unchanged'> {
  const headers = basicAuth(ctx);
  const state = await collectionState(ctx, headers);
  if (ctx.full || (!calendar.syncToken && !calendar.ctag)) return readAll(ctx, headers, state);
  if (!state.syncToken || !calendar.syncToken) {
    if (state.ctag !== null && state.ctag === calendar.ctag) return 'unchanged';
    return readAll(ctx, headers, state);
  }
  if (state.syncToken === calendar.syncToken) return 'unchanged';
  let report;
  try {
    report = await syncCollection({
      url: ctx.url,
      props: { 'd:getetag': {} },
      syncLevel: 1,
      syncToken: calendar.syncToken,
      headers,
      fetch: ctx.fetch,
    });
  } catch {
    return readAll(ctx, headers, state);
  }
  if (report.some((r) => r.status && r.status >= 400 && r.status !== 404 && !r.href)) {
    return readAll(ctx, headers, state);
  }
  const collection = absolute(ctx.url, ctx.url);
  const objects = report.filter((r) => r.href && absolute(r.href, ctx.url) !== collection);
  const deleted = objects.filter((r) => r.status === 404).map((r) => absolute(r.href!, ctx.url));
  const changedHrefs = objects.filter((r) => r.status !== 404).map((r) => r.href!);
  const fetched =
    changedHrefs.length === 0
      ? []
      : await calendarMultiGet({
          url: ctx.url,
          props: { 'd:getetag': {}, 'c:calendar-data': {} },
          objectUrls: changedHrefs,
          depth: '1',
          headers,
          fetch: ctx.fetch,
        });
  const changed: ObjectBusy[] = fetched
    .filter((r) => r.href && (!r.status || r.status < 400))
    .map((r) => {
      const text = calendarDataOf(r.props);
      return {
        href: absolute(r.href!, ctx.url),
        etag: r.props?.getetag === undefined ? null : String(r.props.getetag),
        busy: text ? busyOf(text, ctx.window) : [],
      };
    });
  const newToken =
    (report[0]?.raw as { multistatus?: { syncToken?: string } } | undefined)?.multistatus
      ?.syncToken ?? state.syncToken;
  return {
    changed,
    deleted,
    replaceAll: false,
    syncToken: newToken,
    ctag: state.ctag,
    etag: null,
    busyUntil: ctx.window.to,
  };
}

/** Reads a calendar; refusals and network failures come back as words a person can act on. */
export async function readCalendar(
  calendar: Pick<OutsideCalendarRow, 'kind' | 'etag' | 'syncToken' | 'ctag'>,
  ctx: ReadContext,
): Promise<SyncOutcome | 'unchanged'> {
  try {
    return calendar.kind === 'caldav'
      ? await readCalDav(calendar, ctx)
      : await readFeed(calendar, ctx);
  } catch (err) {
    throw new CalendarReadError(wordsFor(err));
  }
}

/** A failure in words; `fallback` when nothing better is known (a read's, or a push's). */
export function wordsFor(err: unknown, fallback = 'The calendar could not be read.'): string {
  if (err instanceof CalendarReadError || err instanceof PrivateAddressError) return err.message;
  if (err instanceof TooLargeError) return err.message;
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'The server name could not be found.';
  if (code === 'ECONNREFUSED') return 'The calendar server refused the connection.';
  if (code === 'ECONNRESET') return 'The calendar server closed the connection.';
  if (err instanceof Error && /^No answer within/.test(err.message)) return err.message;
  if (err instanceof Error && /certificate|TLS|SSL/i.test(err.message)) {
    return 'The calendar server’s certificate could not be trusted.';
  }
  const status = /\b([45]\d\d)\b/.exec(err instanceof Error ? err.message : '')?.[1];
  if (status) return refusal(Number(status)).message;
  return fallback;
}
