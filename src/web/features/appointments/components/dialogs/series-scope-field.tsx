import { useId } from 'react';
import type { SeriesScope } from '@contracts/appointments';

const CHOICES: Array<[SeriesScope, string]> = [
  ['one', 'This appointment'],
  ['following', 'This and following'],
  ['all', 'The whole series'],
];

/** For a visit of a series: which visits a cancel or a reschedule concerns. */
export function SeriesScopeField({
  value,
  onChange,
  disabled,
}: {
  value: SeriesScope;
  onChange: (scope: SeriesScope) => void;
  disabled?: boolean;
}) {
  const name = useId();
  return (
    <fieldset className="grid gap-1.5 rounded-lg border p-3 text-sm">
      <legend className="px-1 font-medium">Apply to</legend>
      {CHOICES.map(([scope, label]) => (
        <label key={scope} className="flex items-center gap-2">
          <input
            type="radio"
            name={name}
            value={scope}
            checked={value === scope}
            disabled={disabled}
            onChange={() => onChange(scope)}
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}
