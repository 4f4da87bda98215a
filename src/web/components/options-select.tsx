import type { Ref } from 'react';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@web/components/ui/select';

/**
 * One choice out of a short list, in the app's styled select: for a form field that must have a
 * value (a clinic, a length, a priority). A choice that may be "any" is an AllOrOneSelect.
 */
export function OptionsSelect({
  id,
  ref,
  value,
  onChange,
  onBlur,
  options,
  placeholder,
  disabled,
  className,
  contentClassName,
  ...aria
}: {
  id?: string;
  ref?: Ref<HTMLButtonElement>;
  /** '' while nothing is chosen: the placeholder shows. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  options: ReadonlyArray<{ value: string; label: string }>;
  placeholder?: string;
  disabled?: boolean;
  className?: string;
  /** For the open list, e.g. a height limit for a long one. */
  contentClassName?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  'aria-required'?: boolean | 'true' | 'false';
}) {
  return (
    <Select
      value={value}
      onValueChange={onChange}
      onOpenChange={(open) => !open && onBlur?.()}
      disabled={disabled}
    >
      <SelectTrigger id={id} ref={ref} className={className} {...aria}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent className={contentClassName}>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
