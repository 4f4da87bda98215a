import {
  CalendarDaysIcon,
  CalendarPlusIcon,
  ClipboardListIcon,
  ClockIcon,
  LayoutDashboardIcon,
  SettingsIcon,
  UsersIcon,
  type LucideIcon,
} from 'lucide-react';

export interface NavItem {
  title: string;
  to: string;
  icon: LucideIcon;
}

export const mainNavItems: readonly NavItem[] = [
  { title: 'Dashboard', to: '/dashboard', icon: LayoutDashboardIcon },
  { title: 'Appointments', to: '/appointments', icon: ClipboardListIcon },
  { title: 'Calendar', to: '/calendar', icon: CalendarDaysIcon },
  { title: 'Availability', to: '/availability', icon: ClockIcon },
  { title: 'Book', to: '/book', icon: CalendarPlusIcon },
  { title: 'Settings', to: '/settings', icon: SettingsIcon },
];

export const adminNavItems: readonly NavItem[] = [
  { title: 'Agents', to: '/admin/agents', icon: UsersIcon },
];
