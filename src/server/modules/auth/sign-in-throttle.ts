// Pure rules of sign-in throttling (ADR 010): no I/O and no clock, so they read the same in tests.

export interface ThrottlePolicy {
  /** Failures of one account from one address before that pair must wait between attempts. */
  failuresBeforeDelay: number;
  /** The longest wait; the wait doubles with each failure up to it. */
  maxDelaySeconds: number;
  /** Failures of one account from other addresses past which the account counts as under attack. */
  accountFailureLimit: number;
  /** Failures for unknown emails from one address past which that address counts as guessing. */
  addressFailureLimit: number;
}

/** What the remembered failures say about one attempt, not counting the attempt itself. */
export interface AttemptHistory {
  /** Failures of this email from this address. */
  pairFailures: number;
  pairLastFailureAt: Date | null;
  /** Failures of this email from other addresses: the sign of an attack spread over many. */
  otherAddressFailures: number;
  /** Failures from this address for emails that match no account. */
  addressUnknownFailures: number;
}

/**
 * How many failures an address may make on an account before waiting. Under attack, from many
 * addresses or by an address guessing at made-up emails, the first failure already starts the
 * wait: a pair that has never failed is still let through, so the real person gets in.
 */
function allowance(history: AttemptHistory, policy: ThrottlePolicy): number {
  const underAttack =
    history.otherAddressFailures >= policy.accountFailureLimit ||
    history.addressUnknownFailures >= policy.addressFailureLimit;
  return underAttack ? 1 : policy.failuresBeforeDelay;
}

/** The wait after the n-th failure: 2 s after the allowance is used, doubling, capped. */
export function delayAfterFailures(failures: number, allowed: number, maxSeconds: number): number {
  if (failures < allowed) return 0;
  return Math.min(2 ** (failures - allowed + 1), maxSeconds);
}

/**
 * Seconds this attempt must still wait, or 0 when its password may be checked. A pair with no
 * failures is never made to wait, whatever happens elsewhere: attacks from other addresses cannot
 * lock the real person out, only slow down the addresses that guess.
 */
export function retryAfterSeconds(history: AttemptHistory, policy: ThrottlePolicy, now: Date) {
  if (history.pairFailures === 0 || !history.pairLastFailureAt) return 0;
  const delay = delayAfterFailures(
    history.pairFailures,
    allowance(history, policy),
    policy.maxDelaySeconds,
  );
  const waitMs = history.pairLastFailureAt.getTime() + delay * 1000 - now.getTime();
  return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
}

/** "2 seconds", "1 minute", "15 minutes": how long to wait, in the words of the 429 message. */
export function describeWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * Whether an admin should be offered to lift the throttle: some address must wait now, or the
 * account is past its failure limit (every address that fails on it next waits at once).
 */
export function isAccountThrottled(
  pairs: ReadonlyArray<{ failures: number; lastFailureAt: Date }>,
  policy: ThrottlePolicy,
  now: Date,
): boolean {
  const accountFailures = pairs.reduce((sum, p) => sum + p.failures, 0);
  if (accountFailures >= policy.accountFailureLimit) return true;
  return pairs.some(
    (p) =>
      retryAfterSeconds(
        {
          pairFailures: p.failures,
          pairLastFailureAt: p.lastFailureAt,
          otherAddressFailures: accountFailures - p.failures,
          addressUnknownFailures: 0,
        },
        policy,
        now,
      ) > 0,
  );
}

export const throttlePolicyOf = (config: {
  LOGIN_FAILURES_BEFORE_DELAY: number;
  LOGIN_MAX_DELAY_SECONDS: number;
  LOGIN_MAX_FAILURES_PER_ACCOUNT: number;
  LOGIN_MAX_FAILURES_PER_ADDRESS: number;
}): ThrottlePolicy => ({
  failuresBeforeDelay: config.LOGIN_FAILURES_BEFORE_DELAY,
  maxDelaySeconds: config.LOGIN_MAX_DELAY_SECONDS,
  accountFailureLimit: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
  addressFailureLimit: config.LOGIN_MAX_FAILURES_PER_ADDRESS,
});
