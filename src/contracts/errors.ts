import { z } from 'zod';

/** Every error the API returns has this shape (ARCHITECTURE.md "Decisions the spec leaves open"). */
export const errorCodes = [
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
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

export const errorBody = z.object({
  error: z.string(),
  message: z.string(),
  /** A human-readable elaboration; the web app shows it in preference to message (spec §8). */
  details: z.string().optional(),
  /** Request id of a server-side failure, shown on the generic error page. */
  digest: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
