import { useLayoutEffect, useRef, useState, type ComponentProps, type RefObject } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { FocusScope } from 'radix-ui/internal';
import { cn } from '@web/lib/utils';
import { TOASTER_SLOT } from '@web/lib/ui-constants';
import { classed } from './classed';
import { DialogCloseButton, DialogOverlay } from './dialog-parts';

const TOASTER = `[data-slot="${TOASTER_SLOT}"]`;

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogPortal = DialogPrimitive.Portal;
export const DialogClose = DialogPrimitive.Close;

export { DialogOverlay };

/**
 * Notes what had focus as the dialog opens. It mounts with the dialog's content, and its layout
 * effect runs before Radix moves focus into the dialog (a passive effect), so that is the opener.
 */
function NoteOpener({ into }: { into: RefObject<HTMLElement | null> }) {
  useLayoutEffect(() => {
    into.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [into]);
  return null;
}

/**
 * The opener, or the element that took its place while the dialog was open: a list that
 * refreshed behind the dialog renders its rows anew, and the row's button with the same
 * accessible name is the one the person left.
 */
function reconnected(opener: HTMLElement | null): HTMLElement | null {
  if (!opener || opener.isConnected) return opener;
  const label = opener.getAttribute('aria-label');
  if (!label) return null;
  const twin = document.querySelector<HTMLElement>(
    `${opener.tagName.toLowerCase()}[aria-label="${CSS.escape(label)}"]`,
  );
  return twin;
}

/**
 * Lets focus into the toasts while the dialog is open. A modal dialog traps focus and takes back
 * any that leaves it, so a keyboard user could never reach a toast's Undo (sonner's Alt+T, then
 * Tab) before closing the dialog; the toast outlet becomes a branch of the dialog's focus scope.
 */
function ToasterBranch() {
  const [toaster, setToaster] = useState<HTMLElement | null>(null);
  useLayoutEffect(() => setToaster(document.querySelector<HTMLElement>(TOASTER)), []);
  FocusScope.useFocusScopeBranch(toaster);
  return null;
}

export function DialogContent({
  className,
  children,
  showCloseButton = true,
  onCloseAutoFocus,
  onInteractOutside,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { showCloseButton?: boolean }) {
  // Radix returns focus to a DialogTrigger; most of our dialogs open from state (a row, a URL, a
  // shortcut) and have none, so focus would fall to the page. Return it to what opened them.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (event.defaultPrevented) return;
          const target = reconnected(opener.current);
          if (target && target !== document.body) {
            event.preventDefault();
            target.focus();
          }
        }}
        onInteractOutside={(event) => {
          onInteractOutside?.(event);
          // A toast's action (Undo, View) is about what was just done in this dialog: using it
          // must not close the dialog as a click outside would.
          const target = event.target as Element | null;
          if (target?.closest?.(TOASTER)) event.preventDefault();
        }}
        data-slot="dialog-content"
        className={cn(
          'animate-pop fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100svh-2rem)] w-full max-w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border bg-background p-6 shadow-lg outline-none sm:max-w-lg',
          className,
        )}
        {...props}
      >
        <NoteOpener into={opener} />
        <ToasterBranch />
        {children}
        {showCloseButton && <DialogCloseButton />}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export const DialogHeader = classed(
  'div',
  'dialog-header',
  'flex flex-col gap-2 text-center sm:text-left',
);

export const DialogFooter = classed(
  'div',
  'dialog-footer',
  'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end',
);

export const DialogTitle = classed(
  DialogPrimitive.Title,
  'dialog-title',
  'text-lg leading-none font-semibold',
);

export const DialogDescription = classed(
  DialogPrimitive.Description,
  'dialog-description',
  'text-sm text-muted-foreground',
);
