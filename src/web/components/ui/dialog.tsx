import { useLayoutEffect, useRef, useState, type ComponentProps, type RefObject } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { FocusScope } from 'radix-ui/internal';
import { XIcon } from 'lucide-react';
import { cn } from '@web/lib/utils';
import { TOASTER_SLOT } from '@web/lib/ui-constants';

const TOASTER = `[data-slot="${TOASTER_SLOT}"]`;

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogPortal = DialogPrimitive.Portal;
export const DialogClose = DialogPrimitive.Close;

export function DialogOverlay({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      data-slot="dialog-overlay"
      className={cn('animate-overlay fixed inset-0 z-50 bg-slate-950/50', className)}
      {...props}
    />
  );
}

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
        {showCloseButton && (
          <DialogPrimitive.Close
            className="absolute top-4 right-4 rounded-sm opacity-70 transition-opacity outline-none hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background [&_svg]:size-4"
            aria-label="Close"
          >
            <XIcon aria-hidden="true" />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="dialog-header"
      className={cn('flex flex-col gap-2 text-center sm:text-left', className)}
      {...props}
    />
  );
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="dialog-footer"
      className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      data-slot="dialog-title"
      className={cn('text-lg leading-none font-semibold', className)}
      {...props}
    />
  );
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      data-slot="dialog-description"
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}
