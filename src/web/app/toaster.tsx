import type { CSSProperties } from 'react';
import { Toaster as SonnerToaster } from 'sonner';
import { TOAST } from '@domain/constants';

// Sonner sizes toasts from --width (spec §9: 356px). Its colours come from --normal-*; pointing
// them at our theme variables makes toasts follow the `dark` class instead of the OS setting.
const toasterStyle = {
  '--width': `${TOAST.width}px`,
  '--normal-bg': 'var(--popover)',
  '--normal-text': 'var(--popover-foreground)',
  '--normal-border': 'var(--border)',
} as CSSProperties;

/** Spec §9: 4000 ms, at most 3 visible, 14px gap, 356px wide, bottom right. */
export function Toaster() {
  return (
    <SonnerToaster
      position={TOAST.position}
      duration={TOAST.duration}
      visibleToasts={TOAST.visibleToasts}
      gap={TOAST.gap}
      style={toasterStyle}
      closeButton
      toastOptions={{ classNames: { description: 'text-muted-foreground!' } }}
    />
  );
}
