// What kind of visit a patient has and where it happens (issue 42): in person at an address, by
// video through their link, or by phone. The patient page and the messages say it alike.
import type { ServiceKind } from './services';

export interface VisitKind {
  kind: ServiceKind;
  /** The service booked, as the clinic names it ("Physiotherapy"). */
  serviceName: string;
  /** In person only: the service's own place, else the clinic's address; null when neither is given. */
  address: string | null;
  /** What the clinic asks of the patient before the visit, as the clinic wrote it. */
  instructions: string | null;
}

const blankAsNull = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);

/** The visit of a booked service; a video or phone visit has no address to go to. */
export function visitKindOf(
  service: {
    kind: ServiceKind;
    name: string;
    location: string | null;
    instructions: string | null;
  },
  clinicAddress: string | null,
): VisitKind {
  return {
    kind: service.kind,
    serviceName: service.name,
    address:
      service.kind === 'in_person'
        ? (blankAsNull(service.location) ?? blankAsNull(clinicAddress))
        : null,
    instructions: blankAsNull(service.instructions),
  };
}

/** A visit's kind in a few words, for a line of a message ("Type of visit: In person"). */
export const VISIT_KIND_LABELS: Record<ServiceKind, string> = {
  in_person: 'In person',
  video: 'Video',
  phone: 'Phone',
};

/** A search for the address on OpenStreetMap: directions without an account or a key. */
export function directionsUrl(address: string): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(address.replace(/\s+/g, ' ').trim())}`;
}

/**
 * The last four digits of a phone number, so a page reached by a link can say which number the
 * clinic will call without showing it whole; null when there are not four digits to show.
 */
export function phoneEnding(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 4 ? digits.slice(-4) : null;
}
