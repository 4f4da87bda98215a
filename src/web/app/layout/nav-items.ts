import {
  Building2Icon,
  CalendarDaysIcon,
  CalendarPlusIcon,
  ChartColumnIcon,
  ContactRoundIcon,
  DoorOpenIcon,
  ClipboardListIcon,
  ClockIcon,
  KeyRoundIcon,
  KeySquareIcon,
  LayoutDashboardIcon,
  ListTodoIcon,
  MailIcon,
  ScrollTextIcon,
  SettingsIcon,
  StethoscopeIcon,
  UsersIcon,
  type LucideIcon,
} from 'lucide-react';
import type { SessionUser } from '@contracts/auth';
import { BOOKABLE_ROLES, type Role } from '@domain/roles';

export interface NavItem {
  title: string;
  to: string;
  icon: LucideIcon;
  /** Shown only to these roles; everyone when absent. */
  roles?: readonly Role[];
  /** Shown only where this says so of the signed-in user (a rule a clinic decides). */
  shownTo?: (user: SessionUser) => boolean;
}

export const mainNavItems: readonly NavItem[] = [
  { title: 'Dashboard', to: '/dashboard', icon: LayoutDashboardIcon },
  // Admins, and the roles a clinic lets read its reports (issue 45).
  {
    title: 'Reports',
    to: '/reports',
    icon: ChartColumnIcon,
    shownTo: (user) => user.readsReports ?? user.role === 'admin',
  },
  { title: 'Appointments', to: '/appointments', icon: ClipboardListIcon },
  { title: 'Calendar', to: '/calendar', icon: CalendarDaysIcon },
  { title: 'Patients', to: '/patients', icon: ContactRoundIcon },
  { title: 'Waitlist', to: '/waitlist', icon: ListTodoIcon },
  // Only providers and nurses have hours of their own; admins keep agents' hours from Staff.
  { title: 'Availability', to: '/availability', icon: ClockIcon, roles: BOOKABLE_ROLES },
  { title: 'Book', to: '/book', icon: CalendarPlusIcon },
  { title: 'Settings', to: '/settings', icon: SettingsIcon },
];

export const adminNavItems: readonly NavItem[] = [
  { title: 'Staff', to: '/admin/agents', icon: UsersIcon },
  { title: 'Clinics', to: '/admin/clinics', icon: Building2Icon },
  { title: 'Services', to: '/admin/services', icon: StethoscopeIcon },
  { title: 'Rooms and equipment', to: '/admin/resources', icon: DoorOpenIcon },
  { title: 'Notifications', to: '/admin/outbox', icon: MailIcon },
  { title: 'Audit log', to: '/admin/audit', icon: ScrollTextIcon },
  { title: 'Integrations', to: '/admin/integrations', icon: KeyRoundIcon },
  { title: 'Single sign-on', to: '/admin/sign-in', icon: KeySquareIcon },
];
