import Bowser from 'bowser';

/**
 * "Chrome on macOS", "Safari on iOS", from a session's User-Agent: how a person recognises where
 * they are signed in. Null for a User-Agent that names neither browser nor system.
 */
export function browserName(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const { browser, os } = Bowser.parse(userAgent);
  const name = browser.name?.trim();
  const system = os.name?.trim();
  if (name && system) return `${name} on ${system}`;
  return name || system || null;
}
