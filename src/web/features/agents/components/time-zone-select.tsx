import { memo, useMemo, type ComponentProps } from 'react';
import { ChevronDownIcon } from 'lucide-react';
import { inputClassName } from '@web/components/ui/input';
import { cn } from '@web/lib/utils';
import { timeZoneOptions } from '../utils/time-zones';

type TimeZoneSelectProps = Omit<ComponentProps<'select'>, 'value' | 'onChange'> & {
  value: string;
  onChange: (value: string) => void;
};

/**
 * A native select on purpose: some 400 zones are easier to reach with the platform's own list
 * (type-ahead on desktop, the wheel picker on phones) than in a custom popover.
 */
function TimeZoneSelectImpl({ value, onChange, className, ...props }: TimeZoneSelectProps) {
  const options = useMemo(() => timeZoneOptions([value]), [value]);
  return (
    <div className="relative">
      <select
        {...props}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={cn(inputClassName, 'appearance-none pr-9', className)}
      >
        <option value="">Not set (use the browser&apos;s time zone)</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDownIcon
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 opacity-50"
        aria-hidden="true"
      />
    </div>
  );
}

/**
 * Re-renders only when what it shows changes, not on every keystroke elsewhere in the form.
 * `onChange` is left out of the comparison: callers pass a new arrow each render that does the
 * same thing (a functional state update).
 */
export const TimeZoneSelect = memo(
  TimeZoneSelectImpl,
  (before, after) =>
    before.id === after.id &&
    before.value === after.value &&
    before['aria-describedby'] === after['aria-describedby'] &&
    before['aria-invalid'] === after['aria-invalid'],
);
