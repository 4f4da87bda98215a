import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ROLES } from './roles';
import {
  changedFields,
  isLateCancellation,
  mayEditPatientsAs,
  parsePatientQuery,
  PATIENT_EDITOR_CHOICES,
} from './patients';

describe('parsePatientQuery', () => {
  it.each([
    ['', { kind: 'all' }],
    ['   ', { kind: 'all' }],
    ['1984-02-29', { kind: 'birthDate', date: '1984-02-29', text: '1984-02-29' }],
    ['2/9/1984', { kind: 'birthDate', date: '1984-02-09', text: '2/9/1984' }],
    ['(555) 010-4477', { kind: 'digits', digits: '5550104477', text: '(555) 010-4477' }],
    ['+1 555', { kind: 'digits', digits: '1555', text: '+1 555' }],
    ['12', { kind: 'words', text: '12' }],
    ['maría  gar', { kind: 'words', text: 'maría gar' }],
    ['MRN-0091', { kind: 'words', text: 'MRN-0091' }],
  ])('reads %j as what it most likely is', (raw, expected) => {
    expect(parsePatientQuery(raw)).toEqual(expected);
  });

  it('never takes an impossible date for a birth date', () => {
    expect(parsePatientQuery('1983-02-29').kind).not.toBe('birthDate');
    expect(parsePatientQuery('13/01/1990').kind).not.toBe('birthDate');
    expect(parsePatientQuery('1850-01-01').kind).not.toBe('birthDate');
  });

  it('reads every real date, in either spelling, as that date', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1900-01-01T00:00:00Z'),
          max: new Date('2199-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (d) => {
          const iso = d.toISOString().slice(0, 10);
          const [y, m, day] = iso.split('-').map(Number) as [number, number, number];
          expect(parsePatientQuery(iso)).toMatchObject({ kind: 'birthDate', date: iso });
          expect(parsePatientQuery(`${m}/${day}/${y}`)).toMatchObject({
            kind: 'birthDate',
            date: iso,
          });
        },
      ),
    );
  });
});

describe('isLateCancellation', () => {
  const start = new Date('2026-11-24T15:00:00Z');
  const hoursBefore = (h: number) => new Date(start.getTime() - h * 3_600_000);

  it('is late inside the cut-off and on time outside it', () => {
    expect(isLateCancellation(hoursBefore(3), start, 24)).toBe(true);
    expect(isLateCancellation(hoursBefore(25), start, 24)).toBe(false);
    expect(isLateCancellation(hoursBefore(47), start, 48)).toBe(true);
  });

  it('takes a day when the clinic set no cut-off, and anything after the start as late', () => {
    expect(isLateCancellation(hoursBefore(23), start, 0)).toBe(true);
    expect(isLateCancellation(hoursBefore(-1), start, 24)).toBe(true);
  });

  it('is late exactly when the cancellation came less than the cut-off before the start', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1000, max: 2000 }),
        fc.integer({ min: 1, max: 720 }),
        (minutes, cutoff) => {
          const late = isLateCancellation(
            new Date(start.getTime() - minutes * 60_000),
            start,
            cutoff,
          );
          expect(late).toBe(minutes < cutoff * 60);
        },
      ),
    );
  });
});

describe('changedFields', () => {
  it('names only the fields whose value differs, with the old and new value', () => {
    const current: Record<string, unknown> = {
      email: 'a@x.org',
      phone: null,
      city: 'Troy',
      remindersOptOut: false,
    };
    expect(
      changedFields(current, {
        email: 'a@x.org',
        phone: '555 0100',
        city: undefined,
        remindersOptOut: true,
      }),
    ).toEqual([
      { field: 'phone', from: null, to: '555 0100' },
      { field: 'remindersOptOut', from: false, to: true },
    ]);
  });
});

describe('mayEditPatientsAs', () => {
  it('lets admins always, and another role exactly when the clinic chose it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ROLES),
        fc.subarray([...PATIENT_EDITOR_CHOICES]),
        (role, chosen) => {
          const may = mayEditPatientsAs(role, chosen);
          expect(may).toBe(role === 'admin' || (chosen as string[]).includes(role));
        },
      ),
    );
  });
});
