import { describe, expect, it } from 'vitest';
import { PATIENT_LANGUAGES } from './patients';
import { textLengthOf } from './text-messages';
import { answerTexts, textTime } from './text-templates';

const CLINIC = 'Riverside Family Clinic';
const PHONE = '(212) 555-0100';
const LINK = `https://care.example.org/session/?token=${'x'.repeat(43)}`;

/** Every answer of one language, as a usual clinic's patient would get it. */
function answersIn(language: (typeof PATIENT_LANGUAGES)[number]) {
  const a = answerTexts[language];
  const when = textTime('2026-11-25T15:00:00Z', 'America/New_York', language);
  return {
    confirmed: a.confirmed(CLINIC, when),
    nothingToConfirm: a.nothingToConfirm(CLINIC, PHONE),
    link: a.link(CLINIC, when, LINK),
    noLink: a.noLink(CLINIC),
    stopped: a.stopped(CLINIC),
    started: a.started(CLINIC),
    help: a.help(CLINIC, PHONE),
  };
}

describe('the answers to a patient’s reply', () => {
  it('are written in every language, each in one GSM-7 segment for a usual clinic', () => {
    for (const language of PATIENT_LANGUAGES) {
      const answers = answersIn(language);
      expect(Object.keys(answers)).toEqual(Object.keys(answerTexts.en));
      for (const [key, body] of Object.entries(answers)) {
        expect({ language, key, ...textLengthOf(body) }).toMatchObject({
          language,
          key,
          encoding: 'GSM-7',
          segments: 1,
        });
      }
    }
  });

  it('read in Spanish and French, with the time in that language', () => {
    expect(answersIn('es').confirmed).toBe(
      'Riverside Family Clinic: gracias, su cita del mié, 25 nov, 10:00 queda confirmada.',
    );
    expect(answersIn('fr').stopped).toBe(
      'Riverside Family Clinic : vous ne recevrez plus nos SMS. Répondez START pour les recevoir à nouveau.',
    );
    expect(answersIn('fr').confirmed).toBe(
      'Riverside Family Clinic : merci, votre rendez-vous du mer. 25 nov., 10:00 est confirmé.',
    );
  });

  it('name the clinic’s phone only when it has one', () => {
    for (const language of PATIENT_LANGUAGES) {
      expect(answerTexts[language].help(CLINIC, PHONE)).toContain(PHONE);
      expect(answerTexts[language].help(CLINIC, null)).not.toMatch(/\d/);
      expect(answerTexts[language].nothingToConfirm(CLINIC, null)).not.toMatch(/\d/);
    }
  });

  it('keep the English words the spec’s tests read', () => {
    expect(answersIn('en').confirmed).toBe(
      'Riverside Family Clinic: thank you, your visit on Wed, Nov 25, 10:00 AM is confirmed.',
    );
  });
});
