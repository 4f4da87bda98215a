import { createContext, type ComponentType, type ReactElement, type ReactNode } from 'react';

export interface SidebarMenuTooltipProps {
  tooltip: ReactNode;
  /** Collapsed to icons on a wide screen: otherwise the label is already in view. */
  enabled: boolean;
  children: ReactElement;
}

/**
 * The sidebar's tooltip, once Radix Tooltip has loaded (sidebar-tooltips.tsx); until then, and
 * in the phone's sheet where labels are always shown, buttons stand alone.
 */
export const SidebarTooltipSlot = createContext<ComponentType<SidebarMenuTooltipProps> | null>(
  null,
);
