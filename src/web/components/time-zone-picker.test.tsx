// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TimeZonePicker } from './time-zone-picker';

const UNSET = "Not set (use the browser's time zone)";

function Field({ initial, unsetLabel }: { initial: string; unsetLabel?: string }) {
  const [zone, setZone] = useState(initial);
  return (
    <>
      <label htmlFor="zone">Time zone</label>
      <TimeZonePicker id="zone" value={zone} onChange={setZone} unsetLabel={unsetLabel} />
      <output>{zone === '' ? 'unset' : zone}</output>
    </>
  );
}

const field = () => screen.getByRole('combobox', { name: 'Time zone' }) as HTMLInputElement;

beforeEach(() => {
  // jsdom does not lay out, so it has no scrollIntoView.
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(cleanup);

describe('TimeZonePicker', () => {
  it('filters as you type and takes the option clicked', async () => {
    render(<Field initial="America/New_York" />);
    expect(field().value).toBe('America/New_York');
    await userEvent.click(field());
    await userEvent.type(field(), 'tokyo');
    await userEvent.click(screen.getByRole('option', { name: /^Asia\/Tokyo/ }));
    expect(screen.getByRole('status')).toHaveTextContent('Asia/Tokyo');
    expect(field().value).toBe('Asia/Tokyo');
    expect(field()).toHaveAttribute('aria-expanded', 'false');
  });

  it('moves with the arrow keys, chooses with Enter and closes with Escape', async () => {
    render(<Field initial="UTC" />);
    await userEvent.click(field());
    await userEvent.type(field(), 'london');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      expect.stringMatching(/^Europe\/London/),
    ]);
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('Europe/London');

    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox', { name: 'Time zones' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Europe/London');
  });

  it('says so when nothing matches, and keeps the value', async () => {
    render(<Field initial="UTC" />);
    await userEvent.click(field());
    await userEvent.type(field(), 'atlantis');
    expect(screen.getByText('No time zone matches')).toBeInTheDocument();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('UTC');
  });

  it('offers "not set" first only where the caller allows it, and shows it when unset', async () => {
    render(<Field initial="Europe/Paris" unsetLabel={UNSET} />);
    await userEvent.click(field());
    expect(screen.getAllByRole('option')[0]).toHaveTextContent(UNSET);
    await userEvent.click(screen.getByRole('option', { name: UNSET }));
    expect(screen.getByRole('status')).toHaveTextContent('unset');
    expect(field().value).toBe('');
    expect(field()).toHaveAttribute('placeholder', UNSET);

    cleanup();
    render(<Field initial="Europe/Paris" />);
    await userEvent.click(field());
    expect(screen.queryByRole('option', { name: UNSET })).not.toBeInTheDocument();
  });

  it('keeps a stored zone the browser does not list selectable', async () => {
    render(<Field initial="Mars/Olympus_Mons" />);
    await userEvent.click(field());
    expect(screen.getAllByRole('option')[0]).toHaveTextContent('Mars/Olympus Mons');
    expect(screen.getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
  });
});
