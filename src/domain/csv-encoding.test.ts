import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeCsv, detectCsvEncoding, guessDelimiter, looksBinary } from './csv-encoding';

const latin1 = (s: string) => Uint8Array.from(Buffer.from(s, 'latin1'));
const utf8 = (s: string) => Uint8Array.from(Buffer.from(s, 'utf8'));
const BOM = [0xef, 0xbb, 0xbf];

describe('decodeCsv', () => {
  it('reads UTF-8 with a byte-order mark, without one, and Windows-1252', () => {
    const text = 'Renée;Müller;Iñigo;Peña';
    expect(decodeCsv(Uint8Array.from([...BOM, ...utf8(text)]))).toEqual({
      encoding: 'utf-8-bom',
      text,
    });
    expect(decodeCsv(utf8(text))).toEqual({ encoding: 'utf-8', text });
    expect(decodeCsv(latin1(text))).toEqual({ encoding: 'windows-1252', text });
    // Bytes 0x80–0x9f are Windows-1252's own letters and signs, not Latin-1's controls.
    expect(decodeCsv(Uint8Array.from([0x80, 0x9c])).text).toBe('€œ');
    expect(decodeCsv(Uint8Array.from([...latin1('O'), 0x92, ...latin1('Brien')])).text).toBe(
      'O’Brien',
    );
  });

  it('reads any text written in UTF-8 back as it was, with or without a mark', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        expect(decodeCsv(utf8(text)).text).toBe(text);
        expect(decodeCsv(Uint8Array.from([...BOM, ...utf8(text)])).text).toBe(text);
      }),
    );
  });

  it('reads any Latin text with an accent written in Windows-1252 as Windows-1252', () => {
    const accented = fc.constantFrom(...'éèêëñüöäßçàáíóúÉÑÜ');
    const plain = fc.string({ unit: fc.constantFrom(...'abc XYZ,;0189') });
    fc.assert(
      fc.property(plain, accented, plain, (a, accent, b) => {
        const text = `${a}${accent}${b}`;
        expect(detectCsvEncoding(latin1(text))).toBe('windows-1252');
        expect(decodeCsv(latin1(text)).text).toBe(text);
      }),
    );
  });
});

describe('guessDelimiter and looksBinary', () => {
  it.each([
    ['a,b,c\n1;2', ','],
    ['a;b;c\n1,2,3,4,5', ';'],
    ['a\tb\tc', '\t'],
    ['"x;y;z",b', ','],
    ['name', ','],
  ])('takes %j as separated by %j', (text, expected) => {
    expect(guessDelimiter(text)).toBe(expected);
  });

  it('takes a file with a NUL byte for binary, and text for text', () => {
    expect(looksBinary(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x00]))).toBe(true);
    expect(looksBinary(utf8('a,b\n1,2'))).toBe(false);
  });
});
