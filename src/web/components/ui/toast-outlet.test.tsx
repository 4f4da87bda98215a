// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

afterEach(cleanup);

describe('ToastOutlet', () => {
  it('shows a toast to assistive technology and lets Alt+T and Tab reach it, from a dialog opened before the toaster loaded', async () => {
    // Fresh modules: the toaster is not loaded yet, as on a page opened at `?view=<id>`.
    vi.resetModules();
    const { ToastOutlet } = await import('./toast-outlet');
    const { Dialog, DialogContent, DialogDescription, DialogTitle } = await import('./dialog');
    const { toast } = await import('sonner');
    const undone = vi.fn();
    const user = userEvent.setup();
    render(
      <>
        <Dialog open>
          <DialogContent>
            <DialogTitle>Details</DialogTitle>
            <DialogDescription>About one appointment.</DialogDescription>
            <button type="button">Mark as</button>
          </DialogContent>
        </Dialog>
        <ToastOutlet />
      </>,
    );
    expect(screen.getByRole('dialog', { name: 'Details' })).toBeInTheDocument();
    expect(document.querySelector('section[aria-label^="Notifications"]')).toBeNull();

    await waitFor(() =>
      expect(document.querySelector('section[aria-label^="Notifications"]')).not.toBeNull(),
    );
    act(() => {
      toast.success('Appointment marked successfully', {
        action: { label: 'Undo', onClick: undone },
      });
    });
    // Found by role: the dialog did not hide the toast from assistive technology.
    const undo = await screen.findByRole('button', { name: 'Undo' });
    await user.keyboard('{Alt>}t{/Alt}');
    while (document.activeElement !== undo) {
      // The dialog's focus trap would take focus back into the dialog.
      expect(document.activeElement?.closest('[data-sonner-toaster]')).toBeInTheDocument();
      await user.tab();
    }
    await user.keyboard('{Enter}');
    expect(undone).toHaveBeenCalledTimes(1);
  });
});
