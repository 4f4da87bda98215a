import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@web/components/ui/select';

const ALL = 'all';

export interface AllOrOneSelectProps {
  /** The first choice, which clears the filter ("All clinics"). */
  allLabel: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** Undefined, or a value no longer among the options, shows the "all" choice. */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  /** For a visible <Label htmlFor>; without one, give an aria-label. */
  id?: string;
  'aria-label'?: string;
  className?: string;
}

/** A filter that is either everything or one of a list: a clinic, a provider. */
export function AllOrOneSelect({
  allLabel,
  options,
  value,
  onChange,
  id,
  'aria-label': ariaLabel,
  className,
}: AllOrOneSelectProps) {
  const current = value !== undefined && options.some((o) => o.value === value) ? value : ALL;
  return (
    <Select value={current} onValueChange={(v) => onChange(v === ALL ? undefined : v)}>
      <SelectTrigger id={id} aria-label={ariaLabel} className={className}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL}>{allLabel}</SelectItem>
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
