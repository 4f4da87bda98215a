import { PageHeader } from './page-header';

/** Stand-in for pages that a later issue builds; the route and title are already final. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={title} />
      <div className="rounded-xl border border-dashed bg-muted/40 px-6 py-12 text-center">
        <p className="text-sm text-muted-foreground">This page is coming soon.</p>
      </div>
    </div>
  );
}
