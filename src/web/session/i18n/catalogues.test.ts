// Every patient page message in every language (issue 44, ADR 051): the same keys as English,
// each used by the pages, each a valid ICU message with the same placeholders.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { PATIENT_LANGUAGES } from '@domain/patients';

const here = path.dirname(new URL(import.meta.url).pathname);
const pages = path.resolve(here, '..');
const catalogue = (language: string) =>
  JSON.parse(readFileSync(path.join(here, `${language}.json`), 'utf8')) as Record<string, string>;
const english = catalogue('en');

/** The patient pages' code (tests and catalogues aside), as one text. */
const source = readdirSync(pages, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
  .map((file) => readFileSync(path.join(pages, file), 'utf8'))
  .join('\n');

function placeholders(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    into.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) placeholders(option.value, into);
    if (element.type === TYPE.tag) placeholders(element.children, into);
  }
  return into;
}

describe('patient page catalogues', () => {
  it('uses every English key in the pages, and no key the catalogue lacks', () => {
    const unused = Object.keys(english).filter((key) => !source.includes(`'${key}'`));
    expect(unused, 'keys no page uses').toEqual([]);
    const called = [...source.matchAll(/\btx?\(\s*'([^']+)'/g)].map((m) => m[1]!);
    expect(called.length).toBeGreaterThan(50);
    expect(
      called.filter((key) => !(key in english)),
      'keys missing from en.json',
    ).toEqual([]);
  });

  it.each(PATIENT_LANGUAGES.filter((l) => l !== 'en'))(
    '%s has exactly the English keys, each with the same placeholders',
    (language) => {
      const messages = catalogue(language);
      expect(
        Object.keys(messages).filter((key) => !(key in english)),
        'unused',
      ).toEqual([]);
      expect(
        Object.keys(english).filter((key) => !(key in messages)),
        'missing',
      ).toEqual([]);
      for (const [key, message] of Object.entries(messages)) {
        expect(message.trim(), key).not.toBe('');
        expect([...placeholders(parse(message))].sort(), key).toEqual(
          [...placeholders(parse(english[key]!))].sort(),
        );
      }
    },
  );
});
