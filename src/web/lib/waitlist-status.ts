import type { WAITLIST_ENTRY_STATUSES } from '@contracts/waitlist';

type WaitlistEntryStatus = (typeof WAITLIST_ENTRY_STATUSES)[number];

/** A waitlist entry's status in words: the waitlist's tabs and the patient's profile say them alike. */
export const WAITLIST_STATUS_LABELS = {
  waiting: 'Waiting',
  booked: 'Booked',
  removed: 'Removed',
} as const satisfies Record<WaitlistEntryStatus, string>;

/** The words for a status; one the app does not know yet reads as it came. */
export function waitlistStatusLabel(status: string): string {
  return (WAITLIST_STATUS_LABELS as Record<string, string>)[status] ?? status;
}
