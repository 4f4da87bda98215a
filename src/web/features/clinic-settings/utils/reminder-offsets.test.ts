import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toMinutes, toOffsetRow } from './reminder-offsets';

describe('reminder offsets in the form', () => {
  it('are shown in the largest unit that says them exactly', () => {
    expect(toOffsetRow(1440)).toEqual({ amount: 1, unit: 'days' });
    expect(toOffsetRow(120)).toEqual({ amount: 2, unit: 'hours' });
    expect(toOffsetRow(90)).toEqual({ amount: 90, unit: 'minutes' });
    expect(toOffsetRow(10080)).toEqual({ amount: 7, unit: 'days' });
  });

  it('come back to the same number of minutes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 15, max: 10080 }), (m) => {
        expect(toMinutes(toOffsetRow(m))).toBe(m);
      }),
    );
  });
});
