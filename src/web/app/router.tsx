import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoadError } from './error/page-load-error';
import { RequireRole } from './guards/require-role';
import { RequireSession } from './guards/require-session';
import { AppShell } from './layout/app-shell';
import { page, rootRoute, titled } from './public-routes';
import { appointmentsFirstQueries, dashboardFirstQueries, firstData } from './route-data';

/**
 * The staff app's pages. With the app's query client, the pages people open first ask for their
 * data from their route's loader, beside their code (ADR 064).
 */
export function createRoutes(client?: QueryClient): RouteObject[] {
  return [
    rootRoute([
      {
        // Everything below needs a signed-in user; /auth/* and the patient page above do not.
        Component: RequireSession,
        children: [
          {
            // The printed day (issue 45) stands outside the app's frame: only its sheets print.
            path: 'print/day',
            ...titled('Print the day'),
            errorElement: <PageLoadError />,
            lazy: page(() =>
              import('@web/features/calendar/components/print-day-page').then(
                (m) => m.PrintDayPage,
              ),
            ),
          },
          {
            Component: AppShell,
            children: [
              {
                // A page that fails to load keeps the shell around it (PageLoadError).
                errorElement: <PageLoadError />,
                children: [
                  { index: true, element: <Navigate to="/dashboard" replace /> },
                  {
                    path: 'dashboard',
                    ...titled('Dashboard'),
                    ...firstData(client, dashboardFirstQueries),
                    lazy: page(() =>
                      import('@web/features/dashboard/components/dashboard-page').then(
                        (m) => m.DashboardPage,
                      ),
                    ),
                  },
                  {
                    // Admins and the roles a clinic allows (issue 45): the server decides, and
                    // the page shows its refusal to anyone else who comes by the address.
                    path: 'reports',
                    ...titled('Reports'),
                    lazy: page(() =>
                      import('@web/features/reports/components/reports-page').then(
                        (m) => m.ReportsPage,
                      ),
                    ),
                  },
                  {
                    path: 'appointments',
                    ...titled('Appointments'),
                    ...firstData(client, appointmentsFirstQueries),
                    lazy: page(() =>
                      import('@web/features/appointments/components/appointments-page').then(
                        (m) => m.AppointmentsPage,
                      ),
                    ),
                  },
                  {
                    path: 'patients',
                    ...titled('Patients'),
                    lazy: page(() =>
                      import('@web/features/patients/components/patients-page').then(
                        (m) => m.PatientsPage,
                      ),
                    ),
                  },
                  {
                    path: 'patients/duplicates',
                    ...titled('Possible duplicates'),
                    lazy: page(() =>
                      import('@web/features/patients/components/duplicates-page').then(
                        (m) => m.DuplicatesPage,
                      ),
                    ),
                  },
                  {
                    // Who may import is each clinic's choice: the page offers the clinics the
                    // server says the user may change (ADR 041, ADR 043).
                    path: 'patients/import',
                    ...titled('Import patients'),
                    lazy: page(() =>
                      import('@web/features/patients/components/import/import-patients-page').then(
                        (m) => m.ImportPatientsPage,
                      ),
                    ),
                  },
                  {
                    path: 'patients/:id',
                    ...titled('Patient'),
                    lazy: page(() =>
                      import('./patient-profile-route').then((m) => m.PatientProfileRoute),
                    ),
                  },
                  {
                    path: 'waitlist',
                    ...titled('Waitlist'),
                    lazy: page(() => import('./waitlist-route').then((m) => m.WaitlistRoute)),
                  },
                  {
                    path: 'calendar',
                    ...titled('Calendar'),
                    lazy: page(() => import('./calendar-route').then((m) => m.CalendarRoute)),
                  },
                  {
                    path: 'availability',
                    ...titled('Availability'),
                    lazy: page(() =>
                      import('./availability-route').then((m) => m.AvailabilityRoute),
                    ),
                  },
                  {
                    path: 'settings',
                    ...titled('Settings'),
                    lazy: page(() => import('./settings-route').then((m) => m.SettingsRoute)),
                  },
                  {
                    path: 'book',
                    ...titled('Book Appointment'),
                    lazy: page(() =>
                      import('@web/features/appointments/components/book-page').then(
                        (m) => m.BookPage,
                      ),
                    ),
                  },
                  {
                    path: 'reschedule',
                    ...titled('Reschedule Appointment'),
                    lazy: page(() =>
                      import('@web/features/appointments/components/reschedule-page').then(
                        (m) => m.ReschedulePage,
                      ),
                    ),
                  },
                  {
                    // Spec §6 leaves open who enters /admin: only admins do.
                    element: <RequireRole roles={['admin']} />,
                    children: [
                      {
                        path: 'admin/agents',
                        ...titled('Staff'),
                        lazy: page(() =>
                          import('@web/features/agents/components/agents-page').then(
                            (m) => m.AgentsPage,
                          ),
                        ),
                      },
                      {
                        path: 'admin/agents/:id/availability',
                        ...titled('Staff availability'),
                        lazy: page(() =>
                          import('./availability-route').then((m) => m.AgentAvailabilityRoute),
                        ),
                      },
                      {
                        path: 'admin/clinics',
                        ...titled('Clinics'),
                        lazy: page(() =>
                          import('@web/features/clinic-settings/components/clinic-settings-page').then(
                            (m) => m.ClinicsPage,
                          ),
                        ),
                      },
                      {
                        path: 'admin/clinics/:slug',
                        ...titled('Clinic settings'),
                        lazy: page(() =>
                          import('@web/features/clinic-settings/components/clinic-settings-page').then(
                            (m) => m.ClinicSettingsPage,
                          ),
                        ),
                      },
                      {
                        path: 'admin/services',
                        ...titled('Services'),
                        lazy: page(() =>
                          import('@web/features/services/components/services-page').then(
                            (m) => m.ServicesPage,
                          ),
                        ),
                      },
                      {
                        path: 'admin/resources',
                        ...titled('Rooms and equipment'),
                        lazy: page(() =>
                          import('@web/features/resources/components/resources-page').then(
                            (m) => m.ResourcesPage,
                          ),
                        ),
                      },
                      {
                        path: 'admin/outbox',
                        ...titled('Notifications'),
                        lazy: page(() =>
                          import('@web/features/outbox/components/outbox-page').then(
                            (m) => m.OutboxPage,
                          ),
                        ),
                      },
                      {
                        path: 'admin/audit',
                        ...titled('Audit log'),
                        lazy: page(() =>
                          import('@web/features/audit/components/audit-page').then(
                            (m) => m.AuditPage,
                          ),
                        ),
                      },
                      {
                        path: 'admin/sign-in',
                        ...titled('Single sign-on'),
                        lazy: page(() =>
                          import('@web/features/sso/components/single-sign-on-page').then(
                            (m) => m.SingleSignOnPage,
                          ),
                        ),
                      },
                      {
                        path: 'admin/integrations',
                        ...titled('Integrations'),
                        lazy: page(() =>
                          import('./integrations-route').then((m) => m.IntegrationsRoute),
                        ),
                      },
                    ],
                  },
                  {
                    // The staff side of a visit; patients use session.html with a token instead.
                    path: 'session/:id',
                    ...titled('Session'),
                    lazy: page(() =>
                      import('./staff-session-route').then((m) => m.StaffSessionRoute),
                    ),
                  },
                  {
                    path: '*',
                    ...titled('Page not found'),
                    lazy: page(() => import('./not-found-page').then((m) => m.NotFoundPage)),
                  },
                ],
              },
            ],
          },
        ],
      },
    ]),
  ];
}

/** The pages without loaders: tests build a memory router from them, error reporting names. */
export const routes: RouteObject[] = createRoutes();

export function createAppRouter(client: QueryClient) {
  return createBrowserRouter(createRoutes(client));
}

export type AppRouter = ReturnType<typeof createAppRouter>;
