import { OptionsSelect } from './options-select';
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
    <OptionsSelect
      value={disabled && disabledHint ? '' : (value ?? ALL)}
      onChange={(v) => onChange(v === ALL ? undefined : v)}
      disabled={disabled}
      id={id}
      aria-label={ariaLabel}
      className={className}
      placeholder={disabledHint}
      contentClassName={contentClassName}
      options={[
        { value: ALL, label: allLabel },
        ...options,
        ...(unknown === undefined ? [] : [{ value: unknown, label: unknown }]),
      ]}
    />
  );
}
