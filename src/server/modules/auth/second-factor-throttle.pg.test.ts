import { describe, expect, it } from 'vitest';
import { createSignInUser, signIn } from '../../test/auth-helpers';
import { useTwoInstances } from '../../test/test-app';
import { CODES_THROTTLED, WRONG_CODES_BEFORE_DELAY } from './second-factor-check';
import { call, enrolTotp } from './two-step-test-kit';

// Wrong second-factor codes are counted in the database (ADR 046): guessing through two
// instances behind a load balancer earns no more tries than through one.

const now = new Date('2026-11-28T13:00:05Z');
const instances = useTwoInstances({ now });

describe('wrong codes across two instances', () => {
  it(`make the account wait after ${WRONG_CODES_BEFORE_DELAY}, whichever instance saw them`, async () => {
    const user = await createSignInUser(instances.testDb.handle.db, {
      email: 'noor.haddad@harbour.example',
    });
    const onA = await signIn(instances.a, user.email);
    await enrolTotp(instances.a, onA, now);
    const onB = await signIn(instances.b, user.email);
    // onB is a new password sign-in: pending now that the app is set up. Use A's whole session
    // on both instances, as a load balancer would send it.
    expect((await call(instances.b, 'GET', '/api/auth/session', onB)).statusCode).toBe(401);
    for (let i = 0; i < WRONG_CODES_BEFORE_DELAY; i++) {
      const app = i % 2 === 0 ? instances.a : instances.b;
      const res = await call(app, 'POST', '/api/auth/step-up', onA, { code: '000000' });
      expect(res.statusCode, `wrong code ${i + 1}`).toBe(400);
    }
    const throttled = await call(instances.b, 'POST', '/api/auth/step-up', onA, {
      code: '000000',
    });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().message).toBe(CODES_THROTTLED('2 seconds'));
    const alsoOnA = await call(instances.a, 'POST', '/api/auth/step-up', onA, { code: '000000' });
    expect(alsoOnA.statusCode).toBe(429);
  });
});
