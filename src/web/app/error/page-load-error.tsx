import { useRouteError } from 'react-router';
import { Button } from '@web/components/ui/button';

/** Browsers' words for a page's code that could not be fetched (Chromium, Firefox, Safari). */
const LOAD_FAILURE =
  /dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isPageLoadFailure(error: unknown): boolean {
  return error instanceof Error && LOAD_FAILURE.test(error.message);
}

/**
 * Inside the app's shell: a page whose code could not be fetched (the connection dropped, or a
 * new version replaced the files) is a moment's trouble, not an application error, so the
 * sidebar stays and the page offers to try again. Anything else goes on to the generic error
 * page of spec §8 (rethrown to the root route's error element).
 */
export function PageLoadError() {
  const error = useRouteError();
  if (!isPageLoadFailure(error)) throw error;
  return (
    <div role="alert" className="mx-auto max-w-xl space-y-3 py-16 text-center">
      <h1 className="text-base font-semibold">This page could not be loaded.</h1>
      <p className="text-sm text-muted-foreground">
        Check the connection, then try again. Nothing you saved is lost.
      </p>
      <Button onClick={() => window.location.reload()}>Try again</Button>
    </div>
  );
}
