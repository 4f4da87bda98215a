import { DEFAULT_TIMEZONE } from '@domain/constants';

/** The zone this browser is in, else UTC (the product's default) when it cannot say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIMEZONE;
  } catch {
    return DEFAULT_TIMEZONE;
  }
}

/**
 * The zone times are shown in (ARCHITECTURE "Decisions"): the user's own setting, else the
 * browser's, else UTC. Decided here once, so no screen falls back differently from another.
 */
export function viewerTimeZone(setting: string | null | undefined): string {
  return setting || browserTimeZone();
}
