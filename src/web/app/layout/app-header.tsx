import { lazy, Suspense } from 'react';
import { useMatches } from 'react-router';
import { SidebarTrigger } from '@web/components/ui/sidebar';
import { Separator } from '@web/components/ui/separator';
import { titleFromMatches } from '../route-handle';
import { RouteProgress } from './route-progress';
import { AccountButtonStandIn } from './account-button';

// The account menu (Radix menu, its popper and focus handling, sonner for its failures) opens on
// demand: it loads just after the first paint, its button drawn meanwhile (ADR 023).
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));

export function AppHeader() {
  const title = titleFromMatches(useMatches());

  return (
    <header
      data-print="hide"
      className="sticky top-0 z-20 flex h-(--header-height) shrink-0 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/80 md:px-4"
    >
      <SidebarTrigger className="-ml-1" />
      <Separator orientation="vertical" className="mx-1 h-5!" />
      {/* Not a heading: each page owns its <h1>, and two would confuse screen-reader outlines. */}
      <p className="min-w-0 flex-1 truncate text-sm font-medium" aria-live="polite">
        {title}
      </p>
      <Suspense fallback={<AccountButtonStandIn />}>
        <UserMenu />
      </Suspense>
      <RouteProgress />
    </header>
  );
}
