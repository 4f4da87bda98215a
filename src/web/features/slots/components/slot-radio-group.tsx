import { useRef, useState, type KeyboardEvent } from 'react';
import { CheckIcon } from 'lucide-react';
import type { TimeSlot } from '@domain/slots';
import { formatTime } from '@domain/format';
import { cn } from '@web/lib/utils';

export interface SlotGroup {
  agentId: string;
  agentName: string;
  slots: TimeSlot[];
}

const NEXT_KEYS = new Set(['ArrowRight', 'ArrowDown']);
const PREVIOUS_KEYS = new Set(['ArrowLeft', 'ArrowUp']);

/**
 * The times as one radio group: Tab enters at the chosen time (or the first), arrow keys and
 * Home/End move between times, Enter or Space chooses. With `showAgent` each group is headed
 * by its agent and each time's name says whose it is.
 */
export function SlotRadioGroup({
  label,
  groups,
  showAgent,
  value,
  onChange,
  timeZone,
}: {
  label: string;
  groups: SlotGroup[];
  showAgent: boolean;
  value: TimeSlot | null;
  onChange: (slot: TimeSlot) => void;
  timeZone: string;
}) {
  const flat = groups.flatMap((group) => group.slots);
  const checkedIndex = flat.findIndex((slot) => slot.slotId === value?.slotId);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  // The tab stop is the last time focused, else the chosen one, else the first.
  const tabStop =
    focusIndex !== null && focusIndex < flat.length ? focusIndex : Math.max(checkedIndex, 0);

  function moveTo(index: number) {
    const next = (index + flat.length) % flat.length;
    setFocusIndex(next);
    buttons.current[next]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const current = buttons.current.findIndex((button) => button === document.activeElement);
    if (current < 0) return;
    let target: number | null = null;
    if (NEXT_KEYS.has(event.key)) target = current + 1;
    else if (PREVIOUS_KEYS.has(event.key)) target = current - 1;
    else if (event.key === 'Home') target = 0;
    else if (event.key === 'End') target = flat.length - 1;
    if (target === null) return;
    event.preventDefault();
    moveTo(target);
  }

  let index = -1;
  return (
    <div role="radiogroup" aria-label={label} onKeyDown={onKeyDown} className="space-y-4">
      {groups.map((group) => (
        <div
          key={group.agentId}
          role={showAgent ? 'group' : undefined}
          aria-label={showAgent ? group.agentName : undefined}
        >
          {showAgent && (
            <p className="mb-2 text-sm font-medium" aria-hidden="true">
              {group.agentName}
            </p>
          )}
          <div className="grid grid-cols-[repeat(auto-fill,minmax(6.5rem,1fr))] gap-2">
            {group.slots.map((slot) => {
              const i = ++index;
              const checked = slot.slotId === value?.slotId;
              const time = formatTime(slot.startTime, timeZone);
              return (
                <button
                  key={slot.slotId}
                  ref={(element) => {
                    buttons.current[i] = element;
                  }}
                  type="button"
                  role="radio"
                  aria-checked={checked}
                  aria-label={showAgent ? `${time}, ${slot.agentName}` : time}
                  tabIndex={i === tabStop ? 0 : -1}
                  onFocus={() => setFocusIndex(i)}
                  onClick={() => onChange(slot)}
                  className={cn(
                    'inline-flex h-9 items-center justify-center gap-1.5 rounded-md border px-3 text-sm font-medium tabular-nums transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
                    checked
                      ? 'border-primary bg-primary text-primary-foreground'
                      : 'border-input bg-background hover:bg-accent hover:text-accent-foreground',
                  )}
                >
                  {checked && <CheckIcon className="size-3.5" aria-hidden="true" />}
                  {time}
                </button>
              );
            })}
          </div>
        </div>
      ))}
    </div>
  );
}
