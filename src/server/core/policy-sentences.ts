// The sentences worded from a clinic's policy that a patient reads on their pages (issue 44,
// ADR 051), in ICU MessageFormat through FormatJS as the e-mails are: English, Spanish and French
// side by side, one message per id of `@domain/policy-sentences`. A missing id or language does
// not compile; `policy-sentences.test.ts` checks each message parses with English's placeholders.
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import type { PatientLanguage } from '@domain/patients';
import type { PolicySentence, PolicySentenceId } from '@domain/policy-sentences';
import { HttpError } from '../errors';

// Parts several messages share, written out in each (ICU has no includes).
const MOVED_EN =
  '{action, select, reschedule {moved} cancel {cancelled} other {moved or cancelled}}';
const CALL_EN = '{phone, select, yes {please call the clinic} other {please contact the clinic}}';
const CALL_ES = '{phone, select, yes {llame a la clínica} other {comuníquese con la clínica}}';
const CALL_FR =
  '{phone, select, yes {veuillez appeler la clinique} other {veuillez contacter la clinique}}';
const SPAN_EN =
  '{unit, select, day {{count, plural, one {# day} other {# days}}} other {{count, plural, one {# hour} other {# hours}}}}';
const SPAN_ES =
  '{unit, select, day {{count, plural, one {# día} other {# días}}} other {{count, plural, one {# hora} other {# horas}}}}';
const SPAN_FR =
  '{unit, select, day {{count, plural, one {# jour} other {# jours}}} other {{count, plural, one {# heure} other {# heures}}}}';

