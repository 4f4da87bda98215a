import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../db/seed-plan';
import { TEST_PASSWORD } from '../test/auth-helpers';
import { PASSWORD_REFUSALS, passwordRefusal } from './password-policy';

const owner = { email: 'ada.park@riverside.example', name: 'Ada Park' };

describe('passwordRefusal', () => {
  it.each([
    ['aaaaaaaaaa', PASSWORD_REFUSALS.repeated],
    ['          ', PASSWORD_REFUSALS.repeated],
    ['1234567890', PASSWORD_REFUSALS.common],
    ['abcdefghijkl', PASSWORD_REFUSALS.sequence],
    ['password123', PASSWORD_REFUSALS.common],
    ['iloveyou2024', PASSWORD_REFUSALS.common],
    ['ada.park@riverside.example', PASSWORD_REFUSALS.personal],
    ['ADA.PARK@riverside.example', PASSWORD_REFUSALS.personal],
    ['my name is ada park', PASSWORD_REFUSALS.personal],
    ['parkada2024!', PASSWORD_REFUSALS.personal],
  ])('refuses %j', (password, reason) => {
    expect(passwordRefusal(password, owner)).toBe(reason);
  });

  it.each([
    'purple-monkey-dishwasher',
    'zq7-Vh2p-Lm9x',
    'a much longer new password',
    'welcome-aboard-2026',
    TEST_PASSWORD,
    // Seeds, end-to-end tests and the README sign in with it; a test also sets it back through the API.
    DEMO_PASSWORD,
  ])('accepts %j', (password) => {
    expect(passwordRefusal(password, owner)).toBeNull();
  });

  const staffOf = {
    ...owner,
    clinicNames: ['Riverside Family Clinic', 'Harbour Medical Practice'],
  };

  it.each([
    'carebook123',
    'Carebook-2026!',
    'careb00k123',
    'riverside2026',
    'RiversideFamilyClinic!',
    'harbour medical practice',
    'harbour2026',
    'Care-Book-2026!',
    'care book 2026!!',
    'CAREB00K-2026!',
    'River-side-2026!',
    'r1vers1de2026!',
  ])('refuses %j, the name of the service or of a clinic of the account', (password) => {
    expect(passwordRefusal(password, staffOf)).toBe(PASSWORD_REFUSALS.service);
  });

  it('refuses the service name for an account of no clinic too', () => {
    expect(passwordRefusal('carebook123', owner)).toBe(PASSWORD_REFUSALS.service);
  });

  it('keeps passphrases that share a common word with a clinic name', () => {
    expect(passwordRefusal('family-picnic-in-june', staffOf)).toBeNull();
    expect(passwordRefusal(DEMO_PASSWORD, staffOf)).toBeNull();
  });

  it('leaves the mail domain alone: it is the same for a whole clinic', () => {
    expect(passwordRefusal(DEMO_PASSWORD, { email: 'sam.ortiz@carebook.test' })).toBeNull();
  });
});
