import { useId, useMemo, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { CheckIcon, ChevronsUpDownIcon } from 'lucide-react';
import { inputClassName } from '@web/components/ui/input';
import { currentOffsetLabel, filterTimeZones, timeZoneNames } from '@web/lib/time-zones';
import { cn } from '@web/lib/utils';

const MAX_SHOWN = 80;
/** The choice that leaves the zone unset; no IANA zone has an empty name. */
const UNSET = '';

export interface TimeZonePickerProps {
  /** For the field's <Label htmlFor>, which names the combobox. */
  id: string;
  /** An IANA zone, or '' for "not set" where `unsetLabel` allows it. */
  value: string;
  onChange: (zone: string) => void;
  /**
   * Offers "not set" as the first choice, worded by the caller, e.g. "Not set (use the browser's
   * time zone)"; choosing it calls `onChange('')`. Without it a zone must be chosen.
   */
  unsetLabel?: string;
  className?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  /** The input, e.g. for a form library to focus the first field with a problem. */
  ref?: Ref<HTMLInputElement>;
  name?: string;
  /** Called when the field loses focus (after the list closes). */
  onBlur?: () => void;
}

/**
 * The app's one time-zone field: a searchable ARIA combobox over every IANA zone (some 400, too
 * many to scroll), with a listbox popup. Type to filter, arrow keys to move, Enter to choose,
 * Escape to close. The stored value stays selectable even when the browser does not list it.
 */
export function TimeZonePicker({
  id,
  value,
  onChange,
  unsetLabel,
  className,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  ref,
  name,
  onBlur,
}: TimeZonePickerProps) {
  const listId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const canUnset = unsetLabel !== undefined;

  const matches = useMemo(() => {
    const zones =
      !value || timeZoneNames().includes(value) ? timeZoneNames() : [value, ...timeZoneNames()];
    const found = filterTimeZones(zones, search).slice(0, MAX_SHOWN);
    return canUnset && !search.trim() ? [UNSET, ...found] : found;
  }, [search, value, canUnset]);

  function openList() {
    setOpen(true);
    setActive(Math.max(0, matches.indexOf(value)));
  }

  function close() {
    setOpen(false);
    setSearch('');
  }

  function choose(zone: string | undefined) {
    if (zone !== undefined) onChange(zone);
    close();
  }

  function move(to: number) {
    const next = Math.min(Math.max(to, 0), matches.length - 1);
    setActive(next);
    listRef.current?.children[next]?.scrollIntoView({ block: 'nearest' });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return openList();
      move(active + (event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      choose(matches[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    }
  }

  const optionId = (index: number) => `${listId}-option-${index}`;
  const shown = value || unsetLabel;
  return (
    <div className={cn('relative', className)}>
      <input
        ref={ref}
        id={id}
        name={name}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && matches[active] !== undefined ? optionId(active) : undefined}
        aria-describedby={describedBy}
        aria-invalid={invalid}
        autoComplete="off"
        spellCheck={false}
        className={cn(inputClassName, 'pr-8')}
        value={open ? search : value}
        // Unset, the field reads as its "not set" wording rather than as empty.
        placeholder={open || !value ? shown : undefined}
        onChange={(event) => {
          setSearch(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onClick={() => (open ? undefined : openList())}
        onKeyDown={onKeyDown}
        onBlur={() => {
          close();
          onBlur?.();
        }}
      />
      <ChevronsUpDownIcon
        className="pointer-events-none absolute top-2.5 right-2.5 size-4 opacity-50"
        aria-hidden="true"
      />
      {open && (
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label="Time zones"
          className="absolute z-50 mt-1 max-h-64 w-full min-w-64 overflow-y-auto rounded-md border bg-popover p-1 text-sm text-popover-foreground shadow-md"
        >
          {matches.length === 0 && (
            <li className="px-2 py-1.5 text-muted-foreground">No time zone matches</li>
          )}
          {matches.map((zone, index) => (
            <li
              key={zone || 'unset'}
              id={optionId(index)}
              role="option"
              aria-selected={zone === value}
              className={cn(
                'flex cursor-default items-center justify-between gap-2 rounded-sm px-2 py-1.5',
                index === active && 'bg-accent text-accent-foreground',
              )}
              // Keep focus in the input so the blur does not close the list before the click.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(zone)}
            >
              <span className="truncate">{zone ? zone.replaceAll('_', ' ') : unsetLabel}</span>
              <span className="flex shrink-0 items-center gap-1 text-xs text-muted-foreground">
                {zone && currentOffsetLabel(zone)}
                {zone === value && <CheckIcon className="size-3.5" aria-hidden="true" />}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
