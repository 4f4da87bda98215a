import { useEffect } from 'react';
import { reportError } from '@web/lib/error-reporting';
import { describeAppError } from './describe-app-error';

/**
 * The full-page generic error of spec §8. Plain anchors, not router links: this also renders
 * when the router itself has failed.
 */
export function AppErrorMessage({ error }: { error: unknown }) {
  const { origin, text, digest } = describeAppError(error, window.location.host);

  useEffect(() => {
    // The page tells people to look in the browser console, so the error must be there.
    console.error(error);
    reportError(error);
  }, [error]);

  return (
    <main
      id="main-content"
      data-error-origin={origin}
      className="flex min-h-svh items-center justify-center bg-background p-6"
    >
      <div role="alert" className="max-w-xl space-y-3 text-center">
        <h1 className="text-base font-semibold text-foreground">{text}</h1>
        {digest && <p className="font-mono text-sm text-muted-foreground">Digest: {digest}</p>}
        <p className="pt-2 text-sm">
          <a
            href={window.location.href}
            className="rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            Reload this page
          </a>
          <span aria-hidden="true" className="px-2 text-muted-foreground">
            ·
          </span>
          <a
            href="/dashboard"
            className="rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            Go to the dashboard
          </a>
        </p>
      </div>
    </main>
  );
}
