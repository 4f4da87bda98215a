import * as client from 'openid-client';
import type { AppDeps } from '../../app-deps';
import { configurationOf } from './oidc-client';
import * as repo from './sso.repository';
import { postLogoutRedirectUri } from './sso-urls';

/**
 * Where the browser goes after signing out of a session begun at an identity provider that has
 * an end_session_endpoint (RP-Initiated Logout): there, with our client id and the address to
 * come back to, so the provider's session ends too. Undefined for any other session, or when the
 * provider cannot be asked: our session ends either way.
 */
export function ssoSignOutRedirect(deps: AppDeps) {
  return async (sessionId: string): Promise<string | undefined> => {
    const found = await repo.providerOfSession(deps.db.db, sessionId);
    if (!found || found.provider.archivedAt) return undefined;
    try {
      const config = await configurationOf(deps, found.provider);
      if (!config.serverMetadata().end_session_endpoint) return undefined;
      return client
        .buildEndSessionUrl(config, {
          client_id: found.provider.clientId,
          post_logout_redirect_uri: postLogoutRedirectUri(deps.config),
        })
        .toString();
    } catch {
      return undefined;
    }
  };
}
