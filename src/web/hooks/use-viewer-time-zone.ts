import { useSession } from '@web/lib/session';
import { viewerTimeZone } from '@web/lib/time-zones';

/** The zone the signed-in user sees times in: their setting, else the browser's, else UTC. */
export function useViewerTimeZone(): string {
  const { user } = useSession();
  return viewerTimeZone(user?.timezone);
}
