import type { Config } from '../config';
import type { RouteExtras } from './route';

/** The name of the one limit every call made by a patient's link spends (ADR 032). */
export const PATIENT_LINK_LIMIT = 'patient-links';

/**
 * The limit on calls that carry a patient's link (a visit's token, a waitlist offer's, an online
 * booking's confirmation): one allowance per address for all of them together and for every
 * instance, so a guesser cannot add up one per route, nor one per instance.
 */
export function patientLinkLimit(config: Pick<Config, 'SESSION_LOOKUP_RATE_LIMIT_PER_MINUTE'>) {
  return {
    rateLimit: {
      max: config.SESSION_LOOKUP_RATE_LIMIT_PER_MINUTE,
      timeWindow: '1 minute',
      groupId: PATIENT_LINK_LIMIT,
    },
  } satisfies RouteExtras;
}
