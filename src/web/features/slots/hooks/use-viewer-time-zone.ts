import { useSession } from '@web/lib/session';
import { browserTimeZone } from '../utils/time-zones';

/** The zone times are shown in: the user's own setting, else the browser's. */
export function useViewerTimeZone(): string {
  const { user } = useSession();
  return user?.timezone || browserTimeZone();
}
