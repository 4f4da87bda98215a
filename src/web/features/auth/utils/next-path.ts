import { DEFAULT_SIGNED_IN_PATH, LOGIN_PATH } from '@web/lib/session';

// Anything that could leave the site or be read as a scheme is refused: `//host` and `/\host`
// are protocol-relative to browsers, and tabs or newlines are stripped by URL parsing, so
// `/\t/host` would become `//host` after the check.
function hasUnsafeCharacter(path: string): boolean {
  for (const char of path) {
    const code = char.charCodeAt(0);
    if (char === '\\' || code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

const CHECK_ORIGIN = 'https://carebook.invalid';

/**
 * The page to open after sign-in: `next` when it is a path on this site, else the dashboard.
 * A sign-in page as the target would loop, so it also falls back.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (typeof next !== 'string' || next.length === 0 || next.length > 2048) {
    return DEFAULT_SIGNED_IN_PATH;
  }
  if (!next.startsWith('/') || next.startsWith('//') || hasUnsafeCharacter(next)) {
    return DEFAULT_SIGNED_IN_PATH;
  }
  let url: URL;
  try {
    url = new URL(next, CHECK_ORIGIN);
  } catch {
    return DEFAULT_SIGNED_IN_PATH;
  }
  if (url.origin !== CHECK_ORIGIN) return DEFAULT_SIGNED_IN_PATH;
  if (url.pathname === LOGIN_PATH || url.pathname.startsWith(`${LOGIN_PATH}/`)) {
    return DEFAULT_SIGNED_IN_PATH;
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in address that brings the user back to `location` afterwards. */
export function loginPathFor(location: { pathname: string; search?: string }): string {
  const next = `${location.pathname}${location.search ?? ''}`;
  if (safeNextPath(next) === DEFAULT_SIGNED_IN_PATH && next !== DEFAULT_SIGNED_IN_PATH) {
    return LOGIN_PATH;
  }
  return `${LOGIN_PATH}?next=${encodeURIComponent(next)}`;
}
