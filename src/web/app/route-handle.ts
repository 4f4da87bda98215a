import type { UIMatch } from 'react-router';

/** Static data on each route; the header and document title read it from the matched routes. */
export interface RouteHandle {
  title: string;
}

function hasTitle(handle: unknown): handle is RouteHandle {
  return (
    typeof handle === 'object' &&
    handle !== null &&
    typeof (handle as { title?: unknown }).title === 'string'
  );
}

/** The deepest matched route's title, so a nested page can name itself over its parent. */
export function titleFromMatches(matches: readonly UIMatch[]): string | undefined {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (hasTitle(handle)) return handle.title;
  }
  return undefined;
}
