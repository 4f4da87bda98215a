import { SIDEBAR_COOKIE_MAX_AGE, SIDEBAR_COOKIE_NAME, SIDEBAR_COOKIE_PATH } from './ui-constants';

/** The saved open/closed choice, or undefined when none was saved (or it is unreadable). */
export function readSidebarCookie(cookies: string = document.cookie): boolean | undefined {
  for (const part of cookies.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === SIDEBAR_COOKIE_NAME) {
      if (value === 'true') return true;
      if (value === 'false') return false;
    }
  }
  return undefined;
}

/** Spec §2: cookie sidebar_state=true|false, path /, max-age 7 days. */
export function writeSidebarCookie(open: boolean): void {
  document.cookie = `${SIDEBAR_COOKIE_NAME}=${open}; path=${SIDEBAR_COOKIE_PATH}; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax`;
}
