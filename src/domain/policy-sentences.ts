// Sentences a patient reads that are worded from their clinic's policy: a cut-off, a notice, a
// limit of moves, a booking horizon, who may book online (issue 44, ADR 051). A rule says which
// sentence and its numbers; the words, in each language, are the server's ICU catalogue
// (`server/core/policy-sentences.ts`), so plurals and word order are the translator's.

export const POLICY_SENTENCE_IDS = [
  'selfService.notOpen',
  'selfService.closedByClinic',
  'selfService.pastCutoff',
  'selfService.moveLimit',
  'selfService.moveTooSoon',
  'onlineBooking.tooSoon',
  'onlineBooking.tooFar',
  'onlineBooking.knownPatientsOnly',
  'onlineBooking.serviceForOwnPatients',
  'onlineBooking.serviceForNewPatients',
  'onlineBooking.tooManyHolds',
  'onlineBooking.tooManyMails',
  'onlineBooking.clinicBusy',
] as const;
export type PolicySentenceId = (typeof POLICY_SENTENCE_IDS)[number];

/** What the sentence speaks of: a change of the visit, its cancelling, or both. */
export type PolicyAction = 'reschedule' | 'cancel' | 'both';

/** A sentence by its catalogue id and the values its placeholders take. */
export interface PolicySentence {
  id: PolicySentenceId;
  values: Record<string, string | number>;
}

/**
 * A span of hours as people say it: whole days from two days up ("2 days", "3 days"), else hours
 * ("24 hours", "12 hours"). Its unit is a value of the sentence, chosen with `select`.
 */
export function spanOfHours(hours: number): { unit: 'day' | 'hour'; count: number } {
  return hours % 24 === 0 && hours >= 48
    ? { unit: 'day', count: hours / 24 }
    : { unit: 'hour', count: hours };
}

/** Whether the clinic gave a number to call (ADR 034): the sentence then offers a call. */
export const phoneValue = (clinic: { phone: string | null }): 'yes' | 'no' =>
  clinic.phone?.trim() ? 'yes' : 'no';
