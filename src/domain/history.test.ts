import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  HISTORY_TYPES,
  historyDetailLines,
  historyText,
  sortHistoryNewestFirst,
  type HistoryEntry,
} from './history';

describe('historyText (spec §4 "Status history texts")', () => {
  it.each([
    ['BOOKED', undefined, 'Appointment was successfully booked'],
    ['AUTO_BOOKED', undefined, 'Appointment was successfully booked'],
    ['RESCHEDULE', undefined, 'Appointment was rescheduled'],
    ['REASSIGN', undefined, 'Appointment was reassigned'],
    ['CANCELLED', undefined, 'Appointment was cancelled'],
    ['CANCELLED', '', 'Appointment was cancelled'],
    ['CANCELLED', '   ', 'Appointment was cancelled'],
    ['CANCELLED', null, 'Appointment was cancelled'],
    ['CANCELLED', 'Patient is travelling', 'Appointment was cancelled (Patient is travelling)'],
    ['CANCELLED', '  Feeling better ', 'Appointment was cancelled (Feeling better)'],
    ['cancelled', 'Sick', 'Appointment was cancelled (Sick)'],
    ['COMPLETED', undefined, 'Appointment completed successfully'],
    ['NO_SHOW', undefined, 'Patient did not attend'],
    ['PATIENT_JOINED', undefined, 'Patient joined the appointment'],
    ['NOTES_EDITED', undefined, 'Notes were edited'],
    ['status_corrected', undefined, 'Marked status was corrected'],
    ['DISQUALIFIED', undefined, 'Status updated to DISQUALIFIED'],
    ['CONFIRMED', 'ignored', 'Appointment was confirmed'],
    ['confirmed', undefined, 'Appointment was confirmed'],
    ['insurance_checked', undefined, 'Status updated to insurance_checked'],
  ])('%s with reason %j reads %j', (type, reason, text) => {
    expect(historyText({ type, reason })).toBe(text);
  });

  it('has a text for every known type and never an empty one', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom(...HISTORY_TYPES), fc.string({ minLength: 1 })),
        fc.option(fc.string()),
        (type, reason) => {
          expect(historyText({ type, reason }).length).toBeGreaterThan(0);
        },
      ),
    );
  });
});

describe('historyDetailLines', () => {
  it.each([
    [
      { from: 'Dr. Ana Ortiz', to: 'Nurse Ben Cole', by: 'admin@clinic.example' },
      ['Dr. Ana Ortiz to Nurse Ben Cole', 'by admin@clinic.example'],
    ],
    [{ from: 'A', to: 'B' }, ['A to B']],
    [{ by: 'maria.lopez@clinic.example' }, ['by maria.lopez@clinic.example']],
    [{ from: 'A' }, []],
    [{ to: 'B', by: '' }, []],
    [{ from: '', to: '', by: null }, []],
    [{}, []],
  ])('%j shows %j', (entry, lines) => {
    expect(historyDetailLines(entry)).toEqual(lines);
  });

  it('renders from and to through the given formatter, never the actor', () => {
    const lines = historyDetailLines(
      { from: '2026-11-21T15:30:00.000Z', to: '2026-11-22T15:30:00.000Z', by: 'Ana' },
      (value) => value.slice(0, 10),
    );
    expect(lines).toEqual(['2026-11-21 to 2026-11-22', 'by Ana']);
  });
});

describe('sortHistoryNewestFirst', () => {
  const entry = (type: string, timestamp: HistoryEntry['timestamp']): HistoryEntry => ({
    type,
    timestamp,
  });

  it('puts the newest first, keeps ties in stored order and unreadable times last', () => {
    const entries = [
      entry('BOOKED', '2026-11-01T09:00:00.000Z'),
      entry('RESCHEDULE', '2026-11-02T09:00:00.000Z'),
      entry('BROKEN', 'yesterday'),
      entry('REASSIGN', '2026-11-02T09:00:00.000Z'),
      entry('MISSING', null),
      entry('CANCELLED', new Date('2026-11-03T09:00:00.000Z')),
    ];
    expect(sortHistoryNewestFirst(entries).map((e) => e.type)).toEqual([
      'CANCELLED',
      'RESCHEDULE',
      'REASSIGN',
      'BOOKED',
      'BROKEN',
      'MISSING',
    ]);
    expect(entries[0]!.type).toBe('BOOKED');
  });

  it('returns a permutation ordered by time, stable for equal times', () => {
    const entryArb = fc.record({
      type: fc.constantFrom(...HISTORY_TYPES),
      timestamp: fc.option(fc.integer({ min: 0, max: 20 }).map((n) => n * 60_000)),
    });
    fc.assert(
      fc.property(fc.array(entryArb, { maxLength: 30 }), (entries) => {
        const sorted = sortHistoryNewestFirst(entries);
        expect(sorted).toHaveLength(entries.length);
        expect(new Set(sorted)).toEqual(new Set(entries));
        for (let i = 1; i < sorted.length; i++) {
          const [prev, next] = [sorted[i - 1]!, sorted[i]!];
          if (next.timestamp == null) continue;
          expect(prev.timestamp).not.toBeNull();
          expect(prev.timestamp!).toBeGreaterThanOrEqual(next.timestamp);
          if (prev.timestamp === next.timestamp) {
            expect(entries.indexOf(prev)).toBeLessThan(entries.indexOf(next));
          }
        }
      }),
    );
  });
});
