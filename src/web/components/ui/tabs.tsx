import { Tabs as TabsPrimitive } from 'radix-ui';
import { classed } from './classed';

export const Tabs = classed(TabsPrimitive.Root, 'tabs', 'flex flex-col gap-2');

export const TabsList = classed(
  TabsPrimitive.List,
  'tabs-list',
  'inline-flex h-9 w-fit items-center justify-center rounded-lg bg-muted p-1 text-muted-foreground',
);

export const TabsTrigger = classed(
  TabsPrimitive.Trigger,
  'tabs-trigger',
  'inline-flex h-full flex-1 items-center justify-center gap-1.5 rounded-md px-3 py-1 text-sm font-medium whitespace-nowrap transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm [&_svg]:size-4 [&_svg]:shrink-0',
);

export const TabsContent = classed(
  TabsPrimitive.Content,
  'tabs-content',
  'flex-1 outline-none focus-visible:ring-2 focus-visible:ring-ring',
);
