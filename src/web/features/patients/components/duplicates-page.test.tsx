// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DuplicatePairPage } from '@contracts/patient-merge';
import {
  byRoute,
  errorResponse,
  json,
  makeSessionUser,
  stubSignedIn,
  type ApiRequest,
} from '@web/test/api-stub';
import { cleanUpAfterEach, renderRoutes } from '@web/test/render-with-client';
import { makePatientRecord } from '../test/patient-factory';
import { DuplicatesPage } from './duplicates-page';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const older = {
  ...makePatientRecord({
    id: '11111111-1111-4111-8111-111111111111',
    firstName: 'Maria',
    preferredName: null,
    createdAt: '2024-01-01T00:00:00.000Z',
    version: 3,
  }),
  visits: 4,
};
const newer = {
  ...makePatientRecord({
    id: '22222222-2222-4222-8222-222222222222',
    firstName: 'María',
    preferredName: null,
    email: 'maria.g@example.net',
    createdAt: '2026-10-01T00:00:00.000Z',
    version: 1,
  }),
  visits: 0,
};
const page: DuplicatePairPage = {
  pairs: [{ patients: [newer, older], reasons: ['birthDateAndName'] }],
  next: null,
  editableClinics: [newer.clinic.slug],
};

function serve(answer: () => Response, role: 'admin' | 'nurse' = 'admin') {
  const merges: ApiRequest[] = [];
  stubSignedIn(
    makeSessionUser({ role }),
    byRoute({
      'GET /api/patients/duplicates': answer,
      [`POST /api/patients/${newer.id}/merge`]: (request) => {
        merges.push(request);
        return json({
          kept: newer,
          mergedAwayId: older.id,
          moved: { appointments: 4, waitlistEntries: 0, series: 0, notes: 0 },
          filled: [],
        });
      },
    }),
  );
  return merges;
}

const renderPage = () =>
  renderRoutes(
    [{ path: '/patients/duplicates', element: <DuplicatesPage /> }],
    '/patients/duplicates',
  );

cleanUpAfterEach();

describe('DuplicatesPage', () => {
  it('compares a pair, keeps the chosen record and merges with both versions read', async () => {
    const merges = serve(() => json(page));
    renderPage();
    const pair = await screen.findByRole('listitem');
    expect(within(pair).getByText('Same date of birth and a similar name')).toBeInTheDocument();
    await userEvent.click(within(pair).getByRole('button', { name: /^Compare and merge/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Merge these records?' });
    // The record with more visits is offered as the one to keep.
    expect(within(dialog).getByRole('radio', { name: /Keep record B/ })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('radio', { name: /Keep record A/ }));
    expect(
      within(dialog).getByText('Maria Garcia’s record will be merged into María Garcia’s.'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge records' }));
    await vi.waitFor(() => expect(merges).toHaveLength(1));
    expect(merges[0]!.body).toEqual({ mergedAwayId: older.id, version: 1, mergedAwayVersion: 3 });
  });

  it('offers nothing to change where the server says the user only reads records', async () => {
    serve(() => json({ ...page, editableClinics: [] }), 'nurse');
    renderPage();
    const pair = await screen.findByRole('listitem');
    expect(within(pair).queryByRole('button')).toBeNull();
  });

  it('says when there is nothing to look at', async () => {
    serve(() => json({ pairs: [], next: null, editableClinics: [] }));
    renderPage();
    expect(
      await screen.findByText('No possible duplicates among your patients.'),
    ).toBeInTheDocument();
  });

  it('says why the list failed', async () => {
    serve(() =>
      errorResponse(503, 'The database is unavailable; try again shortly.', 'service_unavailable'),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is unavailable');
  });
});
