import { use, type ComponentProps, type ReactNode } from 'react';
import { Slot } from 'radix-ui';
import { cn } from '@web/lib/utils';
import { classed } from './classed';
import { useSidebar } from './sidebar';
import { SidebarTooltipSlot } from './sidebar-tooltip-slot';

export const SidebarHeader = classed('div', 'sidebar-header', 'flex flex-col gap-2 p-2');

export const SidebarContent = classed(
  'div',
  'sidebar-content',
  'flex min-h-0 flex-1 flex-col gap-2 overflow-auto group-data-[collapsible=icon]:overflow-hidden',
);

export const SidebarFooter = classed('div', 'sidebar-footer', 'flex flex-col gap-2 p-2');

export const SidebarGroup = classed(
  'div',
  'sidebar-group',
  'relative flex w-full min-w-0 flex-col p-2',
);

export const SidebarGroupLabel = classed(
  'div',
  'sidebar-group-label',
  // Collapsed, the label fades out but stays readable to screen readers.
  'flex h-8 shrink-0 items-center rounded-md px-2 text-xs font-medium text-sidebar-foreground/70 transition-[margin,opacity] duration-200 ease-linear group-data-[collapsible=icon]:-mt-8 group-data-[collapsible=icon]:opacity-0',
);

export const SidebarMenu = classed('ul', 'sidebar-menu', 'flex w-full min-w-0 flex-col gap-1');

export const SidebarMenuItem = classed('li', 'sidebar-menu-item', 'relative');

export function SidebarMenuButton({
  asChild = false,
  tooltip,
  className,
  ...props
}: ComponentProps<'button'> & {
  asChild?: boolean;
  /** Shown beside the icon when the sidebar is collapsed to icons only. */
  tooltip?: ReactNode;
}) {
  const { state, isMobile } = useSidebar();
  const SidebarMenuTooltip = use(SidebarTooltipSlot);
  const Comp = asChild ? Slot.Root : 'button';
  const button = (
    <Comp
      data-slot="sidebar-menu-button"
      className={cn(
        // Collapsed, the label is clipped rather than removed so it still names the link.
        'flex h-8 w-full items-center gap-2 overflow-hidden rounded-md p-2 text-left text-sm text-sidebar-foreground outline-none transition-[width,height,padding] hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-2 focus-visible:ring-sidebar-ring disabled:pointer-events-none disabled:opacity-50 aria-[current=page]:bg-sidebar-accent aria-[current=page]:font-medium aria-[current=page]:text-sidebar-accent-foreground group-data-[collapsible=icon]:size-8! group-data-[collapsible=icon]:p-2! [&>span:last-child]:truncate [&>svg]:size-4 [&>svg]:shrink-0',
        className,
      )}
      {...props}
    />
  );

  if (!tooltip || !SidebarMenuTooltip) return button;
  return (
    <SidebarMenuTooltip tooltip={tooltip} enabled={state === 'collapsed' && !isMobile}>
      {button}
    </SidebarMenuTooltip>
  );
}
