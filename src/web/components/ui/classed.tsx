import type { ComponentProps, ComponentType, ElementType, JSX, ReactNode } from 'react';
import { cn } from '@web/lib/utils';

type Props<T extends ElementType> = ComponentProps<T> & { className?: string };

/**
 * A part that is only an element (or a Radix part) with our classes: it marks itself with
 * `data-slot`, lets the caller's `className` override the classes through cn(), and passes every
 * other prop (ref included, React 19) through. `defaults` are props the caller may override.
 */
export function classed<T extends ElementType>(
  element: T,
  slot: string,
  classes: string,
  defaults?: Partial<ComponentProps<T>>,
): ((props: Props<T>) => JSX.Element) & { displayName: string } {
  const Element = element as ElementType;
  function Classed({ className, ...props }: Props<T>) {
    return <Element data-slot={slot} {...defaults} className={cn(classes, className)} {...props} />;
  }
  Classed.displayName = slot.replace(/(^|-)(\w)/g, (_, _dash: string, c: string) =>
    c.toUpperCase(),
  );
  return Classed;
}

/** Renders a part (a menu's or tooltip's content) into its Radix portal. */
export function inPortal<P extends object>(
  Portal: ComponentType<{ children?: ReactNode }>,
  Part: ComponentType<P>,
): (props: P) => JSX.Element {
  return function Portalled(props: P) {
    return (
      <Portal>
        <Part {...props} />
      </Portal>
    );
  };
}
