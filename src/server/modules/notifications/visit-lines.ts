// What a message says of the kind of visit (issue 42): in person at an address, by phone, or by
// video through the link, and what the clinic asks of the patient before it. Read from the
// appointment's service when the message is written, like the contact a reminder goes to.
import { VISIT_KIND_LABELS, type VisitKind } from '@domain/visit-kind';

/** The label of the line that carries the visit's link, by the kind of visit. */
export function visitLinkLabel(visit: VisitKind | undefined): string {
  return !visit || visit.kind === 'video' ? 'Join your online visit' : 'View your appointment';
}

/** "Video visit", "Phone visit", "In person visit": a service named only for its kind. */
const namedForItsKind = (visit: VisitKind) =>
  visit.serviceName.trim().toLowerCase() === `${VISIT_KIND_LABELS[visit.kind]} visit`.toLowerCase();

/**
 * The lines about the visit itself: its kind and service, then, while it stands, where to go or
 * who calls whom and the instructions. None for a message of before services (no visit read).
 */
export function visitLines(
  visit: VisitKind | undefined,
  options: { to: 'patient' | 'staff'; clinicName: string; cancelled: boolean },
): string[] {
  if (!visit) return [];
  const lines = [`Type of visit: ${VISIT_KIND_LABELS[visit.kind]}`];
  if (!namedForItsKind(visit)) lines.push(`Service: ${visit.serviceName}`);
  if (options.cancelled) return lines;
  if (visit.address) lines.push(`Address: ${oneLine(visit.address)}`);
  if (visit.kind === 'phone') {
    lines.push(
      options.to === 'patient'
        ? `${options.clinicName} will call you at this time.`
        : 'The clinic calls the patient at this time.',
    );
  }
  if (visit.instructions) lines.push('Before your visit:', ...visit.instructions.split(/\r?\n/));
  return lines.filter((line) => line.trim() !== '');
}

/** An address written over several lines, on one line of a message. */
export const oneLine = (text: string) =>
  text
    .split(/\r?\n/)
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
