import type { ComponentProps } from 'react';
import { cn } from '@web/lib/utils';

/**
 * The app's checkbox: the browser's own box (so react-hook-form's register, labels and the
 * keyboard work as for any input) in the theme's colour, size and focus ring, one look
 * everywhere instead of a plain box here and a tinted one there.
 */
export const checkboxClassName =
  'size-4 shrink-0 cursor-pointer accent-primary outline-none focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:cursor-not-allowed disabled:opacity-50';

export function Checkbox({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <input
      type="checkbox"
      data-slot="checkbox"
      className={cn(checkboxClassName, className)}
      {...props}
    />
  );
}
