import { ratio } from '@domain/report-periods';
import type { ReportFigures } from '@contracts/reports';
import type { RollupSum } from './reports.repository';

/** The sums a report line adds up, before its rates are worked out: the roll-up's, and hours. */
export interface Sums extends Omit<RollupSum, 'bucket' | 'key'> {
  /** Null where the line is not a set of agents' hours (a service's, a source's). */
  availableMinutes: number | null;
}

export function emptySums(withHours: boolean): Sums {
  return {
    booked: 0,
    attended: 0,
    noShow: 0,
    cancelled: 0,
    lateCancelled: 0,
    leadMinutes: 0,
    bookedMinutes: 0,
    newPatients: 0,
    confirmedAfterReminder: 0,
    availableMinutes: withHours ? 0 : null,
  };
}

export function addSums(into: Sums, row: RollupSum | Sums): void {
  into.booked += row.booked;
  into.attended += row.attended;
  into.noShow += row.noShow;
  into.cancelled += row.cancelled;
  into.lateCancelled += row.lateCancelled;
  into.leadMinutes += row.leadMinutes;
  into.bookedMinutes += row.bookedMinutes;
  into.newPatients += row.newPatients;
  into.confirmedAfterReminder += row.confirmedAfterReminder;
  if (
    'availableMinutes' in row &&
    row.availableMinutes !== null &&
    into.availableMinutes !== null
  ) {
    into.availableMinutes += row.availableMinutes;
  }
}

export function toFigures(s: Sums): ReportFigures {
  const available = s.availableMinutes === null ? null : Math.round(s.availableMinutes);
  return {
    booked: s.booked,
    attended: s.attended,
    noShows: s.noShow,
    noShowRate: ratio(s.noShow, s.attended + s.noShow),
    cancelled: s.cancelled,
    lateCancelled: s.lateCancelled,
    averageLeadDays: ratio(s.leadMinutes, s.booked) / (24 * 60),
    bookedMinutes: s.bookedMinutes,
    availableMinutes: available,
    utilisation: available === null ? null : ratio(s.bookedMinutes, available),
    newPatients: s.newPatients,
    returningPatients: s.booked - s.newPatients,
    confirmedAfterReminder: s.confirmedAfterReminder,
    confirmationRate: ratio(s.confirmedAfterReminder, s.booked),
  };
}
