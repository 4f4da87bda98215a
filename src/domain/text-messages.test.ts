import { describe, expect, it } from 'vitest';
import { minutesOfTime, replyActionOf, textLengthOf, textSendableAt } from './text-messages';

const NY = 'America/New_York';
const quiet = { start: minutesOfTime('21:00:00'), end: minutesOfTime('08:00') };

describe('textSendableAt', () => {
  it('lets a text due in the day go at once', () => {
    const noon = new Date('2026-11-23T17:00:00Z'); // 12:00 in New York
    expect(textSendableAt(noon, NY, quiet)).toEqual(noon);
  });

  it('holds a text due late in the evening until 8:00 the next morning, clinic time', () => {
    const late = new Date('2026-11-24T04:00:00Z'); // 23:00 on the 23rd in New York
    expect(textSendableAt(late, NY, quiet).toISOString()).toBe('2026-11-24T13:00:00.000Z');
  });

  it('holds one due after midnight until 8:00 the same morning', () => {
    const night = new Date('2026-11-24T07:30:00Z'); // 02:30 in New York
    expect(textSendableAt(night, NY, quiet).toISOString()).toBe('2026-11-24T13:00:00.000Z');
  });

  it('keeps the clinic’s clock across a change of the clocks', () => {
    // 22:00 on Saturday 7 March 2026 EST; clocks spring forward that night: 08:00 EDT is 12:00Z.
    const before = new Date('2026-03-08T03:00:00Z');
    expect(textSendableAt(before, NY, quiet).toISOString()).toBe('2026-03-08T12:00:00.000Z');
  });

  it('knows quiet hours inside one day, and none when start equals end', () => {
    const lunch = { start: 12 * 60, end: 13 * 60 };
    const at = new Date('2026-11-23T17:30:00Z'); // 12:30
    expect(textSendableAt(at, NY, lunch).toISOString()).toBe('2026-11-23T18:00:00.000Z');
    expect(textSendableAt(at, NY, { start: 600, end: 600 })).toEqual(at);
  });
});

describe('replyActionOf', () => {
  it.each([
    ['C', 'confirm'],
    [' yes! ', 'confirm'],
    ['r', 'link'],
    ['Stop', 'stop'],
    ['START', 'start'],
    ['help?', 'help'],
    ['yes but can we move it to Friday', 'inbox'],
    ['Running 10 minutes late', 'inbox'],
    // The patients' other languages (issue 44): their standard words, accents or none.
    ['Sí', 'confirm'],
    ['¡si!', 'confirm'],
    ['Oui.', 'confirm'],
    ['ARRÊT', 'stop'],
    ['arret', 'stop'],
    ['Alto', 'stop'],
    ['BAJA', 'stop'],
    ['Aide', 'help'],
    ['ayuda', 'help'],
    ['STOP', 'stop'],
    // Not a carrier's keyword, and "cancelar" may mean the visit: staff read them.
    ['parar', 'inbox'],
    ['Cancelar', 'inbox'],
    ['sí, pero a las 10', 'inbox'],
  ])('reads %j as %s', (text, action) => {
    expect(replyActionOf(text)).toBe(action);
  });
});

describe('textLengthOf', () => {
  it('counts a plain text in GSM-7, one segment up to 160', () => {
    expect(textLengthOf('a'.repeat(160))).toEqual({
      encoding: 'GSM-7',
      length: 160,
      segments: 1,
    });
    expect(textLengthOf('a'.repeat(161)).segments).toBe(2);
  });

  it('counts extended characters twice', () => {
    expect(textLengthOf('€[]').length).toBe(6);
  });

  it('turns to UCS-2 for a character outside the alphabet, 70 a segment', () => {
    expect(textLengthOf('Hi José’s')).toMatchObject({ encoding: 'UCS-2', segments: 1 });
    expect(textLengthOf('ł'.repeat(71))).toEqual({
      encoding: 'UCS-2',
      length: 71,
      segments: 2,
    });
  });
});
