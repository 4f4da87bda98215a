import { useState, type Ref } from 'react';
import { SERVICE_DURATION_MAX, SERVICE_DURATION_MIN } from '@domain/services';
import { OptionsSelect } from '@web/components/options-select';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { FieldError } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { COMMON_LENGTHS, lengthLabel, offerFirst, toggleLength } from '../utils/service-form';

/**
 * The lengths a service may be booked for: ticks for the common ones and any chosen besides, a
 * field to add another, and which is offered first when there are several.
 */
export function LengthChoices({
  id,
  value,
  onChange,
  error,
  firstRef,
}: {
  id: string;
  value: readonly number[];
  onChange: (durations: number[]) => void;
  error: string | undefined;
  firstRef?: Ref<HTMLInputElement>;
}) {
  const [other, setOther] = useState('');
  const [otherError, setOtherError] = useState<string>();
  const shown = [...new Set([...COMMON_LENGTHS, ...value])].sort((a, b) => a - b);

  function addOther() {
    const minutes = Number(other);
    if (
      !Number.isInteger(minutes) ||
      minutes < SERVICE_DURATION_MIN ||
      minutes > SERVICE_DURATION_MAX
    ) {
      setOtherError(
        `Enter a whole number of minutes from ${SERVICE_DURATION_MIN} to ${SERVICE_DURATION_MAX}.`,
      );
      return;
    }
    setOtherError(undefined);
    setOther('');
    if (!value.includes(minutes)) onChange(toggleLength(value, minutes, true));
  }

  return (
    <fieldset
      className="grid gap-3"
      aria-describedby={error ? `${id}-error` : `${id}-hint`}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-2 text-sm leading-none font-medium">Lengths</legend>
      <div className="grid grid-cols-[repeat(auto-fill,minmax(7rem,1fr))] gap-1 rounded-md border p-1">
        {shown.map((minutes, index) => (
          <label
            key={minutes}
            className="flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm hover:bg-accent has-focus-visible:ring-2 has-focus-visible:ring-ring/40"
          >
            <Checkbox
              ref={index === 0 ? firstRef : undefined}
              checked={value.includes(minutes)}
              onChange={(e) => onChange(toggleLength(value, minutes, e.target.checked))}
            />
            <span className="whitespace-nowrap">{lengthLabel(minutes)}</span>
          </label>
        ))}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-other`}>Another length (minutes)</Label>
        <div className="flex flex-wrap gap-2">
          <Input
            id={`${id}-other`}
            className="w-28"
            inputMode="numeric"
            value={other}
            aria-invalid={otherError ? true : undefined}
            aria-describedby={otherError ? `${id}-other-error` : undefined}
            onChange={(e) => setOther(e.target.value)}
            onKeyDown={(e) => {
              // Enter adds the length; it must not submit the dialog's form.
              if (e.key === 'Enter') {
                e.preventDefault();
                addOther();
              }
            }}
          />
          <Button type="button" variant="outline" onClick={addOther}>
            Add length
          </Button>
        </div>
      </div>
      <FieldError id={`${id}-other-error`} message={otherError} />
      {value.length > 1 && (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-first`}>Offered first</Label>
          <OptionsSelect
            id={`${id}-first`}
            className="w-40"
            value={String(value[0])}
            onChange={(minutes) => onChange(offerFirst(value, Number(minutes)))}
            options={value.map((minutes) => ({
              value: String(minutes),
              label: lengthLabel(minutes),
            }))}
          />
        </div>
      )}
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        Choose up to 8. Staff and patients pick one of them when they book.
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
