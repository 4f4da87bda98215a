// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AllOrOneSelect, type AllOrOneSelectProps } from './all-or-one-select';

const clinics = [
  { value: 'north', label: 'North Clinic' },
  { value: 'south', label: 'South Clinic' },
];

function Filter(props: Partial<AllOrOneSelectProps> & { initial?: string }) {
  const [value, setValue] = useState(props.initial);
  return (
    <>
      <label htmlFor="clinic">Clinic</label>
      <AllOrOneSelect
        id="clinic"
        allLabel="All clinics"
        options={clinics}
        {...props}
        value={value}
        onChange={setValue}
      />
      <output>{value ?? 'all'}</output>
    </>
  );
}

const select = () => screen.getByRole('combobox', { name: 'Clinic' });

beforeEach(() => {
  // jsdom has neither layout nor pointer capture, which Radix Select asks for.
  Element.prototype.scrollIntoView = vi.fn();
  Element.prototype.hasPointerCapture = vi.fn(() => false);
  Element.prototype.releasePointerCapture = vi.fn();
});
afterEach(cleanup);

describe('AllOrOneSelect', () => {
  it('draws the closed select at once, with its name and choice, then the select itself', async () => {
    render(<Filter initial="south" />);
    // Before Radix Select has loaded: the same combobox, showing the same choice, taking no input.
    expect(select()).toHaveTextContent('South Clinic');
    expect(select()).toBeDisabled();

    await waitFor(() => expect(select()).toBeEnabled());
    expect(select()).toHaveTextContent('South Clinic');
    await userEvent.click(select());
    await userEvent.click(await screen.findByRole('option', { name: 'All clinics' }));
    expect(screen.getByRole('status')).toHaveTextContent('all');
    expect(select()).toHaveTextContent('All clinics');
  });

  it('shows the hint of a disabled filter, before and after the select loads', async () => {
    render(<Filter disabled disabledHint="Choose a clinic first" />);
    expect(select()).toHaveTextContent('Choose a clinic first');
    // Radix marks its own disabled trigger; the stand-in has no such mark.
    await waitFor(() => expect(select()).toHaveAttribute('data-disabled'));
    expect(select()).toHaveTextContent('Choose a clinic first');
    expect(select()).toBeDisabled();
  });
});
