import { describe, expect, it } from 'vitest';
import { calendarAppointment } from '../test/calendar-appointment';
import { printGroups } from './print-day';

const at = (time: string, overrides: Parameters<typeof calendarAppointment>[0] = {}) =>
  calendarAppointment({ date: `2026-11-24T${time}:00.000Z`, ...overrides });

const names = {
  clinic: 'Riverside Family Clinic',
  resource: (id: string) => ({ r1: 'Treatment room 1', r2: 'Ultrasound' })[id],
};

describe('printGroups', () => {
  const priya = { id: 'p', name: 'Dr. Priya Raman', email: 'p@example.org' };
  const omar = { id: 'o', name: 'Dr. Omar Haddad', email: 'o@example.org' };
  const day = [
    at('15:00', { _id: 'a', staff: priya, resourceId: 'r1' }),
    at('14:00', { _id: 'b', staff: omar, resourceId: null }),
    at('13:00', { _id: 'c', staff: priya, resourceId: 'r2' }),
    at('12:00', { _id: 'd', staff: omar, status: 'CANCELLED' }),
  ];

  it('gives each provider a sheet in time order, by name, cancelled visits left out and counted', () => {
    const { groups, cancelled } = printGroups(day, 'provider', names);
    expect(groups.map((g) => [g.title, g.appointments.map((a) => a._id)])).toEqual([
      ['Dr. Omar Haddad', ['b']],
      ['Dr. Priya Raman', ['c', 'a']],
    ]);
    expect(cancelled).toBe(1);
  });

  it('gives each room a sheet, visits without one last', () => {
    const { groups } = printGroups(day, 'room', names);
    expect(groups.map((g) => [g.title, g.appointments.map((a) => a._id)])).toEqual([
      ['Treatment room 1', ['a']],
      ['Ultrasound', ['c']],
      ['No room', ['b']],
    ]);
  });

  it('puts the whole clinic on one list', () => {
    const { groups } = printGroups(day, 'clinic', names);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.title).toBe('Riverside Family Clinic');
    expect(groups[0]!.appointments.map((a) => a._id)).toEqual(['c', 'b', 'a']);
  });
});
