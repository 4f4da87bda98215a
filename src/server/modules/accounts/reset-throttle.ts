import { inboxOf } from '@domain/email-inbox';
import { clientAddressKey } from '../../security/client-address';

// How often a password reset may be asked for (ADR 047), counted in rate_limit_counters like the
// public endpoints' limits (ADR 032), so the counts hold for every instance together. A request
// past a limit is answered as any other and sends nothing: the answer must not tell a stranger
// whether an address has an account, nor how often it was asked about.

const HOUR_MS = 3_600_000;

/** Requests in an hour: from one client (an IPv6 client by its /64), for one inbox, for one account. */
export const RESET_LIMITS = { address: 10, inbox: 3, account: 3 } as const;
export const RESET_WINDOW_MS = HOUR_MS;

export interface ResetCounter {
  name: string;
  key: string;
  max: number;
}

/**
 * The three counters a request spends. An unknown address is counted by its e-mail where an
 * account would be counted by its id: the same statement either way.
 */
export function resetCounters(r: { ip: string; email: string; accountId: string | null }) {
  return [
    { name: 'password_reset:address', key: clientAddressKey(r.ip), max: RESET_LIMITS.address },
    // victim+1@, victim+2@ … are one inbox and share its allowance.
    { name: 'password_reset:inbox', key: inboxOf(r.email), max: RESET_LIMITS.inbox },
    {
      name: 'password_reset:account',
      key: r.accountId ?? `email:${r.email.toLowerCase()}`,
      max: RESET_LIMITS.account,
    },
  ] satisfies ResetCounter[];
}

/** Whether every counter, counted with this request, is within its limit. */
export function withinLimits(counters: readonly ResetCounter[], hits: ReadonlyMap<string, number>) {
  return counters.every((c) => (hits.get(c.name) ?? Infinity) <= c.max);
}
