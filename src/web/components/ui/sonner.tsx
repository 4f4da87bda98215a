import type { CSSProperties } from 'react';
import { Toaster as SonnerToaster } from 'sonner';
import { BOTTOM_BAR_HEIGHT_VAR, TOAST } from '@web/lib/ui-constants';

// Sonner's own distances from the edge (24px, 16px on a phone), raised by a sticky bottom bar's
// height while one is shown: a toast over the Save bar hid Save (ADR 034).
const above = (edge: number) => `calc(${edge}px + var(${BOTTOM_BAR_HEIGHT_VAR}, 0px))`;

// Sonner sizes toasts from --width (spec §9: 356px). Its colours come from --normal-*; pointing
// them at our theme variables makes toasts follow the `dark` class instead of the OS setting.
// A modal dialog sets `pointer-events: none` on <body>, which the toasts would inherit and so
// fall through to the dialog's overlay: an Undo shown over an open dialog could not be clicked.
// The list has no box of its own (its toasts are positioned), so it blocks nothing else.
const toasterStyle = {
  '--width': `${TOAST.width}px`,
  '--normal-bg': 'var(--popover)',
  '--normal-text': 'var(--popover-foreground)',
  '--normal-border': 'var(--border)',
  pointerEvents: 'auto',
} as CSSProperties;

/**
 * Spec §9: 4000 ms, at most 3 visible, 14px gap, 356px wide, bottom right (above a sticky bottom
 * bar, when a page has one). Rendered inside the
 * ToastOutlet, whose element dialogs let focus and pointers reach.
 */
export function Toaster() {
  return (
    <SonnerToaster
      position={TOAST.position}
      duration={TOAST.duration}
      visibleToasts={TOAST.visibleToasts}
      gap={TOAST.gap}
      offset={{ bottom: above(24) }}
      mobileOffset={{ bottom: above(16) }}
      style={toasterStyle}
      closeButton
      toastOptions={{ classNames: { description: 'text-muted-foreground!' } }}
    />
  );
}
