import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  duplicateReasons,
  editDistance,
  fieldsToFill,
  phoneKey,
  similarNames,
  type DuplicateCandidate,
} from './patient-duplicates';

const person = (overrides: Partial<DuplicateCandidate> = {}): DuplicateCandidate => ({
  firstName: 'María',
  lastName: 'García',
  preferredName: null,
  dob: '1984-02-29',
  email: 'maria.garcia@example.com',
  phone: '(555) 010-4477',
  ...overrides,
});

const nameChars = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzéñü');
const name = fc.string({ unit: nameChars, minLength: 2, maxLength: 12 });
const candidate = fc.record({
  firstName: name,
  lastName: name,
  preferredName: fc.option(name, { nil: null }),
  dob: fc.option(fc.constantFrom('1950-01-01', '1984-02-29', '1990-07-14', '2001-11-30'), {
    nil: null,
  }),
  email: fc.emailAddress(),
  phone: fc.option(fc.stringMatching(/^\+?[0-9 ()-]{0,16}$/), { nil: null }),
});

describe('duplicateReasons', () => {
  it.each([
    ['a typo in the given name', { firstName: 'Maria', email: 'mg@example.com', phone: null }],
    ['a short given name', { firstName: 'Mar', email: 'mg@example.com', phone: null }],
    [
      'swapped names',
      { firstName: 'Garcia', lastName: 'Maria', email: 'x@example.com', phone: null },
    ],
    [
      'the preferred name',
      { firstName: 'Ana', preferredName: 'Maria', email: 'x@example.com', phone: null },
    ],
    [
      'one of a double family name',
      { lastName: 'García López', email: 'x@example.com', phone: null },
    ],
  ])('finds the same birth date with %s', (_, overrides) => {
    expect(duplicateReasons(person(), person(overrides))).toEqual(['birthDateAndName']);
  });

  it('finds the same phone number written another way, with or without the country code', () => {
    const other = person({ firstName: 'Zoe', lastName: 'Ng', dob: null, email: 'z@example.com' });
    expect(duplicateReasons(person(), { ...other, phone: '+1 555-010-4477' })).toEqual(['phone']);
  });

  it('finds the same e-mail in another case or with spaces around it', () => {
    const other = person({ firstName: 'Zoe', lastName: 'Ng', dob: null, phone: null });
    expect(duplicateReasons(person(), { ...other, email: ' MARIA.Garcia@example.com ' })).toEqual([
      'email',
    ]);
  });

  it('does not take twins with different given names, or a short phone, for one person', () => {
    expect(
      duplicateReasons(
        person(),
        person({ firstName: 'Lucía', email: 'l@example.com', phone: null }),
      ),
    ).toEqual([]);
    expect(phoneKey('12-34')).toBeNull();
  });

  it('says the same of (a, b) and (b, a)', () => {
    fc.assert(
      fc.property(candidate, candidate, (a, b) => {
        expect(duplicateReasons(a, b)).toEqual(duplicateReasons(b, a));
      }),
    );
  });

  it('finds a record a duplicate of itself retyped in another case and accents', () => {
    fc.assert(
      fc.property(candidate, (a) => {
        fc.pre(a.dob !== null);
        const retyped = {
          ...a,
          firstName: a.firstName.toUpperCase(),
          lastName: a.lastName.normalize('NFKD').replace(/\p{M}+/gu, ''),
          email: `other.${a.email}`,
          phone: null,
        };
        expect(duplicateReasons(a, retyped)).toContain('birthDateAndName');
      }),
    );
  });

  it('finds nothing between records with no birth date, e-mail or phone in common', () => {
    fc.assert(
      fc.property(candidate, candidate, (a, b) => {
        fc.pre(a.dob !== b.dob || a.dob === null);
        fc.pre(a.email.toLowerCase() !== b.email.toLowerCase());
        fc.pre(phoneKey(a.phone) === null || phoneKey(a.phone) !== phoneKey(b.phone));
        expect(duplicateReasons(a, b)).toEqual([]);
      }),
    );
  });
});

describe('similarNames', () => {
  it('is symmetric and reflexive', () => {
    fc.assert(
      fc.property(candidate, candidate, (a, b) => {
        expect(similarNames(a, b)).toBe(similarNames(b, a));
        expect(similarNames(a, a)).toBe(true);
      }),
    );
  });
});

describe('editDistance', () => {
  it('is a distance: zero only to itself, symmetric, and at most the longer length', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const d = editDistance(a, b);
        expect(d === 0).toBe(a === b);
        expect(editDistance(b, a)).toBe(d);
        expect(d).toBeLessThanOrEqual(Math.max(a.length, b.length));
      }),
    );
  });

  it('stops past its limit with a value past the limit', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.nat(4), (a, b, limit) => {
        const full = editDistance(a, b);
        const bounded = editDistance(a, b, limit);
        expect(full <= limit ? bounded === full : bounded > limit).toBe(true);
      }),
    );
  });
});

describe('fieldsToFill', () => {
  it('fills only what the kept record leaves empty, and never overwrites', () => {
    const field = fc.option(fc.string({ maxLength: 5 }), { nil: null });
    const record = fc.record({ dob: field, phone: field, gender: field, city: field });
    fc.assert(
      fc.property(record, record, (kept, away) => {
        const filled = fieldsToFill(kept, away);
        for (const [key, value] of Object.entries(filled)) {
          const k = key as keyof typeof kept;
          expect(kept[k] ?? '').toMatch(/^\s*$/);
          expect(value).toBe(away[k]);
        }
      }),
    );
  });

  it('moves an address whole or not at all', () => {
    expect(
      fieldsToFill(
        { city: 'Springfield', addressLine: null, postalCode: null },
        { city: 'Shelbyville', addressLine: '1 Main St', postalCode: '12345' },
      ),
    ).toEqual({});
    expect(
      fieldsToFill({ city: null, dob: null }, { city: 'Shelbyville', dob: '1990-01-01' }),
    ).toEqual({ city: 'Shelbyville', dob: '1990-01-01' });
  });
});
