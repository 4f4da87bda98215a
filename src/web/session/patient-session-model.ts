import type { PatientSessionView } from '@contracts/session';
import {
  describeVisit,
  timeZoneName as timeZoneLongName,
  type VisitDescription,
} from '@web/lib/video-call/visit-window';
import type { ClinicReach } from '@domain/clinic-reach';
import { directionsUrl } from '@domain/visit-kind';
import { parseStatus, normalizeStatus } from '@domain/appointment-status';
import { localDateKey } from '@domain/format';
import { MINUTE_MS } from '@domain/zoned-time';
import {
  dateTimeWithZoneIn,
  dateWithWeekdayIn,
  relativeTimeIn,
  timeIn,
  timeRangeIn,
  timeUntilIn,
  zoneNameIn,
} from '@domain/localized-format';
import { ENGLISH, type MessageId, type PatientWords } from './i18n/patient-intl';

/**
 * How to have another visit, said by what the clinic offers (ADR 034): online where it books
 * online, a call where it gave a number (shown below the card), else the clinic by name.
 */
export function anotherVisitWay(
  clinic: string,
  reach: ClinicReach | null | undefined,
  { t }: PatientWords = ENGLISH,
): string {
  if (reach?.bookOnlinePath) return t('visit.another.online');
  if (reach?.phone) return t('visit.another.call', { clinic });
  return t('visit.another.contact', { clinic });
}

/** What kind of visit it is: an answer of before services is a video visit, as all were. */
export const visitKindOfView = (view: PatientSessionView) => view.visit?.kind ?? 'video';

/** "Your video visit with", said before the provider's name. */
const WITH: Record<ReturnType<typeof visitKindOfView>, MessageId> = {
  video: 'visit.with.video',
  in_person: 'visit.with.inPerson',
  phone: 'visit.with.phone',
};

/** The visit's name in a calendar: "Video visit with Dr. Priya Raman (Riverside Family Clinic)". */
export function calendarTitle(view: PatientSessionView, { t }: PatientWords = ENGLISH): string {
  const values = { provider: view.provider.name, clinic: view.clinic.name };
  return t(
    (
      {
        video: 'calendar.title.video',
        in_person: 'calendar.title.inPerson',
        phone: 'calendar.title.phone',
      } as const
    )[visitKindOfView(view)],
    values,
  );
}