export const POLICY_MESSAGES: Record<PolicySentenceId, Record<PatientLanguage, string>> = {
  'selfService.notOpen': {
    en: `This appointment can no longer be ${MOVED_EN}: it has started, ended or was cancelled.`,
    es: '{action, select, reschedule {Ya no se puede cambiar esta cita} cancel {Ya no se puede cancelar esta cita} other {Ya no se puede cambiar ni cancelar esta cita}}: ya empezó, terminó o fue cancelada.',
    fr: '{action, select, reschedule {Ce rendez-vous ne peut plus être déplacé} cancel {Ce rendez-vous ne peut plus être annulé} other {Ce rendez-vous ne peut plus être déplacé ni annulé}} : il a commencé, il est terminé ou il a été annulé.',
  },
  'selfService.closedByClinic': {
    en: `Your clinic does not take online changes. To have your appointment ${MOVED_EN}, ${CALL_EN}.`,
    es: `Su clínica no acepta cambios en línea. {action, select, reschedule {Para cambiar su cita} cancel {Para cancelar su cita} other {Para cambiar o cancelar su cita}}, ${CALL_ES}.`,
    fr: `Votre clinique n’accepte pas les modifications en ligne. {action, select, reschedule {Pour déplacer votre rendez-vous} cancel {Pour annuler votre rendez-vous} other {Pour déplacer ou annuler votre rendez-vous}}, ${CALL_FR}.`,
  },
  'selfService.pastCutoff': {
    en: `Online changes close ${SPAN_EN} before the visit. To have your appointment ${MOVED_EN} now, ${CALL_EN}.`,
    es: `Los cambios en línea solo son posibles hasta ${SPAN_ES} antes de la cita. {action, select, reschedule {Para cambiarla ahora} cancel {Para cancelarla ahora} other {Para cambiarla o cancelarla ahora}}, ${CALL_ES}.`,
    fr: `Les modifications en ligne sont possibles jusqu’à ${SPAN_FR} avant le rendez-vous. {action, select, reschedule {Pour le déplacer maintenant} cancel {Pour l’annuler maintenant} other {Pour le déplacer ou l’annuler maintenant}}, ${CALL_FR}.`,
  },
  'selfService.moveLimit': {
    en: `This appointment has already been moved online {count, plural, one {once} =2 {twice} other {# times}}, the most your clinic allows. To move it again, ${CALL_EN}.`,
    es: `Esta cita ya se cambió en línea {count, plural, one {una vez} other {# veces}}, el máximo que permite su clínica. Para cambiarla de nuevo, ${CALL_ES}.`,
    fr: `Ce rendez-vous a déjà été déplacé en ligne {count, plural, one {une fois} other {# fois}}, le maximum permis par votre clinique. Pour le déplacer de nouveau, ${CALL_FR}.`,
  },
  'selfService.moveTooSoon': {
    en: '{unit, select, none {This time is too soon to book online.} day {Your clinic needs at least {count, plural, one {# day’s} other {# days’}} notice of a visit booked online.} other {Your clinic needs at least {count, plural, one {an hour’s} other {# hours’}} notice of a visit booked online.}} {phone, select, yes {Please choose a later time, or call the clinic.} other {Please choose a later time.}}',
    es: '{unit, select, none {Esta hora está demasiado cerca para reservarla en línea.} day {Su clínica pide al menos {count, plural, one {# día} other {# días}} de antelación para las citas en línea.} other {Su clínica pide al menos {count, plural, one {una hora} other {# horas}} de antelación para las citas en línea.}} {phone, select, yes {Elija una hora más tarde o llame a la clínica.} other {Elija una hora más tarde.}}',
    fr: '{unit, select, none {Cet horaire est trop proche pour être réservé en ligne.} day {Votre clinique demande au moins {count, plural, one {# jour} other {# jours}} de préavis pour un rendez-vous pris en ligne.} other {Votre clinique demande au moins {count, plural, one {une heure} other {# heures}} de préavis pour un rendez-vous pris en ligne.}} {phone, select, yes {Veuillez choisir un horaire plus tardif ou appeler la clinique.} other {Veuillez choisir un horaire plus tardif.}}',
  },
  'onlineBooking.tooSoon': {
    en: 'Online bookings must be made at least {count, plural, one {# hour} other {# hours}} ahead. {phone, select, yes {Please choose a later time or call the clinic.} other {Please choose a later time.}}',
    es: 'Las citas en línea se reservan con al menos {count, plural, one {# hora} other {# horas}} de antelación. {phone, select, yes {Elija una hora más tarde o llame a la clínica.} other {Elija una hora más tarde.}}',
    fr: 'Les rendez-vous en ligne se prennent au moins {count, plural, one {# heure} other {# heures}} à l’avance. {phone, select, yes {Veuillez choisir un horaire plus tardif ou appeler la clinique.} other {Veuillez choisir un horaire plus tardif.}}',
  },
  'onlineBooking.tooFar': {
    en: 'Online bookings can be made at most {count, plural, one {# day} other {# days}} ahead. Please choose an earlier time.',
    es: 'Las citas en línea se reservan con {count, plural, one {# día} other {# días}} de antelación como máximo. Elija una hora más próxima.',
    fr: 'Les rendez-vous en ligne se prennent au plus {count, plural, one {# jour} other {# jours}} à l’avance. Veuillez choisir un horaire plus proche.',
  },
  'onlineBooking.knownPatientsOnly': {
    en: 'This clinic books online only for its own patients. Please {phone, select, yes {call} other {contact}} the clinic to book.',
    es: 'Esta clínica solo reserva en línea a sus propios pacientes. {phone, select, yes {Llame a la clínica} other {Comuníquese con la clínica}} para reservar.',
    fr: 'Cette clinique ne prend en ligne que ses propres patients. {phone, select, yes {Veuillez appeler la clinique} other {Veuillez contacter la clinique}} pour prendre rendez-vous.',
  },
  'onlineBooking.serviceForOwnPatients': {
    en: 'Sorry, this service can be booked online only by the clinic’s own patients. Please {phone, select, yes {call} other {contact}} the clinic to book it.',
    es: 'Lo sentimos, este servicio solo pueden reservarlo en línea los pacientes de la clínica. {phone, select, yes {Llame a la clínica} other {Comuníquese con la clínica}} para reservarlo.',
    fr: 'Désolés, seuls les patients de la clinique peuvent réserver ce service en ligne. {phone, select, yes {Veuillez appeler la clinique} other {Veuillez contacter la clinique}} pour le réserver.',
  },
  'onlineBooking.serviceForNewPatients': {
    en: 'Sorry, this service can be booked online only by new patients, and you are already a patient of the clinic. Please {phone, select, yes {call} other {contact}} the clinic to book it.',
    es: 'Lo sentimos, este servicio solo pueden reservarlo en línea los pacientes nuevos, y usted ya es paciente de la clínica. {phone, select, yes {Llame a la clínica} other {Comuníquese con la clínica}} para reservarlo.',
    fr: 'Désolés, seuls les nouveaux patients peuvent réserver ce service en ligne, et vous êtes déjà patient de la clinique. {phone, select, yes {Veuillez appeler la clinique} other {Veuillez contacter la clinique}} pour le réserver.',
  },
  'onlineBooking.tooManyHolds': {
    en: 'Too many booking requests. Please wait an hour{phone, select, yes {, or call the clinic} other {}}.',
    es: 'Demasiadas solicitudes de reserva. Espere una hora{phone, select, yes { o llame a la clínica} other {}}.',
    fr: 'Trop de demandes de réservation. Veuillez patienter une heure{phone, select, yes { ou appeler la clinique} other {}}.',
  },
  'onlineBooking.tooManyMails': {
    en: 'Too many booking requests for this e-mail address today. Please try again tomorrow{phone, select, yes {, or call the clinic} other {}}.',
    es: 'Demasiadas solicitudes de reserva hoy para este correo electrónico. Inténtelo de nuevo mañana{phone, select, yes { o llame a la clínica} other {}}.',
    fr: 'Trop de demandes de réservation aujourd’hui pour cette adresse courriel. Veuillez réessayer demain{phone, select, yes { ou appeler la clinique} other {}}.',
  },
  'onlineBooking.clinicBusy': {
    en: 'Many people are booking at this clinic right now. Please try again in a few minutes{phone, select, yes {, or call the clinic} other {}}.',
    es: 'Muchas personas están reservando en esta clínica en este momento. Inténtelo de nuevo en unos minutos{phone, select, yes { o llame a la clínica} other {}}.',
    fr: 'Beaucoup de personnes prennent rendez-vous dans cette clinique en ce moment. Veuillez réessayer dans quelques minutes{phone, select, yes { ou appeler la clinique} other {}}.',
  },
};

