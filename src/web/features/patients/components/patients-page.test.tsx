// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SessionUser } from '@contracts/auth';
import {
  CAMDEN,
  errorResponse,
  json,
  makeSessionUser,
  RIVERSIDE,
  stubSignedIn,
  type ApiRequest,
} from '@web/test/api-stub';
import { cleanUpAfterEach, renderRoutes } from '@web/test/render-with-client';
import { stubViewportWidth } from '@web/test/stub-match-media';
import {
  camdenClinic,
  makePatientListItem,
  makePatientPage,
  MARIA_ID,
} from '../test/patient-factory';
import { StepUpDialogHost } from '@web/components/two-step/step-up-dialog';
import { PatientsPage } from './patients-page';

const JAMES = makePatientListItem({
  id: '5c4d3e2f-1a0b-4c9d-8e7f-6a5b4c3d2e1f',
  firstName: 'James',
  lastName: 'Okafor',
  preferredName: null,
  dob: null,
  phone: null,
  recordNumber: null,
  nextVisit: null,
  clinic: camdenClinic,
  email: 'james.okafor@example.com',
});

let lists: URLSearchParams[];

function serve(user: SessionUser, answer: (request: ApiRequest) => Response) {
  lists = [];
  stubSignedIn(user, (request) => {
    if (request.url.pathname !== '/api/patients') return null;
    lists.push(request.url.searchParams);
    return answer(request);
  });
}

function renderPage(path = '/patients') {
  return renderRoutes(
    [
      { path: '/patients', element: <PatientsPage /> },
      { path: '/patients/:id', element: <p>Profile page</p> },
    ],
    path,
  );
}

beforeEach(() => stubViewportWidth(1280));
cleanUpAfterEach();

