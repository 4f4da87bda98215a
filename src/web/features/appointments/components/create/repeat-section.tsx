import { useId, type ReactNode } from 'react';
import { formatDateWithWeekday, formatTime } from '@domain/format';
import {
  describeRepeat,
  MAX_SERIES_OCCURRENCES,
  REPEAT_CHOICES,
  repeatRule,
  type RepeatChoice,
} from '@domain/repeat-rule';
import { OCCURRENCE_STATUS_LABELS } from '@domain/series-preview';
import type { SeriesPreview } from '@contracts/series';
import { Input, inputClassName } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@web/components/ui/table';
import { cn } from '@web/lib/utils';
import { readableTimeZone } from '@web/lib/time-zones';
import { Checkbox } from '@web/components/ui/checkbox';

export interface RepeatSettings {
  choice: RepeatChoice;
  ends: 'count' | 'until';
  count: number;
  /** YYYY-MM-DD in the clinic's zone, inclusive. */
  until: string;
  /** Free dates the user chose not to book. */
  excluded: string[];
}

export const NO_REPEAT: RepeatSettings = {
  choice: 'none',
  ends: 'count',
  count: 6,
  until: '',
  excluded: [],
};

/** The rule the settings describe from the first date, or null when they do not repeat yet. */
export function ruleOf(settings: RepeatSettings, firstDate: string): string | null {
  if (settings.choice === 'none') return null;
  if (settings.ends === 'until') {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(settings.until) || settings.until < firstDate) return null;
    return repeatRule(settings.choice, firstDate, { until: settings.until });
  }
  const count = Math.trunc(settings.count);
  if (!(count >= 1 && count <= MAX_SERIES_OCCURRENCES)) return null;
  return repeatRule(settings.choice, firstDate, { count });
}

/** The dates not to book: every one that is not free, and the free ones left unticked. */
export function skippedDates(preview: SeriesPreview, settings: RepeatSettings): string[] {
  return preview.occurrences
    .filter((o) => o.status !== 'free' || settings.excluded.includes(o.localDate))
    .map((o) => o.localDate);
}

/**
 * The "Repeat" choice of step 3 and, below it, the preview of every occurrence in the clinic's
 * zone with its status; the free ones are ticked to be booked, the others cannot be.
 */
export function RepeatSection({
  settings,
  onChange,
  firstDate,
  preview,
  previewError,
  previewLoading,
}: {
  settings: RepeatSettings;
  onChange: (next: RepeatSettings) => void;
  firstDate: string;
  preview: SeriesPreview | undefined;
  previewError: string | null;
  previewLoading: boolean;
}) {
  const repeatId = useId();
  const countId = useId();
  const untilId = useId();
  const set = (patch: Partial<RepeatSettings>) => onChange({ ...settings, ...patch });
  const endsChoice = (ends: 'count' | 'until') => ({
    group: `${countId}-ends`,
    checked: settings.ends === ends,
    onChoose: () => set({ ends, excluded: [] }),
  });
  const toBook = preview ? preview.occurrences.length - skippedDates(preview, settings).length : 0;
  return (
    <section className="grid gap-3" aria-label="Repeat settings">
      <div className="grid gap-2">
        <Label htmlFor={repeatId}>Repeat</Label>
        <select
          id={repeatId}
          className={inputClassName}
          value={settings.choice}
          onChange={(e) => set({ choice: e.target.value as RepeatChoice, excluded: [] })}
        >
          {REPEAT_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {describeRepeat(choice, firstDate)}
            </option>
          ))}
        </select>
      </div>
      {settings.choice !== 'none' && (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Ends</legend>
          <EndsOption id={countId} label="After" {...endsChoice('count')}>
            <Input
              id={countId}
              type="number"
              min={1}
              max={MAX_SERIES_OCCURRENCES}
              aria-label="Number of occurrences"
              className="w-20"
              value={Number.isFinite(settings.count) ? settings.count : ''}
              disabled={settings.ends !== 'count'}
              onChange={(e) => set({ count: e.target.valueAsNumber, excluded: [] })}
            />
            <span>occurrences (at most {MAX_SERIES_OCCURRENCES})</span>
          </EndsOption>
          <EndsOption id={untilId} label="On" {...endsChoice('until')}>
            <Input
              id={untilId}
              type="date"
              aria-label="End date"
              className="w-44"
              min={firstDate}
              value={settings.until}
              disabled={settings.ends !== 'until'}
              onChange={(e) => set({ until: e.target.value, excluded: [] })}
            />
          </EndsOption>
        </fieldset>
      )}
      {settings.choice !== 'none' && previewLoading && (
        <p className="text-sm text-muted-foreground">Checking each date...</p>
      )}
      {settings.choice !== 'none' && previewError && (
        <p role="alert" className="text-sm text-destructive">
          {previewError}
        </p>
      )}
      {settings.choice !== 'none' && preview && (
        <div className="grid gap-2">
          <p className="text-sm" aria-live="polite">
            {toBook} of {preview.occurrences.length} will be booked (times in{' '}
            {readableTimeZone(preview.timezone)}).
          </p>
          <Table containerClassName="max-h-72 rounded-md border" aria-label="Occurrences">
            <TableHeader>
              <TableRow>
                <TableHead className="w-12">Book</TableHead>
                <TableHead>Date</TableHead>
                <TableHead>Time</TableHead>
                <TableHead>Status</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {preview.occurrences.map((o) => {
                const free = o.status === 'free';
                const ticked = free && !settings.excluded.includes(o.localDate);
                const date = formatDateWithWeekday(o.date, preview.timezone);
                return (
                  <TableRow key={o.index}>
                    <TableCell>
                      <Checkbox
                        aria-label={`Book ${date}`}
                        checked={ticked}
                        disabled={!free}
                        onChange={(e) =>
                          set({
                            excluded: e.target.checked
                              ? settings.excluded.filter((d) => d !== o.localDate)
                              : [...settings.excluded, o.localDate],
                          })
                        }
                      />
                    </TableCell>
                    <TableCell>{date}</TableCell>
                    <TableCell>{formatTime(o.date, preview.timezone)}</TableCell>
                    <TableCell
                      className={cn(
                        free ? 'text-emerald-700 dark:text-emerald-400' : 'text-destructive',
                      )}
                    >
                      {OCCURRENCE_STATUS_LABELS[o.status]}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </div>
      )}
    </section>
  );
}

/** One way the series ends: its radio, its label, and the field that says when. */
function EndsOption({
  id,
  label,
  group,
  checked,
  onChoose,
  children,
}: {
  id: string;
  label: string;
  group: string;
  checked: boolean;
  onChoose: () => void;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <input type="radio" id={`${id}-radio`} name={group} checked={checked} onChange={onChoose} />
      <label htmlFor={`${id}-radio`}>{label}</label>
      {children}
    </div>
  );
}
