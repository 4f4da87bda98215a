import { RouterProvider } from 'react-router';
import { afterFirstPage, mount } from './app/mount';
import { Providers } from './app/providers';
import { createAppRouter, routes } from './app/router';
import { createQueryClient } from './lib/query-client';
import { sessionQueryOptions } from './lib/session';
import './styles.css';

const queryClient = createQueryClient();
// Asked at once, beside the page's code rather than after it (ADR 064).
void queryClient.prefetchQuery(sessionQueryOptions);

const router = createAppRouter(queryClient);

mount(
  <Providers client={queryClient}>
    <RouterProvider router={router} />
  </Providers>,
  routes,
  afterFirstPage(router),
);
