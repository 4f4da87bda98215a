// The sentences worded from a clinic's policy, in every patient language (issue 44, ADR 051):
// every id of the domain's list has a message in each language, each a valid ICU message with
// English's placeholders, each said by some rule; and they read as a clinic would write them.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { PATIENT_LANGUAGES } from '@domain/patients';
import { POLICY_SENTENCE_IDS } from '@domain/policy-sentences';
import { moveTooSoonSentence, selfServiceRefusalSentence } from '@domain/self-service';
import { POLICY_MESSAGES, sayPolicySentence } from './policy-sentences';

function placeholders(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    into.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) placeholders(option.value, into);
  }
  return into;
}

/** Our code that says sentences: the domain and the server, the catalogue and tests aside. */
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const speakers = ['domain', 'server']
  .flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.ts$/.test(f) && !/\.test\.ts$/.test(f) && !/policy-sentences\.ts$/.test(f))
      .map((f) => path.join(root, dir, f)),
  )
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');

const phone = { phone: '(555) 010-2030' };
const noPhone = { phone: null };
const policy = { cutoffHours: 24, maxReschedules: 2 };

describe('the policy sentences’ catalogue', () => {
  it('has exactly the domain’s ids, each said by a rule', () => {
    expect(Object.keys(POLICY_MESSAGES).sort()).toEqual([...POLICY_SENTENCE_IDS].sort());
    const unsaid = POLICY_SENTENCE_IDS.filter((id) => !speakers.includes(`'${id}'`));
    expect(unsaid, 'ids no rule says').toEqual([]);
  });

  it.each(POLICY_SENTENCE_IDS)('%s is in every language, with English’s placeholders', (id) => {
    const english = placeholders(parse(POLICY_MESSAGES[id].en));
    for (const language of PATIENT_LANGUAGES) {
      const message = POLICY_MESSAGES[id][language];
      expect(message?.trim(), `${id} in ${language}`).toBeTruthy();
      expect([...placeholders(parse(message))].sort(), `${id} in ${language}`).toEqual(
        [...english].sort(),
      );
    }
  });
});

describe('the self-service refusals', () => {
  it('read in English as the server always wrote them', () => {
    const say = (...args: Parameters<typeof selfServiceRefusalSentence>) =>
      sayPolicySentence(selfServiceRefusalSentence(...args));
    expect(say('past_cutoff', 'cancel', policy, phone)).toBe(
      'Online changes close 24 hours before the visit. To have your appointment cancelled now, please call the clinic.',
    );
    expect(say('past_cutoff', 'reschedule', { ...policy, cutoffHours: 48 }, phone)).toContain(
      'close 2 days before',
    );
    expect(say('past_cutoff', 'both', { ...policy, cutoffHours: 1 }, noPhone)).toBe(
      'Online changes close 1 hour before the visit. To have your appointment moved or cancelled now, please contact the clinic.',
    );
    expect(say('move_limit', 'reschedule', policy, phone)).toBe(
      'This appointment has already been moved online twice, the most your clinic allows. To move it again, please call the clinic.',
    );
    expect(say('move_limit', 'reschedule', { ...policy, maxReschedules: 1 }, phone)).toContain(
      'moved online once,',
    );
    expect(say('move_limit', 'reschedule', { ...policy, maxReschedules: 5 }, phone)).toContain(
      'moved online 5 times,',
    );
    expect(say('not_open', 'both', policy, phone)).toBe(
      'This appointment can no longer be moved or cancelled: it has started, ended or was cancelled.',
    );
    expect(say('closed_by_clinic', 'cancel', policy, noPhone)).toBe(
      'Your clinic does not take online changes. To have your appointment cancelled, please contact the clinic.',
    );
  });

  it('never ask to call a clinic that gave no number, in any language', () => {
    for (const language of PATIENT_LANGUAGES)
      for (const refusal of ['closed_by_clinic', 'past_cutoff', 'move_limit'] as const)
        for (const action of ['reschedule', 'cancel', 'both'] as const) {
          const said = (clinic: { phone: string | null }) =>
            sayPolicySentence(
              selfServiceRefusalSentence(refusal, action, policy, clinic),
              language,
            );
          expect(said(noPhone)).not.toMatch(/call|llame|appeler/i);
          expect(said(phone)).toMatch(/call|llame|appeler/i);
        }
  });

  it('read in Spanish and French with their plurals', () => {
    const say = (language: 'es' | 'fr', ...args: Parameters<typeof selfServiceRefusalSentence>) =>
      sayPolicySentence(selfServiceRefusalSentence(...args), language);
    expect(say('es', 'past_cutoff', 'cancel', policy, phone)).toBe(
      'Los cambios en línea solo son posibles hasta 24 horas antes de la cita. Para cancelarla ahora, llame a la clínica.',
    );
    expect(say('fr', 'past_cutoff', 'reschedule', { ...policy, cutoffHours: 72 }, noPhone)).toBe(
      'Les modifications en ligne sont possibles jusqu’à 3 jours avant le rendez-vous. Pour le déplacer maintenant, veuillez contacter la clinique.',
    );
    expect(say('es', 'past_cutoff', 'both', { ...policy, cutoffHours: 1 }, phone)).toContain(
      'hasta 1 hora antes',
    );
    expect(say('es', 'move_limit', 'reschedule', policy, phone)).toBe(
      'Esta cita ya se cambió en línea 2 veces, el máximo que permite su clínica. Para cambiarla de nuevo, llame a la clínica.',
    );
    expect(say('fr', 'move_limit', 'reschedule', { ...policy, maxReschedules: 1 }, phone)).toBe(
      'Ce rendez-vous a déjà été déplacé en ligne une fois, le maximum permis par votre clinique. Pour le déplacer de nouveau, veuillez appeler la clinique.',
    );
    expect(say('fr', 'not_open', 'both', policy, phone)).toBe(
      'Ce rendez-vous ne peut plus être déplacé ni annulé : il a commencé, il est terminé ou il a été annulé.',
    );
  });
});

describe('the notice a move needs', () => {
  it('offers a call only where there is a number, in each language', () => {
    const say = (hours: number, clinic: { phone: string | null }, language: 'en' | 'es' | 'fr') =>
      sayPolicySentence(moveTooSoonSentence(hours, clinic), language);
    expect(say(12, phone, 'en')).toBe(
      'Your clinic needs at least 12 hours’ notice of a visit booked online. Please choose a later time, or call the clinic.',
    );
    expect(say(12, noPhone, 'en')).toBe(
      'Your clinic needs at least 12 hours’ notice of a visit booked online. Please choose a later time.',
    );
    expect(say(1, noPhone, 'en')).toBe(
      'Your clinic needs at least an hour’s notice of a visit booked online. Please choose a later time.',
    );
    expect(say(48, noPhone, 'en')).toContain('at least 2 days’ notice');
    expect(say(0, noPhone, 'en')).toBe(
      'This time is too soon to book online. Please choose a later time.',
    );
    expect(say(1, phone, 'es')).toBe(
      'Su clínica pide al menos una hora de antelación para las citas en línea. Elija una hora más tarde o llame a la clínica.',
    );
    expect(say(12, noPhone, 'fr')).toBe(
      'Votre clinique demande au moins 12 heures de préavis pour un rendez-vous pris en ligne. Veuillez choisir un horaire plus tardif.',
    );
  });
});
