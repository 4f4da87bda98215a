import { lazy, Suspense } from 'react';
import { TOASTER_SLOT } from '@web/lib/ui-constants';

// Toasts answer something a person did, never the first paint: the toaster (sonner, a tenth of
// the first load) comes just after it. Whatever shows a toast imports sonner itself.
const Toaster = lazy(() =>
  import('@web/components/ui/sonner').then((m) => ({ default: m.Toaster })),
);

/**
 * Where toasts appear. The outlet's element is there from the first paint, before the toaster in
 * it has loaded, because a dialog that opens with the page (a `?view=` link) deals with it when it
 * mounts: it makes the outlet a branch of its focus trap, so Alt+T and Tab reach a toast's Undo,
 * and it hides everything else from assistive technology except live regions. `aria-live="off"`
 * (what a plain element has anyway; the toaster inside announces politely) marks the outlet as
 * one, so a toast shown over that dialog is still read out.
 */
export function ToastOutlet() {
  return (
    <div data-slot={TOASTER_SLOT} aria-live="off" className="contents">
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </div>
  );
}
