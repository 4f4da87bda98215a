import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOOKABLE_ROLES, canReassign, isBookableRole, isRole, ROLES } from './roles';

describe('roles', () => {
  it('lists every staff role once', () => {
    expect(ROLES).toEqual(['admin', 'provider', 'nurse', 'staff']);
    expect(BOOKABLE_ROLES).toEqual(['provider', 'nurse']);
  });

  it.each([
    ['admin', false, true],
    ['provider', true, true],
    ['nurse', true, false],
    ['staff', false, true],
    ['NURSE', true, false],
    [' Nurse ', true, false],
    ['Provider', true, true],
    ['receptionist', false, true],
    ['', false, true],
    [null, false, true],
    [undefined, false, true],
  ])('%j: bookable %s, may reassign %s', (role, bookable, reassign) => {
    expect(isBookableRole(role)).toBe(bookable);
    expect(canReassign(role)).toBe(reassign);
  });

  it.each([
    ['admin', true],
    ['Admin', false],
    [42, false],
    [undefined, false],
  ])('isRole(%j) is %s, and only for exact stored values', (value, expected) => {
    expect(isRole(value)).toBe(expected);
  });

  it('hides Reassign from nurses and from nobody else (spec §6)', () => {
    fc.assert(
      fc.property(fc.string(), (role) => {
        expect(canReassign(role)).toBe(role.trim().toLowerCase() !== 'nurse');
      }),
    );
  });

  it('only providers and nurses are bookable, in any spelling', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ROLES), fc.boolean(), (role, shout) => {
        const spelled = shout ? role.toUpperCase() : role;
        expect(isBookableRole(spelled)).toBe(role === 'provider' || role === 'nurse');
      }),
    );
  });
});
