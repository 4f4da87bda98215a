export const MAIN_CONTENT_ID = 'main-content';

/** First focusable element on the page, so keyboard users can pass the navigation in one step. */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="sr-only z-50 rounded-md bg-primary text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:px-4 focus:py-2 focus:top-3 focus:left-3 focus:ring-2 focus:ring-ring focus:ring-offset-2 focus:outline-none"
    >
      Skip to main content
    </a>
  );
}
