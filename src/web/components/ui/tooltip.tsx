import type { ComponentProps } from 'react';
import { Tooltip as TooltipPrimitive } from 'radix-ui';
import { classed, inPortal } from './classed';

/** Mounted once in the app providers so every tooltip shares the open delay. */
export function TooltipProvider({
  delayDuration = 200,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Provider>) {
  return <TooltipPrimitive.Provider delayDuration={delayDuration} {...props} />;
}

export const Tooltip = TooltipPrimitive.Root;
export const TooltipTrigger = TooltipPrimitive.Trigger;

export const TooltipContent = inPortal(
  TooltipPrimitive.Portal,
  classed(
    TooltipPrimitive.Content,
    'tooltip-content',
    'animate-pop z-50 w-fit rounded-md bg-foreground px-3 py-1.5 text-xs text-background',
    { sideOffset: 6 },
  ),
);
