import { useState } from 'react';
import { WEEKDAY_NAMES, type Weekday } from '@domain/schedule';
import { Button } from '@web/components/ui/button';
import { TitledDialog } from '@web/components/dialog-frame';
import { DialogFooter } from '@web/components/ui/dialog';
import { WEEKDAYS, type DraftSegment } from './weekly-draft';
import { formatRange } from './time-field';
import { Checkbox } from '@web/components/ui/checkbox';

const WORKDAYS: readonly Weekday[] = [1, 2, 3, 4, 5];

/** Copies one day's ranges onto the chosen other days, replacing what they had. */
export function CopyDayDialog({
  source,
  segments,
  onCopy,
  onClose,
}: {
  source: Weekday;
  segments: DraftSegment[];
  onCopy: (targets: Weekday[]) => void;
  onClose: () => void;
}) {
  const [targets, setTargets] = useState<Set<Weekday>>(new Set());
  const others = WEEKDAYS.filter((day) => day !== source);
  const name = WEEKDAY_NAMES[source];
  const toggle = (day: Weekday) =>
    setTargets((current) => {
      const next = new Set(current);
      if (next.has(day)) next.delete(day);
      else next.add(day);
      return next;
    });
  const hours = segments.length > 0 ? segments.map(formatRange).join(', ') : 'Unavailable';

  return (
    <TitledDialog
      open
      onOpenChange={(open) => !open && onClose()}
      className="sm:max-w-md"
      title={<>Copy {name}</>}
      description={
        <>
          {name}: {hours}. This replaces the hours on the days you pick.
        </>
      }
    >
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Copy to</legend>
        {others.map((day) => (
          <label key={day} className="flex items-center gap-2 text-sm">
            <Checkbox checked={targets.has(day)} onChange={() => toggle(day)} />
            {WEEKDAY_NAMES[day]}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => setTargets(new Set(WORKDAYS.filter((d) => d !== source)))}
        >
          Weekdays
        </Button>
        <Button variant="outline" size="sm" onClick={() => setTargets(new Set(others))}>
          Every other day
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setTargets(new Set())}>
          None
        </Button>
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button
          disabled={targets.size === 0}
          onClick={() => onCopy(WEEKDAYS.filter((day) => targets.has(day)))}
        >
          Copy to {targets.size} {targets.size === 1 ? 'day' : 'days'}
        </Button>
      </DialogFooter>
    </TitledDialog>
  );
}