describe('PatientsPage', () => {
  it('lists patients with the name linking to the profile, dates in US form', async () => {
    serve(makeSessionUser(), () => json(makePatientPage([makePatientListItem(), JAMES])));
    renderPage();
    const link = await screen.findByRole('link', { name: 'Garcia, Maria “Mia”' });
    expect(link).toHaveAttribute('href', `/patients/${MARIA_ID}`);
    const row = link.closest('tr')!;
    expect(within(row).getByText('03/07/1984')).toBeInTheDocument();
    expect(within(row).getByText('(555) 201-4477')).toBeInTheDocument();
    expect(within(row).getByText('RV-10442')).toBeInTheDocument();
    // One clinic: nothing to choose and no column naming it.
    expect(screen.queryByRole('combobox', { name: 'Clinic' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Clinic' })).not.toBeInTheDocument();
    await userEvent.click(link);
    expect(await screen.findByText('Profile page')).toBeInTheDocument();
  });

  it('searches for what was typed once typing pauses', async () => {
    serve(makeSessionUser(), ({ url }) =>
      json(makePatientPage(url.searchParams.get('q') ? [JAMES] : [makePatientListItem()])),
    );
    renderPage();
    await screen.findByRole('link', { name: /Garcia/ });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search patients' }), 'okafor');
    expect(await screen.findByRole('link', { name: 'Okafor, James' })).toBeInTheDocument();
    // One search for the pause, not one per key.
    expect(lists.map((params) => params.get('q'))).toEqual([null, 'okafor']);
  });

  it('pages forward with the cursor and back again', async () => {
    serve(makeSessionUser(), ({ url }) =>
      url.searchParams.get('after') === 'cursor-2'
        ? json(makePatientPage([JAMES], null))
        : json(makePatientPage([makePatientListItem()], 'cursor-2')),
    );
    renderPage();
    await screen.findByRole('link', { name: /Garcia/ });
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Okafor, James' })).toBeInTheDocument();
    expect(lists.at(-1)?.get('after')).toBe('cursor-2');
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('link', { name: /Garcia/ })).toBeInTheDocument();
    expect(screen.getByText('Page 1')).toBeInTheDocument();
  });

  it('says when nothing matches, with a hint', async () => {
    serve(makeSessionUser(), () => json(makePatientPage([])));
    renderPage('/patients?q=zzyzx');
    expect(await screen.findByText('No patients match “zzyzx”.')).toBeInTheDocument();
    expect(screen.getByText(/Check the spelling/)).toBeInTheDocument();
    expect(lists[0]?.get('q')).toBe('zzyzx');
  });

  it('shows why the list failed and tries again', async () => {
    let fail = true;
    serve(makeSessionUser(), () =>
      fail ? errorResponse(503, 'The database is not answering.') : json(makePatientPage()),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is not answering.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Garcia/ })).toBeInTheDocument();
  });

  it('offers the clinic filter and names each clinic only to users of several', async () => {
    serve(makeSessionUser({ clinics: [RIVERSIDE, CAMDEN] }), () =>
      json(makePatientPage([makePatientListItem(), JAMES])),
    );
    renderPage('/patients?clinic=camden&archived=1');
    expect(await screen.findByRole('combobox', { name: 'Clinic' })).toBeInTheDocument();
    expect(await screen.findByRole('columnheader', { name: 'Clinic' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: CAMDEN.name })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Show archived' })).toBeChecked();
    expect(lists[0]?.get('clinic')).toBe('camden');
    expect(lists[0]?.get('archived')).toBe('true');
  });

  it('shows cards on a phone', async () => {
    stubViewportWidth(390);
    serve(makeSessionUser(), () => json(makePatientPage()));
    renderPage();
    const cards = await screen.findByRole('list', { name: 'Patients' });
    expect(within(cards).getByRole('link', { name: 'Garcia, Maria “Mia”' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('PatientsPage download', () => {
  let saved: { name: string; text: string }[];
  let exports: URLSearchParams[];
  let fresh: boolean;

  beforeEach(() => {
    saved = [];
    exports = [];
    fresh = false;
    const blobs = new Map<string, Blob>();
    URL.createObjectURL = vi.fn((blob: Blob) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob);
      return url;
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      const blob = blobs.get(this.href);
      if (blob) void blob.text().then((text) => saved.push({ name: this.download, text }));
    });
  });
  afterEach(() => vi.restoreAllMocks());

  /** The export as the server answers it: refused (step_up_required) until a step-up is given. */
  function serveWithExport(user: SessionUser, editable: string[] | undefined = undefined) {
    lists = [];
    stubSignedIn(user, (request) => {
      if (request.url.pathname === '/api/patients') {
        lists.push(request.url.searchParams);
        return json(makePatientPage([makePatientListItem()], null, editable));
      }
      if (request.url.pathname === '/api/auth/step-up') {
        fresh = true;
        return json({ ok: true });
      }
      if (request.url.pathname === '/api/patients/export') {
        exports.push(request.url.searchParams);
        if (!fresh) {
          return json(
            { error: 'step_up_required', message: 'Confirm it is you to continue.' },
            403,
          );
        }
        return new Response('id,name\n1,Maria Garcia\n', {
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': 'attachment; filename="patients-2026-11-29.csv"',
          },
        });
      }
      return null;
    });
  }

  function renderWithStepUp(path: string) {
    return renderRoutes(
      [
        {
          path: '/patients',
          element: (
            <>
              <PatientsPage />
              <StepUpDialogHost />
            </>
          ),
        },
      ],
      path,
    );
  }

  it('asks for the second factor when the server wants a fresh one, then saves the CSV of what the search finds', async () => {
    serveWithExport(makeSessionUser({ role: 'staff' }));
    renderWithStepUp('/patients?q=garcia&archived=1');
    const person = userEvent.setup();
    await person.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(saved).toEqual([]);
    await person.type(screen.getByLabelText('Code from your authenticator app'), '123456');
    await person.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(saved).toEqual([
        { name: 'patients-2026-11-29.csv', text: 'id,name\n1,Maria Garcia\n' },
      ]),
    );
    expect(exports.map((q) => q.toString())).toEqual([
      'q=garcia&archived=true',
      'q=garcia&archived=true',
    ]);
  });

  it('saves nothing and says why when the step-up is cancelled', async () => {
    serveWithExport(makeSessionUser({ role: 'staff' }));
    renderWithStepUp('/patients');
    const person = userEvent.setup();
    await person.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await person.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Confirm it is you to continue.');
    expect(saved).toEqual([]);
    expect(exports).toHaveLength(1);
  });

  it('offers no download where the server says the user may not change records', async () => {
    serve(makeSessionUser({ role: 'provider' }), () =>
      json(makePatientPage([makePatientListItem()], null, [])),
    );
    renderPage();
    await screen.findByRole('link', { name: 'Garcia, Maria “Mia”' });
    expect(screen.queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
  });

  it('offers a provider the download of their clinic where it lets providers change records', async () => {
    serveWithExport(makeSessionUser({ role: 'provider' }), ['riverside']);
    fresh = true;
    renderWithStepUp('/patients?clinic=riverside');
    await userEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(exports.map((q) => q.toString())).toEqual(['clinic=riverside']);
  });
});
