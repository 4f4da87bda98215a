import type { ReactNode } from 'react';

/** A card's title as the page's second heading level (CardTitle is an h3; these follow the h1). */
export function SectionTitle({ children }: { children: ReactNode }) {
  return <h2 className="text-base leading-none font-semibold">{children}</h2>;
}
