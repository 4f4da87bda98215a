import type { Config } from '../../config';

/**
 * Who we are to authenticators: the relying party is PUBLIC_URL's host, and the only origin a
 * ceremony is accepted from is PUBLIC_URL's. A passkey is bound to that host by the browser, so a
 * look-alike site cannot use it (phishing resistance, ADR 049); the same binding means a passkey
 * made under one PUBLIC_URL does not work under another.
 */
export function relyingParty(config: Pick<Config, 'PUBLIC_URL'>) {
  const url = new URL(config.PUBLIC_URL);
  return { id: url.hostname, origin: url.origin, name: 'Carebook' };
}
