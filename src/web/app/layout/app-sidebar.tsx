import { Link, NavLink } from 'react-router';
import { HeartPulseIcon } from 'lucide-react';
import { Sidebar, useSidebar } from '@web/components/ui/sidebar';
import {
  SidebarContent,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
} from '@web/components/ui/sidebar-menu';
import { hasRole, useSession } from '@web/lib/session';
import { adminNavItems, mainNavItems, type NavItem } from './nav-items';

function NavList({ items }: { items: readonly NavItem[] }) {
  const { setOpenMobile } = useSidebar();
  return (
    <SidebarMenu>
      {items.map(({ title, to, icon: Icon }) => (
        <SidebarMenuItem key={to}>
          <SidebarMenuButton asChild tooltip={title}>
            {/* NavLink sets aria-current="page", which both styles and announces the active page.
                Closing the mobile sheet on click keeps the page the user chose in view. */}
            <NavLink to={to} onClick={() => setOpenMobile(false)}>
              <Icon aria-hidden="true" />
              <span>{title}</span>
            </NavLink>
          </SidebarMenuButton>
        </SidebarMenuItem>
      ))}
    </SidebarMenu>
  );
}

export function AppSidebar() {
  const { setOpenMobile } = useSidebar();
  const { user } = useSession();
  // Hidden rather than disabled: links that only lead to "not allowed" are noise. The router
  // and the server enforce the same rule.
  const isAdmin = hasRole(user, ['admin']);
  const mainItems = mainNavItems.filter(
    (item) =>
      (!item.roles || hasRole(user, item.roles)) && (!item.shownTo || (user && item.shownTo(user))),
  );
  return (
    <Sidebar label="Carebook navigation">
      {/* One navigation landmark holds the home link too: nothing of the page sits outside one. */}
      <nav aria-label="Main" className="flex min-h-0 flex-1 flex-col">
        <SidebarHeader>
          <SidebarMenu>
            <SidebarMenuItem>
              <SidebarMenuButton
                asChild
                tooltip="Carebook"
                className="h-10 group-data-[collapsible=icon]:p-1!"
              >
                <Link to="/dashboard" onClick={() => setOpenMobile(false)}>
                  <span className="flex size-6 shrink-0 items-center justify-center rounded-md bg-sidebar-primary text-sidebar-primary-foreground">
                    <HeartPulseIcon className="size-4" aria-hidden="true" />
                  </span>
                  <span className="text-base font-semibold">Carebook</span>
                </Link>
              </SidebarMenuButton>
            </SidebarMenuItem>
          </SidebarMenu>
        </SidebarHeader>
        <SidebarContent>
          <SidebarGroup>
            <SidebarGroupLabel>Clinic</SidebarGroupLabel>
            <NavList items={mainItems} />
          </SidebarGroup>
          {isAdmin && (
            <SidebarGroup>
              <SidebarGroupLabel>Admin</SidebarGroupLabel>
              <NavList items={adminNavItems} />
            </SidebarGroup>
          )}
        </SidebarContent>
      </nav>
    </Sidebar>
  );
}
