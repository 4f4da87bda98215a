import {
  clientConfigEndpoint,
  clientConfigResponse,
  type ClientConfigResponse,
} from '@contracts/system';
import { apiFetch } from './api-client';
import { endpointPath } from './endpoint-client';

export type ClientConfig = ClientConfigResponse;

const CONFIG_TIMEOUT_MS = 5_000;

/**
 * Null when the config cannot be had: the app then runs without error reporting. Checked in
 * production too (unlike callEndpoint's answers): a broken config must not break start-up.
 */
export async function loadClientConfig(): Promise<ClientConfig | null> {
  try {
    const body = await apiFetch<unknown>(endpointPath(clientConfigEndpoint.path, {}), {
      method: clientConfigEndpoint.method,
      signal: AbortSignal.timeout(CONFIG_TIMEOUT_MS),
    });
    const parsed = clientConfigResponse.safeParse(body);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
