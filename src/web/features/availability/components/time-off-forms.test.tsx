// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MAX_OVERRIDES } from '@contracts/availability';
import type { ScheduleOverride } from '@domain/schedule';
import { addDaysToKey } from '@domain/zoned-time';
import { DaysOffForm, ExtraHoursForm } from './time-off-forms';

const TODAY = '2030-01-07';

function renderForm(Form: typeof DaysOffForm, overrides: ScheduleOverride[] = []) {
  const onChange = vi.fn();
  render(<Form overrides={overrides} today={TODAY} onChange={onChange} />);
  return { onChange, user: userEvent.setup() };
}

afterEach(cleanup);

describe('DaysOffForm', () => {
  it('asks for the first day, then a last one not before it, and adds the range', async () => {
    const { onChange, user } = renderForm(DaysOffForm);
    const form = screen.getByRole('form', { name: 'Add days off' });
    const from = within(form).getByLabelText('Day off from');
    const to = within(form).getByLabelText('To (optional)');
    const add = within(form).getByRole('button', { name: 'Add days off' });

    await user.click(add);
    expect(within(form).getByRole('alert').textContent).toBe('Choose the first day off.');
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(from.getAttribute('aria-describedby')).toBe(within(form).getByRole('alert').id);
    expect(document.activeElement).toBe(from);

    await user.type(from, '2030-01-10');
    await user.type(to, '2030-01-08');
    await user.click(add);
    expect(within(form).getByRole('alert').textContent).toBe(
      'The last day off must be on or after the first.',
    );
    expect(document.activeElement).toBe(to);
    expect(onChange).not.toHaveBeenCalled();

    await user.clear(to);
    await user.type(to, '2030-01-11');
    await user.click(add);
    expect(onChange).toHaveBeenCalledWith([
      { date: '2030-01-10', kind: 'off' },
      { date: '2030-01-11', kind: 'off' },
    ]);
    expect(within(form).queryByRole('alert')).toBeNull();
    expect((from as HTMLInputElement).value).toBe('');
    expect((to as HTMLInputElement).value).toBe('');
  });

  it('adds at most a year at a time, and keeps the schedule within what can be saved', async () => {
    const full = Array.from({ length: MAX_OVERRIDES }, (_, i) => ({
      date: addDaysToKey('2031-01-01', i),
      kind: 'off' as const,
    }));
    const { onChange, user } = renderForm(DaysOffForm, full);
    const form = screen.getByRole('form', { name: 'Add days off' });
    await user.type(within(form).getByLabelText('Day off from'), '2030-01-10');
    await user.type(within(form).getByLabelText('To (optional)'), '2031-01-12');
    await user.click(within(form).getByRole('button', { name: 'Add days off' }));
    expect(within(form).getByRole('alert').textContent).toBe('Add at most 366 days at a time.');

    await user.clear(within(form).getByLabelText('To (optional)'));
    await user.click(within(form).getByRole('button', { name: 'Add days off' }));
    expect(within(form).getByRole('alert').textContent).toBe(
      `At most ${MAX_OVERRIDES} dates of time off and extra hours can be kept. Remove some first.`,
    );
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('ExtraHoursForm', () => {
  it('asks for a date, refuses hours that overlap, and keeps the times for the next date', async () => {
    const taken: ScheduleOverride[] = [
      { date: '2030-01-09', kind: 'hours', segments: [{ start: '10:00', end: '11:00' }] },
    ];
    const { onChange, user } = renderForm(ExtraHoursForm, taken);
    const form = screen.getByRole('form', { name: 'Add extra hours' });
    const date = within(form).getByLabelText('Extra hours on');
    const add = within(form).getByRole('button', { name: 'Add hours' });

    await user.click(add);
    expect(within(form).getByRole('alert').textContent).toBe('Choose the date of the extra hours.');
    expect(document.activeElement).toBe(date);

    await user.type(date, '2030-01-09');
    await user.click(add);
    expect(within(form).getByRole('alert').textContent).toBe('Extra hours on Jan 9, 2030 overlap');
    expect(within(form).getByLabelText('From').getAttribute('aria-invalid')).toBe('true');
    expect(onChange).not.toHaveBeenCalled();

    await user.clear(date);
    await user.type(date, '2030-01-10');
    await user.click(within(form).getByRole('checkbox', { name: /Only these hours/ }));
    await user.click(add);
    const added = onChange.mock.calls[0]![0] as ScheduleOverride[];
    expect(added).toHaveLength(3);
    expect(added).toEqual(
      expect.arrayContaining([
        { date: '2030-01-10', kind: 'off' },
        { date: '2030-01-10', kind: 'hours', segments: [{ start: '09:00', end: '12:00' }] },
      ]),
    );
    expect((date as HTMLInputElement).value).toBe('');
    expect((within(form).getByLabelText('From') as HTMLInputElement).value).toBe('09:00');
  });
});
