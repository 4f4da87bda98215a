import { RouterProvider } from 'react-router';
import { PublicProviders } from './app/public-providers';
import { mount } from './app/mount';
import { prefetchStaffAppOnIntent } from './app/prefetch-staff-app';
import { createSignInRouter, signInRoutes } from './app/sign-in-router';
import { createQueryClient } from './lib/query-client';
import { sessionQueryOptions } from './lib/session';
// In this document's first download rather than fetched once the router asks for it: the
// page people come here for (ADR 064). The other public pages stay chunks of their own.
import './features/auth/components/login-page';
import './styles.css';

const queryClient = createQueryClient();
// Who is signed in, asked while the page's code is still loading: a signed-in visitor goes on
// to the staff app, the others see the form (ADR 064).
void queryClient.prefetchQuery(sessionQueryOptions);

prefetchStaffAppOnIntent();

mount(
  <PublicProviders client={queryClient}>
    <RouterProvider router={createSignInRouter()} />
  </PublicProviders>,
  signInRoutes,
);
