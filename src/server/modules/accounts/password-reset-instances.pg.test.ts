import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { RESET_REQUESTED } from '@contracts/accounts';
import { useTwoInstancesWithScenario } from '../../test/test-app';
import * as t from '../../db/schema';
import { forgotPassword } from './account-test-kit';

// Two app instances sharing nothing but one PostgreSQL, as behind a load balancer: the reset
// limits are counted in the database (ADR 032, ADR 047), so asking one instance and then the
// other buys nothing.
const instances = useTwoInstancesWithScenario({ now: new Date('2026-11-23T12:00:00Z') });

const linksOf = (userId: string) =>
  instances.testDb.handle.db
    .select()
    .from(t.passwordResets)
    .where(eq(t.passwordResets.userId, userId));

describe('password reset limits across two instances', () => {
  it('sends an account three links an hour, whichever instance and address is asked', async () => {
    for (let i = 0; i < 6; i++) {
      const res = await forgotPassword(
        i % 2 ? instances.b : instances.a,
        instances.s.provider.email,
        `192.0.2.${i + 1}`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: RESET_REQUESTED });
    }
    expect(await linksOf(instances.s.provider.id)).toHaveLength(3);
  });

  it('holds one client address to ten requests an hour on both instances together', async () => {
    for (let i = 0; i < 10; i++) {
      await forgotPassword(
        i % 2 ? instances.b : instances.a,
        `someone${i}@example.org`,
        '192.0.2.77',
      );
    }
    await forgotPassword(instances.a, instances.s.nurse.email, '192.0.2.77');
    await forgotPassword(instances.b, instances.s.nurse.email, '192.0.2.77');
    expect(await linksOf(instances.s.nurse.id)).toEqual([]);
  });

  it('counts requests made at the same moment on both instances one after the other', async () => {
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        forgotPassword(
          i % 2 ? instances.b : instances.a,
          instances.s.staff.email,
          `192.0.2.${100 + i}`,
        ),
      ),
    );
    expect(await linksOf(instances.s.staff.id)).toHaveLength(3);
  });
});
