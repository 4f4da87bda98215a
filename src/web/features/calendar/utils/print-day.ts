import type { Appointment } from '@contracts/appointments';
import { normalizeStatus } from '@domain/appointment-status';

/** How the printed day is split: one sheet per provider, per room, or the clinic's whole day. */
export const PRINT_GROUPINGS = ['provider', 'room', 'clinic'] as const;
export type PrintGrouping = (typeof PRINT_GROUPINGS)[number];

export const PRINT_GROUPING_LABELS: Record<PrintGrouping, string> = {
  provider: 'A sheet per provider',
  room: 'A sheet per room or machine',
  clinic: 'The whole clinic on one list',
};

export function isPrintGrouping(value: string | null): value is PrintGrouping {
  return (PRINT_GROUPINGS as readonly string[]).includes(value ?? '');
}

export interface PrintGroup {
  key: string;
  title: string;
  appointments: Appointment[];
}

/**
 * The day's sheets: its appointments of one clinic, cancelled ones left out, split as asked,
 * each sheet in time order and the sheets by title ("No room" last). `names` says what a room is
 * called (archived ones too: a visit keeps its room).
 */
export function printGroups(
  appointments: readonly Appointment[],
  grouping: PrintGrouping,
  names: { clinic: string; resource: (id: string) => string | undefined },
): { groups: PrintGroup[]; cancelled: number } {
  const kept = appointments.filter((a) => normalizeStatus(a.metadata.status) !== 'CANCELLED');
  const sorted = [...kept].sort(
    (a, b) => a.date.localeCompare(b.date) || a._id.localeCompare(b._id),
  );
  const byKey = new Map<string, PrintGroup>();
  for (const appointment of sorted) {
    const [key, title] =
      grouping === 'provider'
        ? [appointment.staff.id, appointment.staff.name]
        : grouping === 'room'
          ? appointment.resourceId
            ? [appointment.resourceId, names.resource(appointment.resourceId) ?? 'A room']
            : ['', 'No room']
          : ['clinic', names.clinic];
    const group = byKey.get(key) ?? { key, title, appointments: [] };
    group.appointments.push(appointment);
    byKey.set(key, group);
  }
  const groups = [...byKey.values()].sort((a, b) =>
    a.key === '' ? 1 : b.key === '' ? -1 : a.title.localeCompare(b.title),
  );
  return { groups, cancelled: appointments.length - kept.length };
}
