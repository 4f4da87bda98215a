import { isApiError } from '@web/lib/api-client';
import { callEndpoint } from '@web/lib/endpoint-client';
import { signOutRoute } from '@contracts/routes/auth';

/**
 * Ends the session on the server; the caller then clears what the client holds. A session begun
 * at an identity provider answers where the browser goes to sign out there too (ADR 048).
 */
export async function signOut(): Promise<{ redirectTo?: string | undefined }> {
  try {
    const answer = await callEndpoint(signOutRoute, { fallback: 'Failed to sign out' });
    return { redirectTo: answer.redirectTo };
  } catch (error) {
    // 401 means the session was already gone: that is signed out. Anything else leaves the
    // session alive, and on a shared clinic computer the user must know that.
    if (!(isApiError(error) && error.status === 401)) throw error;
    return {};
  }
}