const cache = createIntlCache();
const intls = new Map<PatientLanguage, IntlShape<string>>();

function intlOf(language: PatientLanguage): IntlShape<string> {
  let intl = intls.get(language);
  if (!intl) {
    const messages = Object.fromEntries(
      Object.entries(POLICY_MESSAGES).map(([id, byLanguage]) => [id, byLanguage[language]]),
    );
    intl = createIntl({ locale: language, defaultLocale: 'en', messages }, cache);
    intls.set(language, intl);
  }
  return intl;
}

/** The sentence in `language` (English by default, as staff and logs read it). */
export function sayPolicySentence(
  sentence: PolicySentence,
  language: PatientLanguage = 'en',
): string {
  return intlOf(language).formatMessage({ id: sentence.id }, sentence.values);
}

/**
 * A patient's refusal worded from the clinic's policy: its message is the English, and the error
 * handler says it again in the language the patient's page asks for.
 */
export class PolicyRefusal extends HttpError {
  constructor(
    status: 409 | 422 | 429,
    readonly sentence: PolicySentence,
    retryAfterSeconds?: number,
  ) {
    const code = status === 409 ? 'conflict' : status === 422 ? 'unprocessable' : 'rate_limited';
    super(status, code, sayPolicySentence(sentence), {}, retryAfterSeconds);
  }
}
