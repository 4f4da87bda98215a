/**
 * A background pass run again and again: the first after `firstAfterMs`, each next one
 * `intervalMs` after the previous ended (never two at once). A failed pass is logged and tried
 * again on the next turn. `stop()` waits for a pass under way, so that the process can close the
 * database after it. The outbox and webhook workers, the waitlist sweep and the hold purge run so.
 */
export interface RepeatingTask {
  /** True once stop() was called: a pass that loops checks it between rounds. */
  readonly stopped: boolean;
  stop(): Promise<void>;
}

export function repeatEvery(
  pass: () => Promise<unknown>,
  options: {
    intervalMs: number;
    firstAfterMs?: number;
    /** Whether it runs at all (a worker with nothing to send to stays idle but stoppable). */
    start?: boolean;
    /** Keeps the process alive while waiting (the workers do); a janitor's timer does not. */
    keepAlive?: boolean;
    onError: (err: unknown) => void;
  },
): RepeatingTask {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const schedule = (ms: number) => {
    timer = setTimeout(tick, ms);
    if (options.keepAlive === false) timer.unref();
  };
  const tick = () => {
    if (stopped) return;
    running = pass()
      .catch(options.onError)
      .finally(() => {
        if (!stopped) schedule(options.intervalMs);
      });
  };
  if (options.start !== false) schedule(options.firstAfterMs ?? options.intervalMs);
  return {
    get stopped() {
      return stopped;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

/**
 * A worker's pass: batch after batch until one claims less than a whole batch (nothing more is
 * due) or the task is stopping. Answers how many were sent.
 */
export async function drainBatches(
  runBatch: () => Promise<{ sent: number; claimed: number }>,
  batchSize: number,
  stopped: () => boolean,
): Promise<number> {
  let sent = 0;
  for (;;) {
    const batch = await runBatch();
    sent += batch.sent;
    if (batch.claimed < batchSize || stopped()) return sent;
  }
}
