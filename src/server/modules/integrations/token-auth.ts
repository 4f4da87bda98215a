import { DEFAULT_NOTIFICATION_PREFS } from '@contracts/auth';
import type { AppDeps } from '../../app-deps';
import {
  API_TOKEN_SCOPES,
  type ApiTokenScope,
  type RequestContext,
} from '../../core/request-context';
import * as repo from './api-tokens.repository';
import { secretHashOf } from './api-tokens.service';

/** Last use moves at most this often: a busy integration must not write its row every request. */
const TOUCH_AFTER_MS = 30_000;

/** The longest secret looked up: anything longer is not one of ours, and is not even hashed. */
const SECRET_MAX_LENGTH = 200;

const isScope = (s: string): s is ApiTokenScope =>
  (API_TOKEN_SCOPES as readonly string[]).includes(s);

/**
 * The caller behind an integration token, or null when the secret is unknown or revoked. The
 * context's `user` stands for the token (core/request-context): the services it calls scope by
 * its clinics and record its name in the history and its id in the audit log.
 */
export async function authenticateApiToken(
  deps: Pick<AppDeps, 'db' | 'now'>,
  secret: string,
  ip: string,
): Promise<RequestContext | null> {
  if (!secret || secret.length > SECRET_MAX_LENGTH) return null;
  const row = await repo.findLiveToken(deps.db.db, secretHashOf(secret));
  if (!row) return null;
  const now = deps.now();
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_AFTER_MS) {
    await repo.touchToken(deps.db.db, row.id, now, ip);
  }
  const clinics = row.clinics;
  return {
    ip,
    apiToken: {
      id: row.id,
      name: row.name,
      scopes: row.scopes.filter(isScope),
      visitLinks: row.visitLinks,
    },
    user: {
      id: row.id,
      email: '',
      name: row.name,
      role: 'staff',
      timezone: null,
      theme: 'system',
      clinics,
      notificationPrefs: DEFAULT_NOTIFICATION_PREFS,
      sessionId: `api-token:${row.id}`,
      stage: 'full',
      signInMethod: 'password',
      secondFactorAt: null,
      clinicIds: new Set(clinics.map((c) => c.id)),
      dataVersions: new Map(Object.entries(row.dataVersions)),
    },
  };
}
