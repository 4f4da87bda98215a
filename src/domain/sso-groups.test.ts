import { describe, expect, it } from 'vitest';
import { emailDomainOf, mapGroups } from './sso-groups';

const north = '0f9d3c7e-4c52-4d3a-9a53-0b3e3c1f8a01';
const south = '6a1f2b3c-5d4e-4f60-8a7b-9c0d1e2f3a4b';

describe('mapGroups', () => {
  const mappings = [
    { group: 'carebook-admins', role: 'admin' as const, clinicIds: [north] },
    { group: 'nurses-north', role: 'nurse' as const, clinicIds: [north] },
    { group: 'nurses-south', role: 'nurse' as const, clinicIds: [south] },
  ];

  it('gives the role of the first mapping matched and the clinics of all', () => {
    expect(mapGroups(mappings, ['nurses-south', 'nurses-north'])).toEqual({
      role: 'nurse',
      clinicIds: [north, south],
    });
    expect(mapGroups(mappings, ['nurses-south', 'carebook-admins'])).toEqual({
      role: 'admin',
      clinicIds: [north, south],
    });
  });

  it('gives nothing when no group matches, names compared exactly', () => {
    expect(mapGroups(mappings, ['Nurses-North', 'everyone'])).toBeNull();
    expect(mapGroups(mappings, [])).toBeNull();
  });
});

describe('emailDomainOf', () => {
  it('is the lower-cased part after the last @', () => {
    expect(emailDomainOf('Ana.Lopez@North.Example.ORG')).toBe('north.example.org');
    expect(emailDomainOf('no-at-sign')).toBe('');
  });
});
