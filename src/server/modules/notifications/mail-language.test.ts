import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { renderMessage, renderReminder } from './messages';
import { renderHold } from './kept-time-messages';
import { mailWords, patientMailWords } from './mail-words';
import { en } from './catalogues/en';
import { es } from './catalogues/es';
import { fr } from './catalogues/fr';
import type { NotificationSnapshot } from './outbox-row';

// Issue 44: a patient's e-mail and calendar file in their language, signed by the clinic; the
// staff's copy in US English, worded for them, without the patient's link.

const snapshot: NotificationSnapshot = {
  appointmentId: 'a-44',
  clinic: { id: 'c-1', name: 'Clinique du Plateau', timezone: 'America/Toronto' },
  start: '2026-11-30T13:30:00.000Z',
  durationMinutes: 30,
  token: 'TOKEN_TOKEN_TOKEN_TOKEN_44',
  patient: { name: 'Roman Abbott', email: 'roman@example.com' },
  staff: { name: 'Dr. Priya Raman', email: 'priya@example.com' },
  sequence: 0,
};
const PUBLIC_URL = 'https://care.example';
const LINK = `${PUBLIC_URL}/session/?token=${snapshot.token}`;
const CLINIC = { address: '4200 rue Saint-Denis\nMontréal QC', phone: '(514) 555-0144' };
const patient = { email: 'roman@example.com', name: 'Roman Abbott', role: 'patient' as const };
const VISIT = {
  kind: 'in_person' as const,
  serviceName: 'Physiotherapy',
  address: '4200 rue Saint-Denis\nMontréal QC',
  instructions: 'Wear loose clothing.',
};

describe('a patient’s e-mail in their language', () => {
  it('is the record’s language, else the clinic’s', () => {
    expect(patientMailWords('fr', 'es').language).toBe('fr');
    expect(patientMailWords(null, 'es').language).toBe('es');
    expect(patientMailWords('de', null).language).toBe('en');
  });

  it('reads in French with the time named as people say it, the clinic’s address and phone, one button and the self-service links', () => {
    const message = renderMessage(
      'appointment.booked',
      snapshot,
      patient,
      PUBLIC_URL,
      VISIT,
      CLINIC,
      mailWords('fr'),
    );
    expect(message.subject).toBe('Votre rendez-vous est réservé — Clinique du Plateau');
    const lines = message.text.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Bonjour Roman Abbott,',
        'Quand : lundi 30 novembre 2026, 08:30 – 09:00 (heure de l’Est nord-américain)'.replace(
          ' : ',
          ': ',
        ),
        'Type de consultation: Sur place',
        'Avant votre consultation :',
        'Wear loose clothing.',
        `Voir votre rendez-vous: ${LINK}`,
        `Modifier ou annuler votre rendez-vous: ${LINK}`,
        '4200 rue Saint-Denis, Montréal QC',
        '(514) 555-0144',
      ]),
    );
    expect(message.html).toContain('<html lang="fr">');
    expect(message.html).toContain('prefers-color-scheme: dark');
    expect(message.html).toMatch(/class="button" href="[^"]+"[^>]*>Voir votre rendez-vous</);
    expect(message.ics).toContain('SUMMARY:Rendez-vous à Clinique du Plateau');
    expect(message.ics.replace(/\r?\n[ \t]/g, '')).toContain(`Votre rendez-vous : ${LINK}`);
  });

  it('reminds in Spanish, with Confirm as its button', () => {
    const message = renderReminder(
      {
        ...snapshot,
        confirmed: false,
        patient: { name: 'Roman Abbott' },
        staff: { name: 'Dr. Priya Raman' },
      },
      'roman@example.com',
      PUBLIC_URL,
      undefined,
      CLINIC,
      mailWords('es'),
    );
    expect(message.text.split('\n')[1]).toBe('Le recordamos su cita en Clinique du Plateau.');
    expect(message.text).toContain(`Confirmar que vendrá: ${LINK}&confirm=1`);
    expect(message.subject).toMatch(/^Recordatorio: su cita del lunes, 30 de noviembre de 2026/);
  });

  it('asks a stranger to confirm a booking in the clinic’s language, greeting nobody', () => {
    const message = renderHold(
      {
        token: 'tok',
        clinic: snapshot.clinic,
        start: snapshot.start,
        durationMinutes: 30,
        expiresAt: '2026-11-23T12:15:00.000Z',
        staff: { name: 'Dr. Priya Raman' },
      },
      'mia@example.com',
      PUBLIC_URL,
      CLINIC,
      patientMailWords(null, 'es'),
    );
    expect(message.text.split('\n')[0]).toBe('Hola:');
    expect(message.text).toContain(`Confirmar esta reserva: ${PUBLIC_URL}/book-online/confirm/tok`);
  });
});

describe('the staff’s copy', () => {
  it('is worded for staff in US English, whatever the patient reads, without the patient’s link', () => {
    const message = renderMessage(
      'appointment.booked',
      snapshot,
      { email: 'priya@example.com', name: 'Dr. Priya Raman', role: 'staff' },
      PUBLIC_URL,
      VISIT,
      CLINIC,
      mailWords('fr'),
    );
    expect(message.subject).toBe('Roman Abbott was booked with you — Clinique du Plateau');
    expect(message.text.split('\n').slice(0, 2)).toEqual([
      'Hello Dr. Priya Raman,',
      'Roman Abbott was booked with you.',
    ]);
    expect(message.text).toContain(
      'When: Monday, November 30, 2026, 8:30 AM – 9:00 AM Eastern Time',
    );
    expect(message.text).not.toContain(snapshot.token);
    expect(message.html).not.toContain(snapshot.token);
  });
});

describe('e-mail catalogues', () => {
  const catalogues: Record<string, Record<string, string>> = { es, fr };
  const english: Record<string, string> = en;
  const names = (elements: MessageFormatElement[]): string[] =>
    elements.flatMap((e) => (e.type === TYPE.literal || e.type === TYPE.pound ? [] : [e.value]));
  const source = ['messages.ts', 'kept-time-messages.ts', 'visit-lines.ts', 'visit-calendar.ts']
    .map((file) => readFileSync(new URL(`./${file}`, import.meta.url), 'utf8'))
    .join('\n');

  it('every key is used, and each language has them all with the same placeholders', () => {
    expect(Object.keys(english).filter((key) => !source.includes(`'${key}'`))).toEqual([]);
    for (const language of ['es', 'fr']) {
      const messages = catalogues[language]!;
      expect(Object.keys(messages).sort(), language).toEqual(Object.keys(english).sort());
      for (const [key, message] of Object.entries(messages))
        expect(names(parse(message)).sort(), `${language} ${key}`).toEqual(
          names(parse(english[key]!)).sort(),
        );
    }
  });
});
