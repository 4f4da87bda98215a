import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';

/** One card of the dashboard: a section titled under the page heading, what it shows below. */
export function DashboardCard({
  title,
  description,
  className,
  contentClassName,
  children,
  ...rest
}: {
  title: ReactNode;
  description?: ReactNode;
  className?: string;
  contentClassName?: string;
  children: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <Card className={className} {...rest}>
      <CardHeader>
        <CardTitle level={2}>{title}</CardTitle>
        {description !== undefined && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
