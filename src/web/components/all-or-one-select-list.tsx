import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@web/components/ui/select';
import { choiceOf, type AllOrOneSelectProps } from './all-or-one-select';

/** Radix Select cannot hold an empty value, so "all" has a name no option can have. */
const ALL = '__all__';

/** The select itself, loaded after the first paint (all-or-one-select.tsx). */
export function AllOrOneSelectList(props: AllOrOneSelectProps) {
  const {
    allLabel,
    options,
    onChange,
    disabled = false,
    disabledHint,
    id,
    'aria-label': ariaLabel,
    className,
    contentClassName,
  } = props;
  const { value, unknown } = choiceOf(props);
  return (
    <Select
      value={disabled && disabledHint ? '' : (value ?? ALL)}
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
