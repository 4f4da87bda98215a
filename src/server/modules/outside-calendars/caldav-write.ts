import ICAL from 'ical.js';
import { getBasicAuthHeaders } from 'tsdav';
import { wordsFor } from './read-calendar';

// Writing one event into a CalDAV collection (ADR 062): PUT and DELETE with ETags, plain HTTP
// through the guarded fetch (tsdav's object calls add nothing over these two requests). Carebook
// owns the events it writes (their UID is the appointment's): an ETag that no longer matches
// means someone changed the event on the server; it is read again and replaced by the
// appointment as booked, and the caller is told so (`conflict`), which the owner sees.

export interface CalDavTarget {
  username: string | null;
  password: string | null;
  fetch: typeof fetch;
}

/** A failure whose words the owner reads beside the calendar. */
export class PushError extends Error {}

export interface WriteOutcome {
  etag: string | null;
  /** The event had been changed on the server since Carebook last wrote it. */
  conflict: boolean;
}

function headersOf(target: CalDavTarget, extra: Record<string, string>): Record<string, string> {
  const { authorization } = getBasicAuthHeaders({
    username: target.username ?? '',
    password: target.password ?? '',
  });
  return { ...(authorization ? { authorization } : {}), ...extra };
}

function refusal(status: number, action: 'store' | 'remove'): PushError {
  if (status === 401) {
    return new PushError(
      `The calendar server refused the user name or app password (HTTP ${status}).`,
    );
  }
  if (status === 403) {
    return new PushError(
      `The calendar server does not let this account ${action === 'store' ? 'write to' : 'remove events from'} the calendar (HTTP 403). It may be read-only.`,
    );
  }
  if (status === 404 || status === 409 || status === 410) {
    return new PushError(`No calendar was found at this address (HTTP ${status}).`);
  }
  if (status === 507) return new PushError('The calendar server has no room left (HTTP 507).');
  return new PushError(
    `The calendar server answered with an error when Carebook tried to ${action} an appointment (HTTP ${status}).`,
  );
}

function uidOf(text: string): unknown {
  try {
    return new ICAL.Component(ICAL.parse(text))
      .getFirstSubcomponent('vevent')
      ?.getFirstPropertyValue('uid');
  } catch {
    return null;
  }
}

type Current = { state: 'gone' } | { state: 'ours'; etag: string | null } | { state: 'other' };

/** The event at `href` as the server has it now: gone, ours (with its ETag), or someone else's. */
async function readBack(target: CalDavTarget, href: string, uid: string): Promise<Current> {
  const response = await target.fetch(href, {
    headers: headersOf(target, { accept: 'text/calendar' }),
  });
  if (response.status === 404 || response.status === 410) return { state: 'gone' };
  if (!response.ok) throw refusal(response.status, 'store');
  const text = await response.text();
  const found = uidOf(text);
  return found === uid ? { state: 'ours', etag: response.headers.get('etag') } : { state: 'other' };
}

const SOMEONE_ELSES =
  'Another event is stored where Carebook keeps this appointment on the calendar server; Carebook left it alone.';

async function put(
  target: CalDavTarget,
  href: string,
  text: string,
  condition: Record<string, string>,
) {
  return target.fetch(href, {
    method: 'PUT',
    headers: headersOf(target, { 'content-type': 'text/calendar; charset=utf-8', ...condition }),
    body: text,
  });
}

/**
 * Writes the event: If-Match its last ETag when Carebook wrote it before, If-None-Match: * when
 * not. A 412 reads it again: gone, it is written new; still ours, it is replaced under its new
 * ETag (a conflict when Carebook had written it: someone edited it there). A second 412 in a row
 * fails this try; the queue tries again later.
 */
export async function writeEvent(
  target: CalDavTarget,
  event: { href: string; uid: string; text: string; etag: string | null; known: boolean },
): Promise<WriteOutcome> {
  try {
    let etag = event.etag;
    if (event.known && etag === null) {
      // The server gave no ETag last time: learn it, so the write is still conditional.
      const current = await readBack(target, event.href, event.uid);
      if (current.state === 'other') throw new PushError(SOMEONE_ELSES);
      etag = current.state === 'ours' ? current.etag : null;
    }
    const first = await put(
      target,
      event.href,
      event.text,
      etag ? { 'if-match': etag } : { 'if-none-match': '*' },
    );
    if (first.ok) return { etag: first.headers.get('etag'), conflict: false };
    if (first.status !== 412) throw refusal(first.status, 'store');
    const current = await readBack(target, event.href, event.uid);
    if (current.state === 'other') throw new PushError(SOMEONE_ELSES);
    const again = await put(
      target,
      event.href,
      event.text,
      current.state === 'ours' && current.etag
        ? { 'if-match': current.etag }
        : { 'if-none-match': '*' },
    );
    if (again.status === 412) {
      throw new PushError(
        'The event was being changed on the calendar server while Carebook wrote it; Carebook will try again.',
      );
    }
    if (!again.ok) throw refusal(again.status, 'store');
    // An event Carebook had written whose ETag moved was edited there; one it never recorded
    // (a push cut off before its outcome was stored) is simply its own earlier write.
    return { etag: again.headers.get('etag'), conflict: event.known && current.state === 'ours' };
  } catch (err) {
    throw new PushError(
      err instanceof PushError
        ? err.message
        : wordsFor(err, 'The appointment could not be written to the calendar.'),
    );
  }
}

/**
 * Removes the event (a cancelled appointment, one moved to another agent, push switched off):
 * If-Match its last ETag; gone already is done; a 412 reads it again and removes it under its
 * new ETag if it is still ours (a conflict: it was edited there).
 */
export async function removeEvent(
  target: CalDavTarget,
  event: { href: string; uid: string; etag: string | null },
): Promise<{ conflict: boolean }> {
  const remove = (etag: string | null) =>
    target.fetch(event.href, {
      method: 'DELETE',
      headers: headersOf(target, etag ? { 'if-match': etag } : {}),
    });
  try {
    const first = await remove(event.etag);
    if (first.ok || first.status === 404 || first.status === 410) return { conflict: false };
    if (first.status !== 412) throw refusal(first.status, 'remove');
    const current = await readBack(target, event.href, event.uid);
    if (current.state === 'gone') return { conflict: false };
    if (current.state === 'other') throw new PushError(SOMEONE_ELSES);
    const again = await remove(current.etag);
    if (again.ok || again.status === 404 || again.status === 410) return { conflict: true };
    if (again.status === 412) {
      throw new PushError(
        'The event was being changed on the calendar server while Carebook removed it; Carebook will try again.',
      );
    }
    throw refusal(again.status, 'remove');
  } catch (err) {
    throw new PushError(
      err instanceof PushError
        ? err.message
        : wordsFor(err, 'The appointment could not be removed from the calendar.'),
    );
  }
}
