import { useEffect } from 'react';
import { Outlet, useMatches } from 'react-router';
import { titleFromMatches } from './route-handle';

/** Top of every staff route, inside or outside the shell: keeps the tab title on the page. */
export function RootRoute() {
  const title = titleFromMatches(useMatches());

  useEffect(() => {
    document.title = title ? `${title} · Carebook` : 'Carebook';
  }, [title]);

  return <Outlet />;
}
