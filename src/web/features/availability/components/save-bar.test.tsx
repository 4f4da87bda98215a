// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { Toaster } from '@web/components/ui/sonner';
import { SaveBar } from './save-bar';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const bar = (
  <SaveBar
    dirty
    canSaveUnchanged={false}
    problemCount={0}
    pending={false}
    error={null}
    onSave={() => {}}
    onDiscard={() => {}}
  />
);

describe('SaveBar and toasts', () => {
  it('raises the toasts above the bar while it is shown, and lets them down after', async () => {
    // jsdom lays nothing out: the bar is as tall as it is on a phone, where its buttons wrap.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      height: 104,
    } as DOMRect);
    const root = document.documentElement;
    const { unmount } = render(
      <>
        <Toaster />
        {bar}
      </>,
    );
    expect(root.style.getPropertyValue('--bottom-bar-height')).toBe('104px');
    act(() => {
      toast.success('Availability saved');
    });
    await screen.findByText('Availability saved');
    // Sonner stands its toasts this far from the bottom: its own 24px (16px on a phone) and the bar.
    const list = document.querySelector<HTMLElement>('[data-sonner-toaster]')!;
    await waitFor(() =>
      expect(list.style.getPropertyValue('--offset-bottom')).toBe(
        'calc(24px + var(--bottom-bar-height, 0px))',
      ),
    );
    expect(list.style.getPropertyValue('--mobile-offset-bottom')).toBe(
      'calc(16px + var(--bottom-bar-height, 0px))',
    );
    unmount();
    expect(root.style.getPropertyValue('--bottom-bar-height')).toBe('');
  });
});
