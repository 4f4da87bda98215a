import { describe, expect, it } from 'vitest';
import type { ResourceView } from '@contracts/resources';
import { categoriesOf, describeHours } from './resources';

describe('describeHours', () => {
  it('says when a resource keeps the clinic’s staff hours, or has none at all', () => {
    expect(describeHours(null)).toBe('The clinic’s staff hours');
    expect(describeHours([])).toBe('Never available');
  });

  it('joins runs of days with the same hours, Monday first, Sunday last', () => {
    expect(
      describeHours([
        { weekday: 0, start: '10:00', end: '14:00' },
        ...([1, 2, 3] as const).map((weekday) => ({ weekday, start: '08:00', end: '18:00' })),
        { weekday: 4, start: '13:00', end: '17:00' },
        { weekday: 4, start: '08:00', end: '12:00' },
        { weekday: 6, start: '22:00', end: '02:00' },
      ]),
    ).toBe(
      'Mon–Wed 8:00 AM – 6:00 PM · Thu 8:00 AM – 12:00 PM, 1:00 PM – 5:00 PM · ' +
        'Sat 10:00 PM – 2:00 AM · Sun 10:00 AM – 2:00 PM',
    );
  });
});

describe('categoriesOf', () => {
  const resource = (category: string, archived = false) => ({ category, archived }) as ResourceView;

  it('lists the active ones’ categories once each, as first written, by name', () => {
    expect(
      categoriesOf([
        resource('Treatment room'),
        resource('Ultrasound'),
        resource('treatment ROOM'),
        resource('Sauna', true),
      ]),
    ).toEqual(['Treatment room', 'Ultrasound']);
  });
});
