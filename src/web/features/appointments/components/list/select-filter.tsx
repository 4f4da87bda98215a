import { Label } from '@web/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@web/components/ui/select';

/** Radix Select cannot hold an empty value, so "no filter" has a name of its own. */
const ANY = '__any__';

export interface SelectFilterOption {
  value: string;
  label: string;
}

export function SelectFilter({
  id,
  label,
  anyLabel,
  value,
  options,
  onChange,
  disabled,
  placeholder,
}: {
  id: string;
  label: string;
  anyLabel: string;
  value: string | undefined;
  options: readonly SelectFilterOption[];
  onChange: (value: string | undefined) => void;
  disabled?: boolean;
  placeholder?: string;
}) {
  // A value from a shared link that is not (yet) among the options still shows as chosen.
  const known = value === undefined || options.some((option) => option.value === value);
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select
        value={value ?? ANY}
        onValueChange={(next) => onChange(next === ANY ? undefined : next)}
        disabled={disabled}
      >
        <SelectTrigger id={id}>
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ANY}>{anyLabel}</SelectItem>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
          {!known && value && <SelectItem value={value}>{value}</SelectItem>}
        </SelectContent>
      </Select>
    </div>
  );
}