/** What a calendar event of the visit says: how to join a video visit, or its page; what to do. */
export function calendarDetails(
  view: PatientSessionView,
  link: string,
  { t }: PatientWords = ENGLISH,
): string {
  const kind = visitKindOfView(view);
  return [
    kind === 'video' ? t('calendar.details.join', { link }) : t('calendar.details.page', { link }),
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

const STATUS_WORDS = {
  BOOKED: 'status.booked',
  SCHEDULED: 'status.scheduled',
  CONFIRMED: 'status.confirmed',
  COMPLETED: 'status.completed',
  CANCELLED: 'status.cancelled',
  NO_SHOW: 'status.noShow',
  DISQUALIFIED: 'status.disqualified',
} as const satisfies Record<string, MessageId>;

/** "Confirmed", "Confirmada": a status as the patient reads it (spec §2: none is Scheduled). */
export function patientStatusLabel(status: string, { t }: PatientWords = ENGLISH): string {
  const known = parseStatus(normalizeStatus(status)) ?? 'SCHEDULED';
  return t(STATUS_WORDS[known]);
}

/**
 * The visit's times and join window in the patient's language and zone: the staff page's
 * describeVisit decides the state; the words are the patient's.
 */
function describeVisitIn(
  view: PatientSessionView,
  now: Date,
  timeZone: string,
  words: PatientWords,
): VisitDescription {
  const { t, language } = words;
  const visit = describeVisit(view, now, timeZone);
  const start = new Date(view.start);
  const moment = (at: Date) => {
    const time = timeIn(language, at, timeZone);
    return localDateKey(at, timeZone) === localDateKey(now, timeZone)
      ? time
      : t('visit.momentOtherDay', { time, date: dateWithWeekdayIn(language, at, timeZone) });
  };
  const live = visit.state === 'too_early' || visit.state === 'open';
  const opensAt = new Date(view.joinOpensAt);
  const opensText = moment(opensAt);
  const opensIn = timeUntilIn(language, opensAt, now);
  return {
    state: visit.state,
    date: dateWithWeekdayIn(language, start, timeZone),
    time: timeRangeIn(language, start, view.durationMinutes, timeZone),
    duration: t('visit.duration', { minutes: view.durationMinutes }),
    status: patientStatusLabel(view.status, words),
    countdown: live
      ? start.getTime() > now.getTime() - MINUTE_MS
        ? t('visit.startsIn', { when: timeUntilIn(language, start, now) })
        : t('visit.started', { when: relativeTimeIn(language, start, now) })
      : null,
    joinFrom:
      visit.state === 'too_early' ? t('visit.joinFrom', { time: opensText, in: opensIn }) : null,
    opensAt: opensText,
    opensIn,
    closesAt: moment(new Date(view.joinClosesAt)),
  };
}

/** Everything the patient page shows for one answer of GET /api/session, at `now`, in `timeZone`. */
export function describePatientSession(
  view: PatientSessionView,
  now: Date,
  timeZone: string,
  words: PatientWords = ENGLISH,
): PatientCard {
  const { t, language } = words;
  const visit = describeVisitIn(view, now, timeZone, words);
  const clinic = view.clinic.name;
  const start = new Date(view.start);
  const clinicTime = timeIn(language, start, view.clinic.timezone);
  const kind = visitKindOfView(view);
  const live = visit.state === 'too_early' || visit.state === 'open';
  const address = view.visit?.address ?? null;
  const askClinic = view.reach?.phone ? t('visit.ask.call') : t('visit.ask.contact');
  // Before and during a visit not by video there is no window to wait for: only where and how.
  const upcomingWithoutCall = (): PatientCard['notice'] =>
    kind === 'phone'
      ? {
          tone: 'info',
          title: t('notice.phone.title', { clinic }),
          detail: view.visit?.phoneEnding
            ? t('notice.phone.ending', { ending: view.visit.phoneEnding })
            : t('notice.phone.none', { ask: askClinic }),
        }
      : {
          tone: 'info',
          title: t('notice.inPerson.title'),
          detail: address
            ? t('notice.inPerson.address')
            : t('notice.inPerson.ask', { ask: askClinic }),
        };
  const notice: PatientCard['notice'] = (() => {
    if (kind !== 'video' && (visit.state === 'too_early' || visit.state === 'open'))
      return upcomingWithoutCall();
    switch (visit.state) {
      case 'cancelled': {
        const when = view.cancellation
          ? t('notice.cancelled.when', {
              when: dateTimeWithZoneIn(language, view.cancellation.at, timeZone),
            })
          : null;
        const why = view.cancellation?.reason
          ? t('notice.cancelled.reason', { reason: view.cancellation.reason })
          : null;
        return {
          tone: 'stop',
          title: t('notice.cancelled.title'),
          detail: [when, why].filter(Boolean).join(' ') || null,
        };
      }
      case 'ended':
        return {
          tone: 'stop',
          title: t('notice.ended.title'),
          detail: t('notice.ended.detail', { way: anotherVisitWay(clinic, view.reach, words) }),
        };
      case 'too_early':
        return {
          tone: 'info',
          title: visit.joinFrom ?? t('notice.tooEarly.title', { time: visit.opensAt }),
          detail: t('notice.tooEarly.detail'),
        };
      case 'open':
        return {
          tone: 'ready',
          title: t('notice.open.title'),
          detail: t('notice.open.detail'),
        };
    }
  })();
  return {
    ...visit,
    clinicName: clinic,
    providerName: view.provider.name,
    greeting: view.patient.firstName
      ? t('visit.greeting', { name: view.patient.firstName })
      : t('visit.greetingNoName'),
    kind,
    withWords: t(WITH[kind]),
    serviceName: kind === 'video' ? null : (view.visit?.serviceName ?? null),
    // Where to go and what to bring matter until the visit is over, not after or once cancelled.
    place: live && address ? { address, directionsUrl: directionsUrl(address) } : null,
    instructions: live ? (view.visit?.instructions ?? null) : null,
    zoneNote: t('visit.zoneNote', {
      zone:
        language === 'en'
          ? timeZoneLongName(timeZone, start)
          : zoneNameIn(language, start, timeZone),
      id: timeZone,
    }),
    clinicTimeNote:
      clinicTime !== timeIn(language, start, timeZone)
        ? t('visit.clinicTime', { time: clinicTime, id: view.clinic.timezone })
        : null,
    notice,
    // Only a video visit has a call to join (issue 42).
    canJoin: kind === 'video' && visit.state === 'open',
    showDisabledJoin: kind === 'video' && visit.state === 'too_early',
  };
}
