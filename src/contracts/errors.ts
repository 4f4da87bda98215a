import { z } from 'zod';

/** Every error the API returns has this shape (docs/architecture.md, "Decisions the spec leaves open"). */
export const errorCodes = [
  'bad_request',
  'unauthorized',
  'forbidden',
  /** A sensitive change needs the second factor given again (ADR 046): POST /api/auth/step-up. */
  'step_up_required',
  'not_found',
  'conflict',
  /** A 409: the provider is busy then in their outside calendar; staff may book anyway (ADR 053). */
  'outside_busy',
  'request_timeout',
  'gone',
  'payload_too_large',
  'unsupported_media_type',
  'unprocessable',
  'upgrade_required',
  'rate_limited',
  'internal',
  'service_unavailable',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** One field's problem: its path in the request ("email", "onlineBooking.agentIds") and a sentence. */
export const fieldIssue = z.object({ field: z.string(), message: z.string() });
export type FieldIssue = z.infer<typeof fieldIssue>;

export const errorBody = z.object({
  error: z.string(),
  message: z.string(),
  /**
   * A human-readable elaboration in whole sentences; the web app shows it in preference to
   * message (spec §8). Never a field's name alone: those are in `fields`.
   */
  details: z.string().optional(),
  /** Which fields were refused and why, for a form to show beside each (machine-readable). */
  fields: z.array(fieldIssue).optional(),
  /** A new patient refused as a duplicate: the patient already on record, to pick instead. */
  existingPatientId: z.string().optional(),
  /** Request id of a server-side failure, shown on the generic error page. */
  digest: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
