import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canCorrectStatus,
  correctedStatus,
  correctionLabel,
  MARKED_STATUSES,
  markedAt,
  STATUS_CORRECTIONS,
  statusBeforeMarking,
  statusCorrectionsFor,
  UNMARK_WINDOW_MS,
} from './appointment-status';

const NOW = new Date('2026-11-21T15:30:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const booked = { type: 'BOOKED', timestamp: ago(3 * UNMARK_WINDOW_MS) };

describe('statusCorrectionsFor', () => {
  it('offers the other marks and Not marked right after marking', () => {
    const history = [booked, { type: 'COMPLETED', timestamp: ago(60_000) }];
    expect(statusCorrectionsFor({ status: 'COMPLETED', history }, NOW)).toEqual([
      'NO_SHOW',
      'DISQUALIFIED',
      'UNMARKED',
    ]);
  });

  it('stops offering Not marked once the window after the mark has passed', () => {
    const at = (ms: number) => [booked, { type: 'no_show', timestamp: ago(ms) }];
    expect(
      canCorrectStatus({ status: 'no_show', history: at(UNMARK_WINDOW_MS) }, 'UNMARKED', NOW),
    ).toBe(true);
    expect(
      canCorrectStatus({ status: 'no_show', history: at(UNMARK_WINDOW_MS + 1) }, 'UNMARKED', NOW),
    ).toBe(false);
    expect(
      canCorrectStatus({ status: 'no_show', history: at(UNMARK_WINDOW_MS + 1) }, 'COMPLETED', NOW),
    ).toBe(true);
  });

  it('counts the window from the latest correction, and never offers Not marked without a mark time', () => {
    const history = [
      booked,
      { type: 'COMPLETED', timestamp: ago(2 * UNMARK_WINDOW_MS) },
      { type: 'STATUS_CORRECTED', timestamp: ago(1000), from: 'COMPLETED', to: 'DISQUALIFIED' },
    ];
    expect(canCorrectStatus({ status: 'DISQUALIFIED', history }, 'UNMARKED', NOW)).toBe(true);
    expect(canCorrectStatus({ status: 'COMPLETED', history: [] }, 'UNMARKED', NOW)).toBe(false);
    expect(statusCorrectionsFor({ status: 'COMPLETED', history: [] }, NOW)).toEqual([
      'NO_SHOW',
      'DISQUALIFIED',
    ]);
  });

  it('offers nothing for a visit that is not marked, and never the status it already has', () => {
    const statuses = fc.constantFrom(
      'BOOKED',
      'SCHEDULED',
      'CONFIRMED',
      'CANCELLED',
      'cancelled',
      'COMPLETED',
      'completed',
      'NO_SHOW',
      'DISQUALIFIED',
      '',
      null,
    );
    fc.assert(
      fc.property(statuses, fc.integer({ min: 0, max: 3 * UNMARK_WINDOW_MS }), (status, age) => {
        const history = [booked, { type: 'COMPLETED', timestamp: ago(age) }];
        const offered = statusCorrectionsFor({ status, history }, NOW);
        const marked = (MARKED_STATUSES as readonly string[]).includes(
          (status ?? '').toUpperCase(),
        );
        if (!marked) expect(offered).toEqual([]);
        expect(offered).not.toContain((status ?? '').toUpperCase());
        for (const to of STATUS_CORRECTIONS)
          expect(canCorrectStatus({ status, history }, to, NOW)).toBe(offered.includes(to));
      }),
    );
  });
});

describe('the status a correction leaves', () => {
  it.each([
    [[booked], 'BOOKED'],
    [[{ type: 'AUTO_BOOKED' }], 'BOOKED'],
    [[booked, { type: 'CONFIRMED' }], 'CONFIRMED'],
    [[booked, { type: 'CONFIRMED' }, { type: 'COMPLETED' }], 'CONFIRMED'],
    [[{ type: 'STATUS_CORRECTED', from: 'COMPLETED', to: 'SCHEDULED' }], 'SCHEDULED'],
    [[{ type: 'STATUS_CORRECTED', from: 'COMPLETED', to: 'NO_SHOW' }], 'BOOKED'],
    [[], 'BOOKED'],
  ])('history %j goes back to %s', (history, expected) => {
    expect(statusBeforeMarking(history)).toBe(expected);
    expect(correctedStatus({ status: 'COMPLETED', history }, 'UNMARKED')).toBe(expected);
  });

  it('a mark is itself', () => {
    expect(correctedStatus({ status: 'COMPLETED', history: [] }, 'NO_SHOW')).toBe('NO_SHOW');
  });

  it('reads the newest mark time and ignores unreadable ones', () => {
    expect(
      markedAt([
        { type: 'COMPLETED', timestamp: '2026-11-20T10:00:00Z' },
        { type: 'NO_SHOW', timestamp: 'not a date' },
        { type: 'REASSIGN', timestamp: '2026-11-21T10:00:00Z' },
      ]),
    ).toBe(Date.parse('2026-11-20T10:00:00Z'));
  });

  it('labels each choice', () => {
    expect(STATUS_CORRECTIONS.map(correctionLabel)).toEqual([
      'Completed',
      'No show',
      'Disqualified',
      'Not marked (pending)',
    ]);
  });
});
