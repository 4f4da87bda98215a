import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  decideRow,
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  readCell,
  repeatedRows,
  suggestMapping,
  type ExistingPatient,
} from './patient-import';

const patient = (overrides: Partial<ExistingPatient> = {}): ExistingPatient => ({
  id: 'p1',
  erased: false,
  recordNumber: 'MRN-1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  preferredName: null,
  dob: '1815-12-10',
  gender: 'female',
  email: 'ada@example.org',
  phone: null,
  addressLine: null,
  city: null,
  region: null,
  postalCode: null,
  country: null,
  preferredLanguage: null,
  contactChannel: 'email',
  remindersOptOut: false,
  ...overrides,
});
const none = { byRecordNumber: null, byEmail: null, sameNameAndBirth: null };

describe('suggestMapping', () => {
  it('maps the export’s own headers to their fields, so an export imports as it is', () => {
    const headers = IMPORT_FIELDS.map((f) => IMPORT_FIELD_LABELS[f]);
    expect(suggestMapping(headers, null)).toEqual(
      Object.fromEntries(IMPORT_FIELDS.map((f) => [f, IMPORT_FIELD_LABELS[f]])),
    );
  });

  it('guesses common other names, and prefers the clinic’s last mapping where the file has it', () => {
    const headers = ['Surname', 'Given name', 'Email Address', 'ZIP', 'Chart'];
    expect(suggestMapping(headers, null)).toMatchObject({
      lastName: 'Surname',
      firstName: 'Given name',
      email: 'Email Address',
      postalCode: 'ZIP',
      recordNumber: null,
    });
    expect(suggestMapping(headers, { recordNumber: 'Chart', city: 'Town' })).toMatchObject({
      recordNumber: 'Chart',
      city: null,
    });
  });

  it('never gives one column to two fields', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 12 }), { maxLength: 20 }),
        (headers) => {
          const chosen = Object.values(suggestMapping(headers, null)).filter(Boolean);
          expect(new Set(chosen).size).toBe(chosen.length);
          for (const h of chosen) expect(headers).toContain(h);
        },
      ),
    );
  });
});

describe('readCell', () => {
  it.each([
    ['dob', '4/30/1980', '1980-04-30'],
    ['dob', '1980-04-30', '1980-04-30'],
    ['gender', 'F', 'female'],
    ['gender', 'Male', 'male'],
    ['preferredLanguage', 'Spanish', 'es'],
    ['contactChannel', 'E-mail', 'email'],
    ['remindersOptOut', 'yes', true],
    ['remindersOptOut', 'No', false],
    ['remindersOptOut', 'maybe', 'maybe'],
    ['firstName', '  Ada ', 'Ada'],
    ['email', '   ', undefined],
  ] as const)('reads %s %j as %j', (field, raw, expected) => {
    expect(readCell(field, raw)).toEqual(expected);
  });
});

describe('repeatedRows', () => {
  it('keeps the first row of a record number or e-mail and says where each repeat was first', () => {
    const repeated = repeatedRows([
      { rowNumber: 2, keys: { recordNumber: 'A-1', email: 'a@x.org' } },
      { rowNumber: 3, keys: { recordNumber: 'a-1', email: 'b@x.org' } },
      { rowNumber: 4, keys: { recordNumber: null, email: 'A@X.org' } },
      { rowNumber: 5, keys: { recordNumber: null, email: 'c@x.org' } },
    ]);
    expect([...repeated]).toEqual([
      [3, 'Record number a-1 is already on row 2 of this file.'],
      [4, 'E-mail A@X.org is already on row 2 of this file.'],
    ]);
  });

  it('marks exactly the rows whose e-mail came before, whatever the file', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a@x', 'b@x', 'c@x', 'd@x'), { maxLength: 30 }),
        (emails) => {
          const repeated = repeatedRows(
            emails.map((email, i) => ({ rowNumber: i + 2, keys: { recordNumber: null, email } })),
          );
          emails.forEach((email, i) => expect(repeated.has(i + 2)).toBe(emails.indexOf(email) < i));
        },
      ),
    );
  });
});

describe('decideRow', () => {
  const row = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.org',
    recordNumber: 'MRN-1',
  };

  it('is new when no patient has its keys, and unchanged when one has the same values', () => {
    expect(decideRow(row, none).outcome).toBe('new');
    const same = patient();
    expect(decideRow(row, { ...none, byRecordNumber: same, byEmail: same })).toMatchObject({
      outcome: 'unchanged',
      patientId: 'p1',
    });
  });

  it('names the fields an update changes, and leaves alone what the row leaves empty', () => {
    const existing = patient({ phone: '(555) 010-0000', city: 'London' });
    const decision = decideRow({ ...row, phone: '(555) 999-0000' }, { ...none, byEmail: existing });
    expect(decision).toMatchObject({ outcome: 'updated', reason: 'Changes phone.' });
    expect(decision.changes).toEqual([
      { field: 'phone', from: '(555) 010-0000', to: '(555) 999-0000' },
    ]);
  });

  it('refuses a record number and an e-mail of two different patients', () => {
    const decision = decideRow(row, {
      ...none,
      byRecordNumber: patient(),
      byEmail: patient({ id: 'p2', firstName: 'Grace', lastName: 'Hopper' }),
    });
    expect(decision.outcome).toBe('invalid');
    expect(decision.reason).toBe(
      'Record number MRN-1 is Ada Lovelace’s, but e-mail ada@example.org is Grace Hopper’s: correct one of them.',
    );
  });

  it('calls a row with the name and birth date of a patient under another e-mail a likely duplicate', () => {
    const decision = decideRow(row, {
      ...none,
      sameNameAndBirth: patient({ email: 'ada@old.org' }),
    });
    expect(decision.outcome).toBe('duplicate');
    expect(decision.reason).toMatch(
      /^Likely Ada Lovelace, born 1815-12-10, already a patient with e-mail ada@old.org/,
    );
  });

  it('never changes an erased record', () => {
    expect(decideRow(row, { ...none, byEmail: patient({ erased: true }) }).outcome).toBe('invalid');
  });
});
