import type { ComponentType } from 'react';
import { redirect, redirectDocument, type RouteObject } from 'react-router';
import { LOGIN_PATH } from '@web/lib/session';
import { RouteErrorPage } from './error/route-error-page';
import { PageLoading } from './page-loading';
import type { RouteHandle } from './route-handle';
import { RootRoute } from './root-route';

/** Route `lazy` for a page module: each page becomes its own chunk, loaded on first visit. */
export function page(load: () => Promise<ComponentType>) {
  return async () => ({ Component: await load() });
}

export function titled(title: string): { handle: RouteHandle } {
  return { handle: { title } };
}

/**
 * The pages anyone may open: sign-in and the account links. Both documents route them: the staff
 * app (a signed-in user who signs out stays in it) and the small sign-in document the server
 * sends for these addresses, which carries none of the staff app (ADR 064).
 */
export const publicRoutes: RouteObject[] = [
  {
    path: 'auth/login',
    ...titled('Sign in'),
    lazy: page(() => import('@web/features/auth/components/login-page').then((m) => m.LoginPage)),
  },
  {
    // The address people type for signing in; the spec's is /auth/login. Without this a
    // signed-out /login asked to sign in and then opened "Page not found".
    path: 'login',
    loader: ({ request }) => redirect(`${LOGIN_PATH}${new URL(request.url).search}`),
  },
  {
    path: 'auth/forgot',
    ...titled('Forgot your password?'),
    lazy: page(() =>
      import('@web/features/auth/components/forgot-password-page').then(
        (m) => m.ForgotPasswordPage,
      ),
    ),
  },
  {
    path: 'auth/reset',
    ...titled('Choose a new password'),
    lazy: page(() =>
      import('@web/features/auth/components/reset-password-page').then((m) => m.ResetPasswordPage),
    ),
  },
  {
    path: 'auth/invitation',
    ...titled('Welcome to Carebook'),
    lazy: page(() =>
      import('@web/features/auth/components/invitation-page').then((m) => m.InvitationPage),
    ),
  },
  {
    path: 'auth/unauthorized',
    ...titled('Not allowed'),
    lazy: page(() =>
      import('@web/features/auth/components/unauthorized-page').then((m) => m.UnauthorizedPage),
    ),
  },
  {
    // The patient page is a separate document (session.html) without staff code. The server
    // serves it at /session; this catches client-side arrivals and the spec's `/session/?token=`
    // form, which a fallback may hand to this app. Going to the file avoids a reload loop.
    path: 'session',
    loader: ({ request }) => redirectDocument(`/session.html${new URL(request.url).search}`),
  },
];

/** The root both documents route from: the public pages, then the document's own `children`. */
export function rootRoute(children: RouteObject[]): RouteObject {
  return {
    path: '/',
    Component: RootRoute,
    errorElement: <RouteErrorPage />,
    HydrateFallback: PageLoading,
    children: [...publicRoutes, ...children],
  };
}
