import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { personName } from './person-name';

describe('personName', () => {
  it('puts one space between first and last name', () => {
    expect(personName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
  });

  it('leaves no space around a name that has one part only', () => {
    expect(personName({ firstName: 'Ada', lastName: '' })).toBe('Ada');
    expect(personName({ firstName: '', lastName: 'Lovelace' })).toBe('Lovelace');
  });

  it('keeps both parts, in order, and never starts or ends with a space', () => {
    const part = fc.string({ maxLength: 12 }).map((s) => s.trim());
    fc.assert(
      fc.property(part, part, (firstName, lastName) => {
        const name = personName({ firstName, lastName });
        expect(name).toBe(name.trim());
        expect(name.startsWith(firstName)).toBe(true);
        expect(name.endsWith(lastName)).toBe(true);
      }),
    );
  });
});
