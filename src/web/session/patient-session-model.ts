import type { PatientSessionView } from '@contracts/session';
import {
  describeVisit,
  timeZoneName,
  type VisitDescription,
} from '@web/lib/video-call/visit-window';
import { askTheClinic, type ClinicReach } from '@domain/clinic-reach';
import { directionsUrl } from '@domain/visit-kind';
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

/** What kind of visit it is: an answer of before services is a video visit, as all were. */
export const visitKindOfView = (view: PatientSessionView) => view.visit?.kind ?? 'video';

/** "Your video visit with", said before the provider's name. */
const WITH: Record<ReturnType<typeof visitKindOfView>, string> = {
  video: 'Your video visit with',
  in_person: 'Your visit in person with',
  phone: 'Your phone visit with',
};

/** The visit's name in a calendar: "Video visit with Dr. Priya Raman (Riverside Family Clinic)". */
export function calendarTitle(view: PatientSessionView): string {
  const kind = { video: 'Video visit', in_person: 'Visit', phone: 'Phone visit' }[
    visitKindOfView(view)
  ];
  return `${kind} with ${view.provider.name} (${view.clinic.name})`;
}

/** What a calendar event of the visit says: how to join a video visit, or its page; what to do. */
export function calendarDetails(view: PatientSessionView, link: string): string {
  const kind = visitKindOfView(view);
  return [
    kind === 'video' ? `Join your online visit: ${link}` : `Your appointment: ${link}`,
    ...(view.visit?.instructions ? [view.visit.instructions] : []),
  ].join('\n');
}

export interface PatientCard extends VisitDescription {
  clinicName: string;
  providerName: string;
  greeting: string;
  kind: ReturnType<typeof visitKindOfView>;
  /** "Your video visit with", before the provider's name. */
  withWords: string;
  /** The service booked, for a visit not by video (a video visit reads as it always has). */
  serviceName: string | null;
  /** In person: where to go, and a map search for it in a new tab. */
  place: { address: string; directionsUrl: string } | null;
  /** What the clinic asks of the patient before the visit. */
  instructions: string | null;
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
  const kind = visitKindOfView(view);
  const live = visit.state === 'too_early' || visit.state === 'open';
  const address = view.visit?.address ?? null;
  const askClinic = askTheClinic(Boolean(view.reach?.phone));
  // Before and during a visit not by video there is no window to wait for: only where and how.
  const upcomingWithoutCall = (): PatientCard['notice'] =>
    kind === 'phone'
      ? {
          tone: 'info',
          title: `${clinic} will call you at the time above.`,
          detail: view.visit?.phoneEnding
            ? `They will call your number ending in ${view.visit.phoneEnding}.`
            : `We do not have a phone number for you. To give one, ${askClinic}.`,
        }
      : {
          tone: 'info',
          title: 'This visit is in person.',
          detail: address
            ? 'Please come to the address below.'
            : `To ask where to go, ${askClinic}.`,
        };
  const notice: PatientCard['notice'] = (() => {
    if (kind !== 'video' && (visit.state === 'too_early' || visit.state === 'open'))
      return upcomingWithoutCall();
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
    kind,
    withWords: WITH[kind],
    serviceName: kind === 'video' ? null : (view.visit?.serviceName ?? null),
    // Where to go and what to bring matter until the visit is over, not after or once cancelled.
    place: live && address ? { address, directionsUrl: directionsUrl(address) } : null,
    instructions: live ? (view.visit?.instructions ?? null) : null,
    zoneNote: `Times are in your time zone: ${timeZoneName(timeZone, start)} (${timeZone}).`,
    clinicTimeNote:
      clinicTime !== formatTime(start, timeZone)
        ? `At the clinic that is ${clinicTime} (${view.clinic.timezone}).`
        : null,
    notice,
    // Only a video visit has a call to join (issue 42).
    canJoin: kind === 'video' && visit.state === 'open',
    showDisabledJoin: kind === 'video' && visit.state === 'too_early',
  };
}
