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

  it('leaves the mail domain alone: it is the same for a whole clinic', () => {
    expect(passwordRefusal(DEMO_PASSWORD, { email: 'sam.ortiz@carebook.test' })).toBeNull();
  });
});
