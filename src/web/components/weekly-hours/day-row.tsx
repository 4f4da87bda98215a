import { useId } from 'react';
import { CopyIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { WEEKDAY_NAMES, type Weekday } from '@domain/schedule';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { isOvernight, nextSegment, type DraftSegment } from './weekly-draft';
import { TimeField } from './time-field';

/** One weekday of the weekly editor: its time ranges, with add, remove and copy. */
export function DayRow({
  weekday,
  segments,
  segmentProblems,
  dayProblems,
  onChange,
  onCopy,
}: {
  weekday: Weekday;
  segments: DraftSegment[];
  segmentProblems: Record<string, string>;
  dayProblems: string[];
  onChange: (segments: DraftSegment[]) => void;
  onCopy: () => void;
}) {
  const id = useId();
  const name = WEEKDAY_NAMES[weekday];
  const update = (key: string, patch: Partial<DraftSegment>) =>
    onChange(segments.map((s) => (s.key === key ? { ...s, ...patch } : s)));

  return (
    <div
      role="group"
      aria-labelledby={`${id}-name`}
      className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 border-b py-4 last:border-b-0 sm:grid-cols-[7rem_1fr_auto]"
    >
      <p id={`${id}-name`} className="self-start pt-2 text-sm font-medium">
        {name}
      </p>
      <div className="flex items-start gap-1 sm:order-last">
        <Button
          variant="outline"
          size="sm"
          aria-label={`Add hours on ${name}`}
          onClick={() => onChange([...segments, nextSegment(segments)])}
        >
          <PlusIcon aria-hidden="true" />
          Add
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Copy ${name} to other days`}
          onClick={onCopy}
        >
          <CopyIcon aria-hidden="true" />
          Copy
        </Button>
      </div>
      <div className="col-span-2 space-y-2 sm:col-span-1">
        {segments.length === 0 && <p className="pt-2 text-sm text-muted-foreground">Unavailable</p>}
        {segments.map((segment, i) => {
          const suffix = segments.length > 1 ? ` ${i + 1}` : '';
          const problem = segmentProblems[segment.key];
          const problemId = `${id}-${segment.key}-problem`;
          const edgeField = (edge: 'start' | 'end') => (
            <TimeField
              aria-label={`${name} ${edge}${suffix}`}
              value={segment[edge]}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? problemId : undefined}
              onChange={(event) => update(segment.key, { [edge]: event.target.value })}
            />
          );
          return (
            <div key={segment.key}>
              <div className="flex flex-wrap items-center gap-1.5 sm:gap-2">
                {edgeField('start')}
                <span aria-hidden="true">–</span>
                {edgeField('end')}
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${name} hours${suffix}`}
                  onClick={() => onChange(segments.filter((s) => s.key !== segment.key))}
                >
                  <Trash2Icon aria-hidden="true" />
                </Button>
                {isOvernight(segment) && <Badge variant="secondary">Ends next day</Badge>}
              </div>
              {problem && (
                <p id={problemId} className="mt-1 text-sm text-destructive">
                  {problem}
                </p>
              )}
            </div>
          );
        })}
        {dayProblems.map((message) => (
          <p key={message} className="text-sm text-destructive">
            {message}
          </p>
        ))}
      </div>
    </div>
  );
}
