import type { ComponentProps } from 'react';
import { formatTime } from '@domain/format';
import { inputClassName } from '@web/components/ui/input';
import { cn } from '@web/lib/utils';

/** A native time input: the browser's own picker and keyboard handling, 'HH:mm' values. */
export function TimeField({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <input
      type="time"
      // min-w-fit: the browser's "12:30 PM" and clock icon may need more than the set width (on a
      // phone, at 16px, they do); the field then grows and the row wraps instead of clipping it.
      className={cn(inputClassName, 'w-[7.25rem] min-w-fit px-2 sm:w-32 sm:px-3', className)}
      {...props}
    />
  );
}

/** "09:00" → "9:00 AM", as US English screens write times. */
export function formatWallClock(wallTime: string): string {
  return formatTime(`1970-01-01T${wallTime}:00Z`, 'UTC');
}

export function formatRange(segment: { start: string; end: string }): string {
  return `${formatWallClock(segment.start)} – ${formatWallClock(segment.end)}`;
}
