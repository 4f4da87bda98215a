import type { ReactNode } from 'react';

/** A part of a page's title, which names it (`id` for its aria-labelledby), and what it is for. */
export function SectionHeading({
  id,
  title,
  children,
}: {
  id: string;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <div>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="text-sm text-muted-foreground">{children}</p>
    </div>
  );
}
