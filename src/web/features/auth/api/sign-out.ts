import { isApiError } from '@web/lib/api-client';
import { callEndpoint } from '@web/lib/endpoint-client';
import { signOutRoute } from '@contracts/routes/auth';

/** Ends the session on the server; the caller then clears what the client holds. */
export async function signOut(): Promise<void> {
  try {
    await callEndpoint(signOutRoute, { fallback: 'Failed to sign out' });
  } catch (error) {
    // 401 means the session was already gone: that is signed out. Anything else leaves the
    // session alive, and on a shared clinic computer the user must know that.
    if (!(isApiError(error) && error.status === 401)) throw error;
  }
}
