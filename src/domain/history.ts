export const HISTORY_TYPES = [
  'BOOKED',
  'AUTO_BOOKED',
  'RESCHEDULE',
  'REASSIGN',
  'CANCELLED',
  'COMPLETED',
  'NO_SHOW',
  'DISQUALIFIED',
  'PATIENT_JOINED',
  'CONFIRMED',
  'NOTES_EDITED',
  'STATUS_CORRECTED',
  'LINK_RESET',
  'PATIENT_MERGED',
  'RESOURCE_CHANGED',
] as const;
export type HistoryType = (typeof HISTORY_TYPES)[number];

export interface HistoryEntry {
  type: string;
  timestamp?: Date | string | number | null;
  reason?: string | null;
  from?: string | null;
  to?: string | null;
  by?: string | null;
}

// Spec §4 "Status history texts", word for word. DISQUALIFIED is absent from the spec's table on
// purpose: it falls through to "Status updated to DISQUALIFIED". CONFIRMED (by the patient's
// link or by staff), NOTES_EDITED, STATUS_CORRECTED and LINK_RESET are ours (the spec lists no such actions); the correction's from and to are
// stored statuses, shown as the badge words.
const HISTORY_TEXTS: Partial<Record<HistoryType, string>> = {
  BOOKED: 'Appointment was successfully booked',
  AUTO_BOOKED: 'Appointment was successfully booked',
  RESCHEDULE: 'Appointment was rescheduled',
  REASSIGN: 'Appointment was reassigned',
  COMPLETED: 'Appointment completed successfully',
  NO_SHOW: 'Patient did not attend',
  PATIENT_JOINED: 'Patient joined the appointment',
  CONFIRMED: 'Appointment was confirmed',
  NOTES_EDITED: 'Notes were edited',
  STATUS_CORRECTED: 'Marked status was corrected',
  LINK_RESET: 'The patient’s visit link was reset',
  PATIENT_MERGED: 'The patient’s records were merged',
  RESOURCE_CHANGED: 'The room or equipment was changed',
};

function present(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** Types are matched in upper case, like statuses, but an unknown type is shown as written. */
export function historyText(entry: Pick<HistoryEntry, 'type' | 'reason'>): string {
  const type = entry.type.trim().toUpperCase();
  if (type === 'CANCELLED') {
    const reason = entry.reason;
    return present(reason)
      ? `Appointment was cancelled (${reason.trim()})`
      : 'Appointment was cancelled';
  }
  return HISTORY_TEXTS[type as HistoryType] ?? `Status updated to ${entry.type.trim()}`;
}

/**
 * The secondary lines of an entry. "{from} to {to}" needs both ends: half a change reads as
 * nonsense. `formatValue` lets the caller render values such as reschedule dates in the
 * viewer's zone.
 */
export function historyDetailLines(
  entry: Pick<HistoryEntry, 'from' | 'to' | 'by'>,
  formatValue: (value: string) => string = (value) => value,
): string[] {
  const lines: string[] = [];
  if (present(entry.from) && present(entry.to)) {
    lines.push(`${formatValue(entry.from)} to ${formatValue(entry.to)}`);
  }
  if (present(entry.by)) lines.push(`by ${entry.by}`);
  return lines;
}

function timestampMs(entry: Pick<HistoryEntry, 'timestamp'>): number {
  return entry.timestamp == null ? Number.NaN : new Date(entry.timestamp).getTime();
}

/**
 * Newest first, keeping the stored order for equal times (events written in one transaction
 * share a timestamp). Entries without a readable time go last rather than break the order.
 */
export function sortHistoryNewestFirst<T extends Pick<HistoryEntry, 'timestamp'>>(
  entries: readonly T[],
): T[] {
  return entries
    .map((entry, index) => ({ entry, index, at: timestampMs(entry) }))
    .sort((a, b) => {
      const aMissing = Number.isNaN(a.at);
      const bMissing = Number.isNaN(b.at);
      if (aMissing !== bMissing) return aMissing ? 1 : -1;
      if (!aMissing && a.at !== b.at) return b.at - a.at;
      return a.index - b.index;
    })
    .map(({ entry }) => entry);
}
