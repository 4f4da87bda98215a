import { DEFAULT_NOTIFICATION_PREFS } from '@contracts/auth';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import * as repo from './smart-clients.repository';
import { parseScope } from './scopes';
import { ACCESS_TOKEN_PREFIX, accessTokenHashOf } from './token.service';

/** Whether a bearer secret is a SMART access token (else it may be an integration token). */
export const isSmartAccessToken = (secret: string) =>
  secret.startsWith(ACCESS_TOKEN_PREFIX) && secret.length < 100;

/**
 * The caller behind a SMART access token, or null when it is unknown, expired or its client
 * revoked. Like an integration token's (modules/integrations), `user` stands for the client:
 * its id, its name, its clinics; `apiToken.smart` carries the granted scopes.
 */
export async function authenticateSmartToken(
  deps: Pick<AppDeps, 'db' | 'now'>,
  secret: string,
  ip: string,
): Promise<RequestContext | null> {
  if (!isSmartAccessToken(secret)) return null;
  const row = await repo.findLiveAccessToken(deps.db.db, accessTokenHashOf(secret), deps.now());
  return row ? contextOf(row, ip) : null;
}

/**
 * The context a SMART client's background work runs in (a Bulk Data export, ADR 060): its
 * registered scopes, and its clinics as they are now, or null once it is revoked.
 */
export async function smartClientContext(
  deps: Pick<AppDeps, 'db'>,
  clientId: string,
  ip: string,
): Promise<RequestContext | null> {
  const row = await repo.findLiveClient(deps.db.db, clientId);
  return row ? contextOf(row, ip) : null;
}

function contextOf(row: repo.LiveSmartTokenRow, ip: string): RequestContext {
  const scopes = row.scopes.map((s) => parseScope(s)).filter((s) => s !== null);
  const writes = scopes.some((s) => ['c', 'u', 'd'].some((p) => s.permissions.has(p as 'c')));
  return {
    ip,
    apiToken: {
      id: row.clientId,
      name: row.name,
      scopes: writes ? ['read', 'write'] : ['read'],
      visitLinks: false,
      smart: { scopes },
    },
    user: {
      id: row.clientId,
      email: '',
      name: row.name,
      role: 'staff',
      timezone: null,
      theme: 'system',
      clinics: row.clinics,
      notificationPrefs: DEFAULT_NOTIFICATION_PREFS,
      sessionId: `smart-client:${row.clientId}`,
      stage: 'full',
      signInMethod: 'password',
      secondFactorAt: null,
      clinicIds: new Set(row.clinics.map((c) => c.id)),
      dataVersions: new Map(Object.entries(row.dataVersions)),
    },
  };
}
