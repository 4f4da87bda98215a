import { lazy, Suspense } from 'react';
import { ChevronDownIcon } from 'lucide-react';
import { SELECT_TRIGGER_CLASS } from '@web/components/ui/select-trigger-class';
import { cn } from '@web/lib/utils';

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

/**
 * What the select shows as chosen: an option's value, a kept unknown value (also offered as a
 * choice of its own), or undefined for "all".
 */
export function choiceOf({ options, value, keepUnknown = false }: AllOrOneSelectProps): {
  value: string | undefined;
  unknown: string | undefined;
} {
  const known = value !== undefined && options.some((o) => o.value === value);
  const unknown = value !== undefined && !known && keepUnknown ? value : undefined;
  return { value: known || unknown !== undefined ? value : undefined, unknown };
}

// Radix Select with its popper and scroll lock is a tenth of a page's first load, and a closed
// filter only has to be seen: the select loads just after the first paint (ADR 023).
const AllOrOneSelectList = lazy(() =>
  import('./all-or-one-select-list').then((m) => ({ default: m.AllOrOneSelectList })),
);

/** A filter that is either everything or one of a list: a clinic, a provider. */
export function AllOrOneSelect(props: AllOrOneSelectProps) {
  return (
    <Suspense fallback={<ClosedSelect {...props} />}>
      <AllOrOneSelectList {...props} />
    </Suspense>
  );
}

/**
 * The closed select as Radix draws it, until Radix has loaded: the same role, name and text. It
 * takes no input meanwhile, so a click cannot be lost to a control about to be replaced.
 */
function ClosedSelect(props: AllOrOneSelectProps) {
  const { allLabel, options, disabled = false, disabledHint, id, className } = props;
  const { value } = choiceOf(props);
  const hint = disabled && disabledHint ? disabledHint : undefined;
  const text = hint ?? options.find((o) => o.value === value)?.label ?? value ?? allLabel;
  return (
    <button
      type="button"
      role="combobox"
      id={id}
      aria-label={props['aria-label']}
      aria-expanded={false}
      aria-autocomplete="none"
      data-state="closed"
      data-placeholder={hint === undefined ? undefined : ''}
      disabled
      className={cn(
        SELECT_TRIGGER_CLASS,
        !disabled && 'disabled:cursor-default disabled:opacity-100',
        className,
      )}
    >
      <span data-slot="select-value" style={{ pointerEvents: 'none' }}>
        {text}
      </span>
      <ChevronDownIcon className="size-4 opacity-50" aria-hidden="true" />
    </button>
  );
}
