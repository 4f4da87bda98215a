import { clientConfigResponse, systemPaths, type ClientConfigResponse } from '@contracts/system';
import { apiFetch } from './api-client';

export type ClientConfig = ClientConfigResponse;

const CONFIG_TIMEOUT_MS = 5_000;

/** Null when the config cannot be had: the app then runs without error reporting. */
export async function loadClientConfig(): Promise<ClientConfig | null> {
  try {
    const body = await apiFetch<unknown>(systemPaths.clientConfig, {
      signal: AbortSignal.timeout(CONFIG_TIMEOUT_MS),
    });
    const parsed = clientConfigResponse.safeParse(body);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
