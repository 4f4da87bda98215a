// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SessionUser } from '@contracts/auth';
import {
  CAMDEN,
  errorResponse,
  json,
  makeSessionUser,
  RIVERSIDE,
  sessionHandler,
  stubApi,
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
  stubApi(
    sessionHandler(user, (request) => {
      if (request.url.pathname !== '/api/patients') return null;
      lists.push(request.url.searchParams);
      return answer(request);
    }),
  );
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
  it('offers the front desk the CSV of what the search finds', async () => {
    serve(makeSessionUser({ role: 'staff' }), () => json(makePatientPage([makePatientListItem()])));
    renderPage('/patients?q=garcia&archived=1');
    const link = await screen.findByRole('link', { name: 'Download CSV' });
    expect(link).toHaveAttribute('href', '/api/patients/export?q=garcia&archived=true');
  });

  it('offers no download where the server says the user may not change records', async () => {
    serve(makeSessionUser({ role: 'provider' }), () =>
      json(makePatientPage([makePatientListItem()], null, [])),
    );
    renderPage();
    await screen.findByRole('link', { name: 'Garcia, Maria “Mia”' });
    expect(screen.queryByRole('link', { name: 'Download CSV' })).not.toBeInTheDocument();
  });

  it('offers a provider the download where their clinic lets providers change records', async () => {
    serve(makeSessionUser({ role: 'provider' }), () =>
      json(makePatientPage([makePatientListItem()], null, ['riverside'])),
    );
    renderPage('/patients?clinic=riverside');
    expect(await screen.findByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/patients/export?clinic=riverside',
    );
  });
});
