import { createBrowserRouter, redirectDocument, type RouteObject } from 'react-router';
import { rootRoute } from './public-routes';

/**
 * The sign-in document's pages (sign-in.html, ADR 064): the public pages alone. Any other address
 * (the page to open after sign-in, the dashboard link of "Not allowed") belongs to the staff app,
 * which this document does not carry: it is loaded as a new document, as the server sends it.
 */
export const signInRoutes: RouteObject[] = [
  rootRoute([
    {
      path: '*',
      loader: ({ request }) => {
        const url = new URL(request.url);
        // The server sends this document only for the pages above; an address it sent it for
        // anyway would reload itself for ever.
        if (url.pathname === window.location.pathname) {
          throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
        }
        return redirectDocument(`${url.pathname}${url.search}`);
      },
    },
  ]),
];

export function createSignInRouter() {
  return createBrowserRouter(signInRoutes);
}
