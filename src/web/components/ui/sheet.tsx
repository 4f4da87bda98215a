import type { ComponentProps } from 'react';
import { Dialog as SheetPrimitive } from 'radix-ui';
import { cn } from '@web/lib/utils';
import { classed } from './classed';
import { DialogCloseButton, DialogOverlay } from './dialog-parts';

// A sheet is a Radix Dialog pinned to one edge: it inherits focus trapping, Escape to close and
// the scroll lock, which the mobile sidebar needs.
export const Sheet = SheetPrimitive.Root;
export const SheetTrigger = SheetPrimitive.Trigger;
export const SheetClose = SheetPrimitive.Close;

const sideClasses = {
  left: 'animate-sheet-left inset-y-0 left-0 h-full w-3/4 border-r sm:max-w-sm',
  right: 'animate-sheet-right inset-y-0 right-0 h-full w-3/4 border-l sm:max-w-sm',
} as const;

export function SheetContent({
  className,
  children,
  side = 'right',
  showCloseButton = true,
  ...props
}: ComponentProps<typeof SheetPrimitive.Content> & {
  side?: keyof typeof sideClasses;
  showCloseButton?: boolean;
}) {
  return (
    <SheetPrimitive.Portal>
      <DialogOverlay data-slot="sheet-overlay" />
      <SheetPrimitive.Content
        data-slot="sheet-content"
        className={cn(
          'fixed z-50 flex flex-col gap-4 bg-background shadow-lg outline-none',
          sideClasses[side],
          className,
        )}
        {...props}
      >
        {children}
        {showCloseButton && <DialogCloseButton />}
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  );
}

export const SheetHeader = classed('div', 'sheet-header', 'flex flex-col gap-1.5 p-4');

export const SheetFooter = classed('div', 'sheet-footer', 'mt-auto flex flex-col gap-2 p-4');

export const SheetTitle = classed(
  SheetPrimitive.Title,
  'sheet-title',
  'font-semibold text-foreground',
);

export const SheetDescription = classed(
  SheetPrimitive.Description,
  'sheet-description',
  'text-sm text-muted-foreground',
);
