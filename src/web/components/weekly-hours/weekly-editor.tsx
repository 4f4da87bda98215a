import { useState } from 'react';
import type { Weekday } from '@domain/schedule';
import { newSegment, WEEKDAYS, type DraftSegment, type WeeklyProblems } from './weekly-draft';
import { CopyDayDialog } from './copy-day-dialog';
import { DayRow } from './day-row';

/** Seven rows, Sunday first (spec §9); empty days are simply unavailable. */
export function WeeklyEditor({
  days,
  problems,
  onChange,
}: {
  days: DraftSegment[][];
  problems: Pick<WeeklyProblems, 'segments' | 'days'>;
  onChange: (days: DraftSegment[][]) => void;
}) {
  const [copySource, setCopySource] = useState<Weekday | null>(null);
  const setDay = (weekday: Weekday, segments: DraftSegment[]) =>
    onChange(days.map((day, i) => (i === weekday ? segments : day)));

  function copyTo(targets: Weekday[]) {
    if (copySource === null) return;
    const source = days[copySource] ?? [];
    onChange(
      days.map((day, i) =>
        targets.includes(i as Weekday) ? source.map((s) => newSegment(s.start, s.end)) : day,
      ),
    );
    setCopySource(null);
  }

  return (
    <div>
      {WEEKDAYS.map((weekday) => (
        <DayRow
          key={weekday}
          weekday={weekday}
          segments={days[weekday] ?? []}
          segmentProblems={problems.segments}
          dayProblems={problems.days[weekday] ?? []}
          onChange={(segments) => setDay(weekday, segments)}
          onCopy={() => setCopySource(weekday)}
        />
      ))}
      {copySource !== null && (
        <CopyDayDialog
          source={copySource}
          segments={days[copySource] ?? []}
          onCopy={copyTo}
          onClose={() => setCopySource(null)}
        />
      )}
    </div>
  );
}
