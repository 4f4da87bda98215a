import { useId, useState, type FormEvent } from 'react';
import { MAX_OVERRIDES } from '@contracts/availability';
import type { ScheduleOverride } from '@domain/schedule';
import { compareDateKeys, eachDateKey, parseDateKey } from '@domain/zoned-time';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { withDaysOff, withExtraHours } from '../utils/time-off';
import { TimeField } from './time-field';

const MAX_RANGE_DAYS = 366;

function tooMany(overrides: ScheduleOverride[]): string | null {
  return overrides.length > MAX_OVERRIDES
    ? `At most ${MAX_OVERRIDES} dates of time off and extra hours can be kept. Remove some first.`
    : null;
}

/** A date, or a from–to range, of days off. */
export function DaysOffForm({
  overrides,
  today,
  onChange,
}: {
  overrides: ScheduleOverride[];
  today: string;
  onChange: (overrides: ScheduleOverride[]) => void;
}) {
  const id = useId();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const last = to || from;
    if (!parseDateKey(from)) return setError('Choose the first day off.');
    if (!parseDateKey(last) || compareDateKeys(last, from) < 0) {
      return setError('The last day off must be on or after the first.');
    }
    if (eachDateKey(from, last).length > MAX_RANGE_DAYS) {
      return setError(`Add at most ${MAX_RANGE_DAYS} days at a time.`);
    }
    const next = withDaysOff(overrides, from, last);
    const problem = tooMany(next);
    if (problem) return setError(problem);
    onChange(next);
    setError(null);
    setFrom('');
    setTo('');
  }

  return (
    <form onSubmit={submit} aria-label="Add days off" className="space-y-2">
      <div className="flex flex-wrap items-end gap-3">
        <DateField
          id={`${id}-from`}
          label="Day off from"
          min={today}
          value={from}
          onChange={setFrom}
        />
        <DateField
          id={`${id}-to`}
          label="To (optional)"
          min={from || today}
          value={to}
          onChange={setTo}
        />
        <Button type="submit" variant="outline">
          Add days off
        </Button>
      </div>
      {error && (
        <p className="text-sm text-destructive" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

/** Extra hours on one date, optionally instead of that date's weekly hours. */
export function ExtraHoursForm({
  overrides,
  today,
  onChange,
}: {
  overrides: ScheduleOverride[];
  today: string;
  onChange: (overrides: ScheduleOverride[]) => void;
}) {
  const id = useId();
  const [date, setDate] = useState('');
  const [start, setStart] = useState('09:00');
  const [end, setEnd] = useState('12:00');
  const [onlyThese, setOnlyThese] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!parseDateKey(date)) return setError('Choose the date of the extra hours.');
    if (!start || !end) return setError('Enter both a start and an end time.');
    const result = withExtraHours(overrides, date, { start, end }, onlyThese);
    if ('problem' in result) return setError(result.problem);
    const problem = tooMany(result.overrides);
    if (problem) return setError(problem);
    onChange(result.overrides);
    setError(null);
    setDate('');
  }

  return (
    <form onSubmit={submit} aria-label="Add extra hours" className="space-y-2">
      <div className="flex flex-wrap items-end gap-3">
        <DateField
          id={`${id}-date`}
          label="Extra hours on"
          min={today}
          value={date}
          onChange={setDate}
        />
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-start`}>From</Label>
          <TimeField id={`${id}-start`} value={start} onChange={(e) => setStart(e.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-end`}>To</Label>
          <TimeField id={`${id}-end`} value={end} onChange={(e) => setEnd(e.target.value)} />
        </div>
        <Button type="submit" variant="outline">
          Add hours
        </Button>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={onlyThese}
          onChange={(e) => setOnlyThese(e.target.checked)}
        />
        Only these hours that day (the weekly hours are off)
      </label>
      {error && (
        <p className="text-sm text-destructive" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

/** A labelled calendar date, no earlier than `min`. */
function DateField({
  id,
  label,
  min,
  value,
  onChange,
}: {
  id: string;
  label: string;
  min: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="date"
        className="w-40"
        min={min}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
