import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emailField, safeText } from '@contracts/common';
import { blankAsAbsent, labelled, worded } from './form-schema';

describe('worded', () => {
  const email = worded(emailField, labelled('Email'));

  it('passes on the contract’s own parse of an accepted value', () => {
    expect(email.parse('  Ada.Park@Example.COM ')).toBe('ada.park@example.com');
  });

  it('refuses what the contract refuses, once, in the form’s words', () => {
    const result = z.object({ email }).safeParse({ email: 'ada@' });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['email'],
        message: 'Email must be a valid email address',
      }),
    ]);
  });

  it('tells the wording which rule was broken', () => {
    const name = worded(safeText(5), (issue) =>
      issue.code === 'too_big' ? `At most ${issue.maximum}.` : `Name ${issue.message}.`,
    );
    expect(name.safeParse('Adalind').error?.issues[0]?.message).toBe('At most 5.');
    expect(name.safeParse('A\u202Eb').error?.issues[0]?.message).toBe(
      'Name must not contain characters that reverse the direction of text.',
    );
  });
});

describe('blankAsAbsent', () => {
  it('leaves out a blank optional field and checks one that was filled in', () => {
    const phone = blankAsAbsent(z.string().min(3, 'too short').optional());
    expect(phone.parse('   ')).toBeUndefined();
    expect(phone.parse('555-0101')).toBe('555-0101');
    expect(phone.safeParse('55').success).toBe(false);
  });
});
