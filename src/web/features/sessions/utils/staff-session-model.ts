import type { PatientVisitKind, StaffSessionView } from '@contracts/session';
import { describeVisit, type VisitDescription } from '@web/lib/video-call/visit-window';

export interface StaffVisit extends VisitDescription {
  /** The stored status (BOOKED, …), for the badge style; `status` is its label. */
  statusValue: string;
  patientName: string;
  patientEmail: string | null;
  providerName: string;
  clinicName: string;
  /** The booking's notes, for the provider to read before and during the visit. */
  notes: string | null;
  /** What the join window means for the patient right now. */
  windowText: string;
  canStart: boolean;
  /** Why Start visit is off, when it is. */
  startBlockedReason: string | null;
  /** How the visit happens (issue 42): only a video visit has a call to start. */
  kind: PatientVisitKind['kind'];
  /** "Video visit", "In-person visit", "Phone visit": the page's title. */
  kindTitle: string;
  serviceName: string | null;
  /** In person: where (the service's place, else the clinic's address). */
  place: string | null;
}

const KIND_TITLES: Record<PatientVisitKind['kind'], string> = {
  video: 'Video visit',
  in_person: 'In-person visit',
  phone: 'Phone visit',
};

/** What the staff visit page shows for one answer of GET /api/sessions/:id. */
export function describeStaffSession(
  view: StaffSessionView,
  now: Date,
  timeZone: string,
): StaffVisit {
  const visit = describeVisit(view, now, timeZone);
  const windowText = {
    too_early: `The patient can join from ${visit.opensAt} (${visit.opensIn}) until ${visit.closesAt}.`,
    open: `The patient can join now, until ${visit.closesAt}.`,
    ended: `The join window closed at ${visit.closesAt}.`,
    cancelled: 'This appointment was cancelled; the patient cannot join.',
  }[visit.state];
  // The server refuses the same people; saying so here spares them a camera prompt first.
  const startBlockedReason =
    visit.state === 'cancelled'
      ? 'This appointment was cancelled.'
      : (view.joinRefusal ??
        (visit.state === 'ended' ? 'This visit has ended: the patient can no longer join.' : null));
  return {
    ...visit,
    statusValue: view.status,
    patientName: view.patient.name,
    patientEmail: view.patient.email,
    providerName: view.provider.name,
    clinicName: view.clinic.name,
    notes: view.notes?.trim() || null,
    windowText,
    canStart: startBlockedReason === null,
    startBlockedReason,
    // Answers from before services name no kind: every visit was by video then.
    kind: view.visit?.kind ?? 'video',
    kindTitle: KIND_TITLES[view.visit?.kind ?? 'video'],
    serviceName: view.visit?.serviceName ?? null,
    place: view.visit?.address ?? null,
  };
}
