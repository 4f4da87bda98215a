import { isValidTimeZone } from '@domain/zoned-time';
import { badRequest } from '../errors';
import type { AuthUser } from './request-context';

/**
 * The zone a reader's dates and days are taken in: the one the request names (refused if it is
 * not a zone), else the user's own setting, else UTC. Lists and the dashboard decide it alike.
 */
export function viewerTimezone(user: Pick<AuthUser, 'timezone'>, requested: string | undefined) {
  if (requested !== undefined) {
    if (!isValidTimeZone(requested))
      throw badRequest('timezone must be an IANA time zone such as America/New_York.');
    return requested;
  }
  return user.timezone && isValidTimeZone(user.timezone) ? user.timezone : 'UTC';
}
