import { occupiesSlot } from '@domain/appointment-status';
import { appointmentUid, pushedEvent, pushedEventFileName } from '@domain/calendar-push';
import { calendarText } from '@domain/icalendar';
import type { AppDeps } from '../../app-deps';
import { unsealSecret } from '../../security/sealed-secret';
import { recordAudit } from '../audit';
import { guardedFetch } from '../webhooks';
import { PushError, removeEvent, writeEvent, type CalDavTarget } from './caldav-write';
import type { OutsideCalendarRow } from './outside-calendars.repository';
import * as repo from './push.repository';

export type PushResult = { ok: true } | { ok: false; error: string };

/** The guarded fetch every push goes through (the webhooks' guard, ADR 053), unless a test's. */
export function pushFetchOf(deps: Pick<AppDeps, 'config'>): typeof fetch {
  const { config } = deps;
  return guardedFetch({
    allowPrivate: config.OUTSIDE_CALENDAR_ALLOW_PRIVATE,
    timeoutMs: config.OUTSIDE_CALENDAR_TIMEOUT_MS,
    maxBytes: config.OUTSIDE_CALENDAR_MAX_BYTES,
    userAgent: 'Carebook-Calendars/1',
  });
}

function targetOf(deps: AppDeps, calendar: OutsideCalendarRow, fetchFn: typeof fetch) {
  const key = deps.config.ACCOUNT_SECRETS_KEY;
  const url = unsealSecret(calendar.url, key);
  const target: CalDavTarget = {
    username: calendar.username,
    password: calendar.password === null ? null : unsealSecret(calendar.password, key),
    fetch: fetchFn,
  };
  return { url: url.endsWith('/') ? url : `${url}/`, target };
}

/**
 * Brings the agents' calendars in line with the appointment as it stands now (ADR 062), not with
 * the change that queued it: so several changes before a push make one, and a retry after a
 * failure or a crash writes the same thing to the same place (one UID, one resource name).
 * - the appointment occupies its time: written to each calendar of its agent that takes pushes;
 * - wherever it was pushed and should no longer be (cancelled, reassigned, push switched off):
 *   removed (cancel semantics: DELETE, not STATUS:CANCELLED).
 * Each calendar's outcome is recorded on it in words; one failing does not stop the others.
 */
export async function pushAppointment(
  deps: AppDeps,
  appointmentId: string,
  fetchFn: typeof fetch,
): Promise<PushResult> {
  const db = deps.db.db;
  const appointment = await repo.appointmentToPush(db, appointmentId);
  const wanted =
    appointment && occupiesSlot(appointment.status)
      ? await repo.pushCalendarsOf(db, appointment.staffId)
      : [];
  const pushed = await repo.pushedEventsOf(db, appointmentId);
  const uid = appointmentUid(appointmentId);
  const errors: string[] = [];

  const settle = async (
    calendar: OutsideCalendarRow,
    work: (url: string, target: CalDavTarget) => Promise<{ conflict: boolean }>,
  ) => {
    const now = deps.now();
    try {
      const { url, target } = targetOf(deps, calendar, fetchFn);
      const { conflict } = await work(url, target);
      await repo.recordPushOutcome(db, calendar.id, { error: null, conflict }, now);
      if (conflict) {
        await recordAudit(
          db,
          { userId: null, ip: '' },
          [
            {
              action: 'push_conflict',
              entityType: 'outside_calendar',
              entityId: calendar.id,
              patientId: null,
              details: { staffId: calendar.staffId, name: calendar.name, appointmentId },
            },
          ],
          now,
        );
      }
    } catch (err) {
      const error =
        err instanceof PushError
          ? err.message
          : 'The appointment could not be pushed to the calendar.';
      errors.push(error);
      await repo.recordPushOutcome(db, calendar.id, { error, conflict: false }, now);
    }
  };

  for (const { pushed: at, calendar } of pushed) {
    if (wanted.some((w) => w.id === calendar.id)) continue;
    await settle(calendar, async (_url, target) => {
      const outcome = await removeEvent(target, { href: at.href, uid, etag: at.etag });
      await repo.forgetPushed(db, calendar.id, appointmentId);
      return outcome;
    });
  }

  if (appointment) {
    for (const calendar of wanted) {
      const before = pushed.find((row) => row.calendar.id === calendar.id)?.pushed;
      await settle(calendar, async (url, target) => {
        const href = before?.href ?? new URL(pushedEventFileName(appointmentId), url).href;
        const text = calendarText({
          product: 'Calendar push',
          events: [
            pushedEvent(appointment, {
              patientNames: calendar.pushPatientNames,
              now: deps.now(),
            }),
          ],
        });
        const outcome = await writeEvent(target, {
          href,
          uid,
          text,
          etag: before?.etag ?? null,
          known: before !== undefined,
        });
        await repo.savePushed(
          db,
          { calendarId: calendar.id, appointmentId, href, etag: outcome.etag },
          deps.now(),
        );
        return outcome;
      });
    }
  }
  return errors.length === 0 ? { ok: true } : { ok: false, error: errors[0]! };
}
