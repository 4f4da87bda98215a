// The server's sentences a patient reads on their pages (issue 44, ADR 051), in Spanish and
// French beside the English the server writes. Keyed by the English sentence, as gettext keys
// by its msgid: the English stays the one place each sentence is written, and a sentence without
// a translation here reads in English. The common refusals of the patient pages' endpoints; those
// worded from the clinic's policy (a notice, a limit) are `policy-sentences.ts`, in ICU.
import { HOLD_EXPIRED_MESSAGE, HOLD_TAKEN_MESSAGE } from '@contracts/online-booking';
import { MAX_PATIENT_SLOT_DAYS, NOT_A_VALID_LINK, VISIT_LINK_EXPIRED } from '@contracts/session';
import { acceptedLanguages, choosePatientLanguage } from '@domain/patient-language';
import type { PatientLanguage } from '@domain/patients';

type Translated = Record<Exclude<PatientLanguage, 'en'>, string>;

export const PATIENT_SENTENCES: ReadonlyMap<string, Translated> = new Map([
  [
    NOT_A_VALID_LINK,
    {
      es: 'Este enlace de la cita no es válido. Use el enlace del último mensaje de su clínica.',
      fr: 'Ce lien de rendez-vous n’est pas valide. Utilisez le lien du dernier message de votre clinique.',
    },
  ],
  [
    VISIT_LINK_EXPIRED,
    {
      es: 'Este enlace de la cita ha caducado. Si necesita consulta, comuníquese con su clínica.',
      fr: 'Ce lien de rendez-vous a expiré. Si vous devez consulter, contactez votre clinique.',
    },
  ],
  [
    HOLD_EXPIRED_MESSAGE,
    {
      es: 'Este enlace ha caducado y la hora ya no está reservada para usted. Elija una hora de nuevo.',
      fr: 'Ce lien a expiré et l’horaire ne vous est plus réservé. Choisissez de nouveau un horaire.',
    },
  ],
  [
    HOLD_TAKEN_MESSAGE,
    {
      es: 'Otra persona está reservando esta hora en este momento. Elija otra hora.',
      fr: 'Quelqu’un d’autre réserve cet horaire en ce moment. Choisissez un autre horaire.',
    },
  ],
  [
    'This time is no longer free. Please choose another time.',
    {
      es: 'Esta hora ya no está libre. Elija otra hora.',
      fr: 'Cet horaire n’est plus libre. Choisissez un autre horaire.',
    },
  ],
  [
    'Online booking is not available for this clinic.',
    {
      es: 'Esta clínica no ofrece reservas en línea.',
      fr: 'Cette clinique ne propose pas la réservation en ligne.',
    },
  ],
  [
    'This offer link is not valid. Please check the link in your e-mail.',
    {
      es: 'Este enlace de oferta no es válido. Revise el enlace de su correo electrónico.',
      fr: 'Ce lien d’offre n’est pas valide. Vérifiez le lien dans votre courriel.',
    },
  ],
  [
    'Sorry, someone else booked this time a moment before you. You are still on the waitlist, and we will offer you the next time that fits.',
    {
      es: 'Lo sentimos, otra persona reservó esta hora un momento antes que usted. Sigue en la lista de espera y le ofreceremos la próxima hora que le convenga.',
      fr: 'Désolés, quelqu’un a réservé cet horaire juste avant vous. Vous restez sur la liste d’attente et nous vous proposerons le prochain horaire qui vous convient.',
    },
  ],
  [
    'Sorry, this offer has expired and the time was offered to someone else. You are still on the waitlist.',
    {
      es: 'Lo sentimos, esta oferta ha caducado y la hora se ofreció a otra persona. Sigue en la lista de espera.',
      fr: 'Désolés, cette offre a expiré et l’horaire a été proposé à quelqu’un d’autre. Vous restez sur la liste d’attente.',
    },
  ],
  [
    'This appointment was cancelled.',
    { es: 'Esta cita fue cancelada.', fr: 'Ce rendez-vous a été annulé.' },
  ],
  [
    'The visit is not open yet.',
    { es: 'La consulta aún no está abierta.', fr: 'La consultation n’est pas encore ouverte.' },
  ],
  [
    'This visit has ended.',
    { es: 'Esta consulta ha terminado.', fr: 'Cette consultation est terminée.' },
  ],
  [
    'This link is not valid. Please check that you copied all of it.',
    {
      es: 'Este enlace no es válido. Compruebe que lo copió completo.',
      fr: 'Ce lien n’est pas valide. Vérifiez que vous l’avez copié en entier.',
    },
  ],
  [
    'This is already the time of your appointment. Pick another time.',
    {
      es: 'Esta ya es la hora de su cita. Elija otra hora.',
      fr: 'C’est déjà l’horaire de votre rendez-vous. Choisissez un autre horaire.',
    },
  ],
  [
    'This visit length cannot be booked online.',
    {
      es: 'Esta duración de consulta no se puede reservar en línea.',
      fr: 'Cette durée de consultation ne peut pas être réservée en ligne.',
    },
  ],
  [
    'That provider does not take online bookings at this clinic.',
    {
      es: 'Ese profesional no acepta reservas en línea en esta clínica.',
      fr: 'Ce praticien n’accepte pas les réservations en ligne dans cette clinique.',
    },
  ],
  [
    'This service cannot be booked online.',
    {
      es: 'Este servicio no se puede reservar en línea.',
      fr: 'Ce service ne peut pas être réservé en ligne.',
    },
  ],
  [
    'Many people are booking with this provider on this day right now. Please choose another day, or try again in a few minutes.',
    {
      es: 'Muchas personas están reservando con este profesional ese día en este momento. Elija otro día o inténtelo de nuevo en unos minutos.',
      fr: 'Beaucoup de personnes prennent rendez-vous avec ce praticien ce jour-là en ce moment. Veuillez choisir un autre jour ou réessayer dans quelques minutes.',
    },
  ],
  [
    'This appointment was cancelled, so there is nothing to confirm.',
    {
      es: 'Esta cita fue cancelada, así que no hay nada que confirmar.',
      fr: 'Ce rendez-vous a été annulé : il n’y a rien à confirmer.',
    },
  ],
  [
    'This visit has already started, so there is nothing to confirm.',
    {
      es: 'Esta consulta ya empezó, así que no hay nada que confirmar.',
      fr: 'Cette consultation a déjà commencé : il n’y a rien à confirmer.',
    },
  ],
  [
    'This visit is in person, so there is no video call to join.',
    {
      es: 'Esta consulta es presencial: no hay videollamada.',
      fr: 'Cette consultation a lieu sur place : il n’y a pas d’appel vidéo.',
    },
  ],
  [
    'This visit is by phone: the clinic will call you.',
    {
      es: 'Esta consulta es por teléfono: la clínica le llamará.',
      fr: 'Cette consultation a lieu par téléphone : la clinique vous appellera.',
    },
  ],
  [
    'The end date must not be before the start date.',
    {
      es: 'La fecha final no puede ser anterior a la fecha inicial.',
      fr: 'La date de fin ne peut pas précéder la date de début.',
    },
  ],
  [
    `Ask for at most ${MAX_PATIENT_SLOT_DAYS} days of times at a time.`,
    {
      es: `Pida horas de ${MAX_PATIENT_SLOT_DAYS} días como máximo a la vez.`,
      fr: `Demandez les horaires de ${MAX_PATIENT_SLOT_DAYS} jours au plus à la fois.`,
    },
  ],
  [
    'You have already accepted this time. It is booked for you.',
    {
      es: 'Ya aceptó esta hora. Está reservada para usted.',
      fr: 'Vous avez déjà accepté cet horaire. Il vous est réservé.',
    },
  ],
  [
    'You said no to this time. You are still on the waitlist.',
    {
      es: 'Rechazó esta hora. Sigue en la lista de espera.',
      fr: 'Vous avez refusé cet horaire. Vous restez sur la liste d’attente.',
    },
  ],
  [
    'This offer was withdrawn by the clinic.',
    {
      es: 'La clínica retiró esta oferta.',
      fr: 'La clinique a retiré cette offre.',
    },
  ],
]);

/** The patient pages' own endpoints: the visit link's, online booking's and offers'. */
export function isPatientPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return (
    path === '/api/session' ||
    path.startsWith('/api/session/') ||
    path.startsWith('/api/public/') ||
    path.startsWith('/api/offers/')
  );
}

/** The language a page asks for in its Accept-Language, among ours; English when none. */
export function requestLanguage(acceptLanguage: string | undefined): PatientLanguage {
  return choosePatientLanguage({ browser: acceptedLanguages(acceptLanguage) });
}

/** The language a patient page's request asks for (its Accept-Language). */
export const pageLanguage = (request: { headers: { 'accept-language'?: string } }) =>
  requestLanguage(request.headers['accept-language']);

/** `sentence` in `language` when we have it there, else as it is. */
export function inPatientLanguage(sentence: string, language: PatientLanguage): string {
  if (language === 'en') return sentence;
  return PATIENT_SENTENCES.get(sentence)?.[language] ?? sentence;
}
