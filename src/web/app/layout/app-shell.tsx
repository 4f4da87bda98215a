import { Outlet } from 'react-router';
import { SidebarInset, SidebarProvider } from '@web/components/ui/sidebar';
import { AppHeader } from './app-header';
import { AppSidebar } from './app-sidebar';
import { MailDeliveryBanner } from './mail-delivery-banner';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { useThemeSync } from '@web/features/settings/hooks/use-theme-sync';

/** The signed-in frame around every staff page except /auth/*. */
export function AppShell() {
  // The account's saved theme applies on every page of the signed-in app.
  useThemeSync();
  return (
    <>
      <SkipLink />
      <SidebarProvider>
        <AppSidebar />
        <SidebarInset>
          <AppHeader />
          <MailDeliveryBanner />
          {/* tabIndex -1 lets the skip link move focus here, not just scroll. */}
          <main
            id={MAIN_CONTENT_ID}
            tabIndex={-1}
            className="flex-1 px-4 py-6 outline-none md:px-8 md:py-8"
          >
            <Outlet />
          </main>
        </SidebarInset>
      </SidebarProvider>
    </>
  );
}
