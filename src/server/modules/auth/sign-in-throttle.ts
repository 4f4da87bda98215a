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
  /**
   * Failures of one account from all addresses (each address counting for at most
   * `failuresBeforeDelay`) past which an address or browser that never signed in to it waits.
   */
  accountFailureCap: number;
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
  /**
   * Failures of this email from every address, this one included, each address counting for at
   * most `failuresBeforeDelay`: one address hammering is its pair's business; many addresses
   * each trying a few are what this counts.
   */
  accountFailures: number;
  accountLastFailureAt: Date | null;
  /** The attempt comes from an address or browser that has signed in to this account before. */
  familiar: boolean;
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
  return Math.max(pairWait(history, policy, now), accountWait(history, policy, now));
}

function pairWait(history: AttemptHistory, policy: ThrottlePolicy, now: Date) {
  if (history.pairFailures === 0 || !history.pairLastFailureAt) return 0;
  const delay = delayAfterFailures(
    history.pairFailures,
    allowance(history, policy),
    policy.maxDelaySeconds,
  );
  return secondsLeft(history.pairLastFailureAt, delay, now);
}

/**
 * The cap on an account's failures from everywhere together: past it, an attempt from an address
 * or browser that has never signed in to the account waits 2 s after the account's last failure,
 * doubling with each further one. Spreading guesses over more addresses then buys nothing; the
 * real person at their usual desk or in their usual browser is not held back by it.
 */
export function accountWait(history: AttemptHistory, policy: ThrottlePolicy, now: Date) {
  if (history.familiar || !history.accountLastFailureAt) return 0;
  const delay = delayAfterFailures(
    history.accountFailures,
    policy.accountFailureCap,
    policy.maxDelaySeconds,
  );
  return secondsLeft(history.accountLastFailureAt, delay, now);
}

function secondsLeft(since: Date, delaySeconds: number, now: Date) {
  const waitMs = since.getTime() + delaySeconds * 1000 - now.getTime();
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
      pairWait(
        {
          pairFailures: p.failures,
          pairLastFailureAt: p.lastFailureAt,
          otherAddressFailures: accountFailures - p.failures,
          addressUnknownFailures: 0,
          accountFailures: 0,
          accountLastFailureAt: null,
          familiar: true,
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
  LOGIN_ACCOUNT_FAILURE_CAP: number;
}): ThrottlePolicy => ({
  failuresBeforeDelay: config.LOGIN_FAILURES_BEFORE_DELAY,
  maxDelaySeconds: config.LOGIN_MAX_DELAY_SECONDS,
  accountFailureLimit: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
  addressFailureLimit: config.LOGIN_MAX_FAILURES_PER_ADDRESS,
  accountFailureCap: config.LOGIN_ACCOUNT_FAILURE_CAP,
});
