import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@web/components/ui/select';

/** Radix Select cannot hold an empty value, so "all" has a name no option can have. */
const ALL = '__all__';

export interface AllOrOneSelectProps {
  /** The first choice, which clears the filter ("All clinics"). */
  allLabel: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** Undefined shows the "all" choice; so does a value not among the options, unless keepUnknown. */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  /**
   * Show a value that is not among the options as chosen (a shared link's, before the options
   * have loaded) instead of falling back to "all".
   */
  keepUnknown?: boolean;
  disabled?: boolean;
  /** Shown instead of the choice while disabled: what to do first ("Choose a clinic first"). */
  disabledHint?: string;
  /** For a visible <Label htmlFor>; without one, give an aria-label. */
  id?: string;
  'aria-label'?: string;
  className?: string;
  /** For the open list, e.g. a height limit for a long one. */
  contentClassName?: string;
}

/** A filter that is either everything or one of a list: a clinic, a provider. */
export function AllOrOneSelect({
  allLabel,
  options,
  value,
  onChange,
  keepUnknown = false,
  disabled = false,
  disabledHint,
  id,
  'aria-label': ariaLabel,
  className,
  contentClassName,
}: AllOrOneSelectProps) {
  const known = value !== undefined && options.some((o) => o.value === value);
  const unknown = value !== undefined && !known && keepUnknown ? value : undefined;
  const current = known || unknown !== undefined ? value! : ALL;
  return (
    <Select
      value={disabled && disabledHint ? '' : current}
      onValueChange={(v) => onChange(v === ALL ? undefined : v)}
      disabled={disabled}
    >
      <SelectTrigger id={id} aria-label={ariaLabel} className={className}>
        <SelectValue placeholder={disabledHint} />
      </SelectTrigger>
      <SelectContent className={contentClassName}>
        <SelectItem value={ALL}>{allLabel}</SelectItem>
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value}>
            {o.label}
          </SelectItem>
        ))}
        {unknown !== undefined && <SelectItem value={unknown}>{unknown}</SelectItem>}
      </SelectContent>
    </Select>
  );
}
