import { describe, expect, it } from 'vitest';
import { calendarAppointment } from '../test/calendar-appointment';
import { filterAppointments, toEventInput, visibleHours } from './calendar-events';

const appointment = calendarAppointment;

const now = new Date('2026-11-23T17:00:00Z');

describe('toEventInput', () => {
  it('lets only a future, not-cancelled appointment be dragged', () => {
    expect(toEventInput(appointment(), now).editable).toBe(true);
    expect(toEventInput(appointment({ status: 'CANCELLED' }), now).editable).toBe(false);
    expect(toEventInput(appointment({ date: '2026-11-23T16:00:00Z' }), now).editable).toBe(false);
  });

  it('colours by the badge family of the status', () => {
    expect(toEventInput(appointment({ status: 'confirmed' }), now).color).toBe('var(--primary)');
    expect(toEventInput(appointment({ status: 'NO_SHOW' }), now).color).toBe('var(--destructive)');
    expect(toEventInput(appointment({ status: 'BOOKED' }), now).color).toBe(
      'var(--calendar-secondary-event)',
    );
  });

  it('keeps the status colour and carries the service for its stripe (issue 42)', () => {
    const event = toEventInput(appointment({ status: 'BOOKED' }), now, {
      name: 'Physiotherapy',
      colour: '#059669',
    });
    expect(event.color).toBe('var(--calendar-secondary-event)');
    expect(event.extendedProps?.service).toEqual({ name: 'Physiotherapy', colour: '#059669' });
    expect(toEventInput(appointment(), now).extendedProps?.service).toBeUndefined();
  });

  it('ends after the duration, 30 minutes when it is missing', () => {
    expect(toEventInput(appointment({ duration: 45 }), now).end).toBe('2026-11-24T14:45:00.000Z');
    expect(toEventInput(appointment({ duration: 0 }), now).end).toBe('2026-11-24T14:30:00.000Z');
  });
});

describe('filterAppointments', () => {
  const list = [
    appointment({ _id: '1' }),
    appointment({ _id: '2', staff: { id: 's2', name: 'Nora', email: 'n@x' } }),
    appointment({
      _id: '3',
      patient: { ...appointment().patient, clinic: 'camden' },
    }),
  ];
  it('narrows by clinic slug and by agent', () => {
    expect(filterAppointments(list, {}).map((a) => a._id)).toEqual(['1', '2', '3']);
    expect(filterAppointments(list, { clinic: 'camden' }).map((a) => a._id)).toEqual(['3']);
    expect(filterAppointments(list, { agentId: 's2' }).map((a) => a._id)).toEqual(['2']);
  });
});

describe('visibleHours', () => {
  it('shows 07:00–19:00 when everything fits', () => {
    expect(visibleHours([appointment()], 'America/New_York')).toEqual({
      slotMinTime: '07:00:00',
      slotMaxTime: '19:00:00',
    });
  });

  it('widens to whole hours around appointments in other clinics’ hours', () => {
    // 08:30 in London is 03:30 in New York; 17:00 in Sydney is 01:00 the same day in New York.
    const london = appointment({ date: '2026-11-24T08:30:00Z' });
    const late = appointment({ date: '2026-11-25T03:40:00Z' }); // 22:40 in New York
    expect(visibleHours([london, late], 'America/New_York')).toEqual({
      slotMinTime: '03:00:00',
      slotMaxTime: '24:00:00',
    });
  });

  it('runs to midnight for an appointment that crosses it', () => {
    const crossing = appointment({ date: '2026-11-25T04:45:00Z', duration: 30 }); // 23:45–00:15
    expect(visibleHours([crossing], 'America/New_York').slotMaxTime).toBe('24:00:00');
  });
});
