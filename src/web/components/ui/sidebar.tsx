import {
  createContext,
  lazy,
  Suspense,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type ComponentProps,
  type ReactNode,
} from 'react';
import { PanelLeftIcon } from 'lucide-react';
import { useIsMobile } from '@web/hooks/use-is-mobile';
import { readSidebarCookie, writeSidebarCookie } from '@web/lib/sidebar-cookie';
import { SIDEBAR_KEYBOARD_SHORTCUT } from '@web/lib/ui-constants';
import { cn } from '@web/lib/utils';
import { Button } from './button';
import { classed } from './classed';

// On a phone the sidebar is a sheet that opens on demand: its dialog machinery loads after the
// first paint, and never on a wide screen (ADR 023).
const SidebarSheet = lazy(() =>
  import('./sidebar-sheet').then((m) => ({ default: m.SidebarSheet })),
);
// Tooltips only ever show on a collapsed sidebar, under a pointer: Radix Tooltip and its popper
// load just after the first paint, the buttons drawn without them meanwhile.
const SidebarTooltips = lazy(() =>
  import('./sidebar-tooltips').then((m) => ({ default: m.SidebarTooltips })),
);

interface SidebarContextValue {
  /** Desktop state; the mobile sheet has its own, so opening it never changes the saved choice. */
  state: 'expanded' | 'collapsed';
  open: boolean;
  setOpen: (open: boolean) => void;
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  isMobile: boolean;
  toggleSidebar: () => void;
}

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const context = use(SidebarContext);
  if (!context) throw new Error('useSidebar must be used within a SidebarProvider.');
  return context;
}

export function SidebarProvider({
  defaultOpen,
  className,
  children,
  ...props
}: ComponentProps<'div'> & { defaultOpen?: boolean }) {
  const isMobile = useIsMobile();
  const [openMobile, setOpenMobile] = useState(false);
  const [open, setOpenState] = useState(() => defaultOpen ?? readSidebarCookie() ?? true);

  const setOpen = useCallback((next: boolean) => {
    setOpenState(next);
    writeSidebarCookie(next);
  }, []);

  const toggleSidebar = useCallback(() => {
    if (isMobile) setOpenMobile((current) => !current);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      // Ctrl+B on Windows/Linux, Cmd+B on macOS (spec §2).
      if (
        event.key.toLowerCase() === SIDEBAR_KEYBOARD_SHORTCUT &&
        (event.metaKey || event.ctrlKey) &&
        !event.altKey &&
        !event.shiftKey
      ) {
        event.preventDefault();
        toggleSidebar();
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggleSidebar]);

  const value = useMemo<SidebarContextValue>(
    () => ({
      state: open ? 'expanded' : 'collapsed',
      open,
      setOpen,
      openMobile,
      setOpenMobile,
      isMobile,
      toggleSidebar,
    }),
    [open, setOpen, openMobile, isMobile, toggleSidebar],
  );

  return (
    <SidebarContext value={value}>
      <div
        data-slot="sidebar-wrapper"
        className={cn('group/sidebar-wrapper flex min-h-svh w-full', className)}
        {...props}
      >
        {children}
      </div>
    </SidebarContext>
  );
}

export function Sidebar({
  className,
  children,
  label = 'Sidebar',
}: {
  className?: string;
  children: ReactNode;
  /** Names the mobile sheet for screen readers, which announce it as a dialog. */
  label?: string;
}) {
  const { isMobile, state, openMobile, setOpenMobile } = useSidebar();

  if (isMobile) {
    return (
      <Suspense fallback={null}>
        <SidebarSheet label={label} open={openMobile} onOpenChange={setOpenMobile}>
          {children}
        </SidebarSheet>
      </Suspense>
    );
  }

  return (
    <div
      className="group peer hidden text-sidebar-foreground md:block"
      data-state={state}
      data-collapsible={state === 'collapsed' ? 'icon' : ''}
      data-slot="sidebar"
    >
      {/* Reserves the sidebar's width in the page flow, since the panel itself is fixed. */}
      <div
        aria-hidden="true"
        className="relative w-(--sidebar-width) bg-transparent transition-[width] duration-200 ease-linear group-data-[collapsible=icon]:w-(--sidebar-width-icon)"
      />
      <div
        className={cn(
          'fixed inset-y-0 left-0 z-10 hidden h-svh w-(--sidebar-width) flex-col border-r border-sidebar-border bg-sidebar transition-[width] duration-200 ease-linear group-data-[collapsible=icon]:w-(--sidebar-width-icon) md:flex',
          className,
        )}
      >
        <Suspense fallback={children}>
          <SidebarTooltips>{children}</SidebarTooltips>
        </Suspense>
      </div>
    </div>
  );
}

export function SidebarTrigger({ className, onClick, ...props }: ComponentProps<typeof Button>) {
  const { toggleSidebar, isMobile, open, openMobile } = useSidebar();
  return (
    <Button
      data-slot="sidebar-trigger"
      variant="ghost"
      size="icon"
      className={cn('size-8', className)}
      aria-expanded={isMobile ? openMobile : open}
      aria-keyshortcuts="Control+B Meta+B"
      onClick={(event) => {
        onClick?.(event);
        toggleSidebar();
      }}
      {...props}
    >
      <PanelLeftIcon aria-hidden="true" />
      <span className="sr-only">Toggle sidebar</span>
    </Button>
  );
}

/** The page area beside the sidebar. */
export const SidebarInset = classed(
  'div',
  'sidebar-inset',
  'relative flex w-full min-w-0 flex-1 flex-col bg-background',
);
