// What a message says of the kind of visit (issue 42): in person at an address, by phone, or by
// video through the link, and what the clinic asks of the patient before it. Read from the
// appointment's service when the message is written, like the contact a reminder goes to.
import { VISIT_KIND_LABELS, type VisitKind } from '@domain/visit-kind';
import type { MailContent } from './mail-layout';
import { ENGLISH_MAIL, type MailMessageId, type MailWords } from './mail-words';

/** The label of the line that carries the visit's link, by the kind of visit. */
export function visitLinkLabel(visit: VisitKind | undefined, { t }: MailWords = ENGLISH_MAIL) {
  return !visit || visit.kind === 'video' ? t('link.join') : t('link.view');
}

const KIND_WORDS: Record<VisitKind['kind'], MailMessageId> = {
  video: 'kind.video',
  in_person: 'kind.inPerson',
  phone: 'kind.phone',
};

/** "Video visit", "Phone visit", "In person visit": a service named only for its kind. */
const namedForItsKind = (visit: VisitKind) =>
  visit.serviceName.trim().toLowerCase() === `${VISIT_KIND_LABELS[visit.kind]} visit`.toLowerCase();

/**
 * The parts about the visit itself: its kind and service, then, while it stands, where to go or
 * who calls whom and the instructions. None for a message of before services (no visit read).
 */
export function visitParts(
  visit: VisitKind | undefined,
  options: { to: 'patient' | 'staff'; clinicName: string; cancelled: boolean },
  words: MailWords = ENGLISH_MAIL,
): Pick<MailContent, 'details' | 'notes' | 'after'> {
  if (!visit) return { details: [] };
  const { t } = words;
  const details = [{ label: t('label.typeOfVisit'), value: t(KIND_WORDS[visit.kind]) }];
  if (!namedForItsKind(visit))
    details.push({ label: t('label.service'), value: visit.serviceName });
  if (options.cancelled) return { details };
  if (visit.address) details.push({ label: t('label.address'), value: oneLine(visit.address) });
  const after =
    visit.kind === 'phone'
      ? [
          options.to === 'patient'
            ? t('visit.phone.patient', { clinic: options.clinicName })
            : t('visit.phone.staff'),
        ]
      : [];
  const lines = (visit.instructions ?? '').split(/\r?\n/).filter((line) => line.trim() !== '');
  return {
    details,
    after,
    ...(lines.length > 0 ? { notes: { title: t('visit.before'), lines } } : {}),
  };
}

/** An address written over several lines, on one line of a message. */
export const oneLine = (text: string) =>
  text
    .split(/\r?\n/)
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
