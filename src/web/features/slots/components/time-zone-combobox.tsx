import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { CheckIcon, ChevronsUpDownIcon } from 'lucide-react';
import { inputClassName } from '@web/components/ui/input';
import { cn } from '@web/lib/utils';
import { currentOffsetLabel, filterTimeZones, timeZoneNames } from '../utils/time-zones';

const MAX_SHOWN = 80;

/**
 * A searchable IANA time zone field (ARIA combobox with a listbox popup): type to filter, arrow
 * keys to move, Enter to choose, Escape to close. The stored value stays selectable even when the
 * browser does not list it.
 */
export function TimeZoneCombobox({
  id,
  value,
  onChange,
  className,
  'aria-describedby': describedBy,
}: {
  id: string;
  value: string;
  onChange: (zone: string) => void;
  className?: string;
  'aria-describedby'?: string;
}) {
  const listId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);

  const matches = useMemo(() => {
    const names = timeZoneNames().includes(value) ? timeZoneNames() : [value, ...timeZoneNames()];
    return filterTimeZones(names, search).slice(0, MAX_SHOWN);
  }, [search, value]);

  function openList() {
    setOpen(true);
    setActive(Math.max(0, matches.indexOf(value)));
  }

  function close() {
    setOpen(false);
    setSearch('');
  }

  function choose(zone: string | undefined) {
    if (zone) onChange(zone);
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
  return (
    <div className={cn('relative', className)}>
      <input
        id={id}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && matches[active] ? optionId(active) : undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        spellCheck={false}
        className={cn(inputClassName, 'pr-8')}
        value={open ? search : value}
        placeholder={open ? value : undefined}
        onChange={(event) => {
          setSearch(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onClick={() => (open ? undefined : openList())}
        onKeyDown={onKeyDown}
        onBlur={close}
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
              key={zone}
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
              <span className="truncate">{zone.replaceAll('_', ' ')}</span>
              <span className="flex shrink-0 items-center gap-1 text-xs text-muted-foreground">
                {currentOffsetLabel(zone)}
                {zone === value && <CheckIcon className="size-3.5" aria-hidden="true" />}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
