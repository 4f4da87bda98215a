// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from './dialog';

afterEach(cleanup);

/** A dialog opened from state, as a list row or a keyboard shortcut opens one: no DialogTrigger. */
function OpenedFromState() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Open details
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent showCloseButton={false}>
          <DialogTitle>Details</DialogTitle>
          <DialogDescription>About one appointment.</DialogDescription>
          <DialogClose>Done</DialogClose>
        </DialogContent>
      </Dialog>
    </>
  );
}

describe('DialogContent', () => {
  it('returns focus to what opened it, closed with Escape or a button', async () => {
    const user = userEvent.setup();
    render(<OpenedFromState />);
    const opener = screen.getByRole('button', { name: 'Open details' });

    await user.click(opener);
    expect(screen.getByRole('dialog', { name: 'Details' })).toBeInTheDocument();
    expect(document.activeElement).not.toBe(opener);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);

    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(document.activeElement).toBe(opener);
  });
});
