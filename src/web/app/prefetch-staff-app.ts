/**
 * The sign-in document carries none of the staff app (ADR 064), so after signing in the app's
 * code would start loading only then. Once someone starts on the form (a key, a tap, a typed or
 * filled field) the app's files are fetched into the cache meanwhile: their names are read from
 * the staff app's own page, as the server sends it, so no build step has to list them. A visitor
 * who only looks at the page (or a speed test) fetches none of it.
 */
export function prefetchStaffAppOnIntent(staffPage = '/dashboard'): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const type of INTENT) document.removeEventListener(type, start, true);
    void prefetchFilesOf(staffPage);
  };
  for (const type of INTENT) document.addEventListener(type, start, { capture: true });
}

const INTENT = ['keydown', 'pointerdown', 'input'] as const;

async function prefetchFilesOf(staffPage: string): Promise<void> {
  try {
    const response = await fetch(staffPage, { headers: { Accept: 'text/html' } });
    if (!response.ok) return;
    const html = await response.text();
    const files = new Set(html.match(/\/assets\/[\w.-]+\.(?:js|css)/g));
    for (const href of files) {
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.href = href;
      // Module scripts are fetched in CORS mode: the prefetched copy must be fetched the same way.
      if (href.endsWith('.js')) link.crossOrigin = '';
      document.head.append(link);
    }
  } catch {
    // Only a head start: the app loads as usual after sign-in.
  }
}
