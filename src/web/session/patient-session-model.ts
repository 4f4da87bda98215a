import type { PatientSessionView } from '@contracts/session';
import {
  describeVisit,
  timeZoneName,
  type VisitDescription,
} from '@web/lib/video-call/visit-window';
import type { ClinicReach } from '@domain/clinic-reach';
import { formatDateTimeWithZone, formatTime } from '@domain/format';

/**
 * How to have another visit, said by what the clinic offers (ADR 034): online where it books
 * online, a call where it gave a number (shown below the card), else the clinic by name.
 */
export function anotherVisitWay(clinic: string, reach: ClinicReach | null | undefined): string {
  if (reach?.bookOnlinePath) return 'choose a new time online below';
  if (reach?.phone) return `please call ${clinic}`;
  return `please contact ${clinic}`;
}

export interface PatientCard extends VisitDescription {
  clinicName: string;
  providerName: string;
  greeting: string;
  /** "Times are in your time zone: Eastern Standard Time (America/New_York)." */
  zoneNote: string;
  /** "At the clinic that is 8:00 PM (Europe/London)." when the clinic's clock reads otherwise. */
  clinicTimeNote: string | null;
  /** The sentence that says what the patient can do now. */
  notice: { tone: 'info' | 'ready' | 'stop'; title: string; detail: string | null };
  canJoin: boolean;
  /** Before the window: the Join button is shown, disabled, so the patient knows where it will be. */
  showDisabledJoin: boolean;
}

/** Everything the patient page shows for one answer of GET /api/session, at `now`, in `timeZone`. */
export function describePatientSession(
  view: PatientSessionView,
  now: Date,
  timeZone: string,
): PatientCard {
  const visit = describeVisit(view, now, timeZone);
  const clinic = view.clinic.name;
  const start = new Date(view.start);
  const clinicTime = formatTime(start, view.clinic.timezone);
  const notice: PatientCard['notice'] = (() => {
    switch (visit.state) {
      case 'cancelled': {
        const when = view.cancellation
          ? `It was cancelled on ${formatDateTimeWithZone(view.cancellation.at, timeZone)}.`
          : null;
        const why = view.cancellation?.reason ? `Reason: ${view.cancellation.reason}` : null;
        return {
          tone: 'stop',
          title: 'This appointment was cancelled.',
          detail: [when, why].filter(Boolean).join(' ') || null,
        };
      }
      case 'ended':
        return {
          tone: 'stop',
          title: 'This visit has ended.',
          detail: `If you need another appointment, ${anotherVisitWay(clinic, view.reach)}.`,
        };
      case 'too_early':
        return {
          tone: 'info',
          title: visit.joinFrom ?? `You can join from ${visit.opensAt}`,
          detail: 'Keep this page open: the Join button turns on by itself.',
        };
      case 'open':
        return {
          tone: 'ready',
          title: 'Your visit is open.',
          detail:
            'Join when you are ready. Your browser will ask to use your camera and microphone.',
        };
    }
  })();
  return {
    ...visit,
    clinicName: clinic,
    providerName: view.provider.name,
    greeting: view.patient.firstName ? `Hello ${view.patient.firstName}` : 'Hello',
    zoneNote: `Times are in your time zone: ${timeZoneName(timeZone, start)} (${timeZone}).`,
    clinicTimeNote:
      clinicTime !== formatTime(start, timeZone)
        ? `At the clinic that is ${clinicTime} (${view.clinic.timezone}).`
        : null,
    notice,
    canJoin: visit.state === 'open',
    showDisabledJoin: visit.state === 'too_early',
  };
}
