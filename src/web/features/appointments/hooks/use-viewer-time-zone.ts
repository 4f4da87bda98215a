import { DEFAULT_TIMEZONE } from '@domain/constants';
import { useSession } from '@web/lib/session';

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** The zone times are shown in: the user's setting, else the browser's, else UTC. */
export function useViewerTimeZone(): string {
  const { user } = useSession();
  return user?.timezone || browserTimeZone() || DEFAULT_TIMEZONE;
}
