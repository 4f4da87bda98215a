import { appointmentIdOfUid } from '@domain/calendar-push';
import { DEFAULT_TIMEZONE } from '@domain/constants';
import { isValidTimeZone } from '@domain/zoned-time';
import type { AppDeps } from '../../app-deps';
import { unsealSecret } from '../../security/sealed-secret';
import { guardedFetch } from '../webhooks';
import { CalendarReadError, readCalendar } from './read-calendar';
import * as repo from './outside-calendars.repository';
import { knownAppointmentIds } from './push.repository';

const DAY_MS = 86_400_000;
/** Longer than a read may take (its timeout, a few requests), so a live sync is never doubled. */
export const leaseMsOf = (deps: Pick<AppDeps, 'config'>) =>
  deps.config.OUTSIDE_CALENDAR_TIMEOUT_MS * 4 + 5_000;

export type SyncResult = { ok: true } | { ok: false; error: string };

/**
 * Syncs one calendar its caller holds (claimed): reads what changed, expands it to busy times
 * over the window (now − 1 day to now + OUTSIDE_CALENDAR_WINDOW_DAYS) and stores them. A failure
 * keeps the busy times already known (ADR 053) and records its words; it never throws.
 */
export async function syncCalendar(
  deps: AppDeps,
  calendar: repo.OutsideCalendarRow,
  ownerZone: string | null,
): Promise<SyncResult> {
  const { config } = deps;
  const now = deps.now();
  const window = {
    from: new Date(now.getTime() - DAY_MS),
    to: new Date(now.getTime() + config.OUTSIDE_CALENDAR_WINDOW_DAYS * DAY_MS),
    zone: ownerZone && isValidTimeZone(ownerZone) ? ownerZone : DEFAULT_TIMEZONE,
  };
  // Busy times were expanded up to busy_until: once the window has moved a day past it, every
  // object is read and expanded again, or a series' later instances would never come in.
  const full = !calendar.busyUntil || calendar.busyUntil.getTime() < window.to.getTime() - DAY_MS;
  try {
    const key = config.ACCOUNT_SECRETS_KEY;
    const outcome = await readCalendar(calendar, {
      url: unsealSecret(calendar.url, key),
      username: calendar.username,
      password: calendar.password === null ? null : unsealSecret(calendar.password, key),
      fetch: guardedFetch({
        allowPrivate: config.OUTSIDE_CALENDAR_ALLOW_PRIVATE,
        timeoutMs: config.OUTSIDE_CALENDAR_TIMEOUT_MS,
        maxBytes: config.OUTSIDE_CALENDAR_MAX_BYTES,
        userAgent: 'Carebook-Calendars/1',
      }),
      window,
      full,
    });
    if (outcome === 'unchanged') await repo.recordUnchanged(deps.db.db, calendar.id, deps.now());
    else
      await repo.applySync(deps.db.db, calendar, await withoutOwnEvents(deps, outcome), deps.now());
    return { ok: true };
  } catch (err) {
    const error =
      err instanceof CalendarReadError ? err.message : 'The calendar could not be stored.';
    await repo.recordFailure(deps.db.db, calendar.id, error);
    return { ok: false, error };
  }
}

/**
 * A sync without the events Carebook pushed itself (ADR 062): an appointment already blocks its
 * agent's time as itself, and its pushed copy must not block it again, nor its old time after a
 * move, nor anyone else who reads the same calendar.
 */
async function withoutOwnEvents(
  deps: AppDeps,
  outcome: repo.SyncOutcome,
): Promise<repo.SyncOutcome> {
  const candidates = new Set<string>();
  for (const object of outcome.changed) {
    for (const busy of object.busy) {
      const id = appointmentIdOfUid(busy.uid);
      if (id) candidates.add(id);
    }
  }
  if (candidates.size === 0) return outcome;
  const known = await knownAppointmentIds(deps.db.db, [...candidates]);
  if (known.size === 0) return outcome;
  return {
    ...outcome,
    changed: outcome.changed.map((object) => ({
      ...object,
      busy: object.busy.filter((busy) => !known.has(appointmentIdOfUid(busy.uid) ?? '')),
    })),
  };
}
