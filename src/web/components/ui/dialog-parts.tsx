import { Dialog as DialogPrimitive } from 'radix-ui';
import { XIcon } from 'lucide-react';
import { classed } from './classed';

// What a dialog and a sheet (a dialog pinned to one edge) draw alike, kept apart from dialog.tsx
// so the sheet, loaded on its own for the mobile sidebar, brings no more than it uses.

export const DialogOverlay = classed(
  DialogPrimitive.Overlay,
  'dialog-overlay',
  'animate-overlay fixed inset-0 z-50 bg-slate-950/50',
);

/** The × in the top right corner. */
export function DialogCloseButton() {
  return (
    <DialogPrimitive.Close
      className="absolute top-4 right-4 rounded-sm opacity-70 transition-opacity outline-none hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background [&_svg]:size-4"
      aria-label="Close"
    >
      <XIcon aria-hidden="true" />
    </DialogPrimitive.Close>
  );
}
