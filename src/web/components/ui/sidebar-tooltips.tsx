import { useState, type ReactNode } from 'react';
import { SidebarTooltipSlot, type SidebarMenuTooltipProps } from './sidebar-tooltip-slot';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from './tooltip';

/** The label beside a sidebar button while the sidebar shows icons only (sidebar-menu.tsx). */
function SidebarMenuTooltip({ tooltip, enabled, children }: SidebarMenuTooltipProps) {
  const [open, setOpen] = useState(false);
  return (
    // Held closed while labels are visible, so it never repeats the label it would explain.
    <Tooltip open={open && enabled} onOpenChange={setOpen}>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent side="right" align="center">
        {tooltip}
      </TooltipContent>
    </Tooltip>
  );
}

/** One provider for the whole sidebar, so moving along collapsed icons skips the open delay. */
export function SidebarTooltips({ children }: { children: ReactNode }) {
  return (
    <TooltipProvider>
      <SidebarTooltipSlot value={SidebarMenuTooltip}>{children}</SidebarTooltipSlot>
    </TooltipProvider>
  );
}
