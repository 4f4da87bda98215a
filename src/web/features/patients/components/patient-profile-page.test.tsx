// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PatientProfile } from '@contracts/patients';
import {
  byRoute,
  errorResponse,
  json,
  makeSessionUser,
  stubSignedIn,
  type ApiRequest,
} from '@web/test/api-stub';
import { cleanUpAfterEach, renderRoutes } from '@web/test/render-with-client';
import { makePatientProfile, makePatientRecord, MARIA_ID } from '../test/patient-factory';
import { PatientProfilePage } from './patient-profile-page';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

let notes: ApiRequest[];

function serve(profile: PatientProfile | Response) {
  notes = [];
  stubSignedIn(
    makeSessionUser(),
    byRoute({
      [`GET /api/patients/${MARIA_ID}`]: () =>
        profile instanceof Response ? profile : json(profile),
      [`POST /api/patients/${MARIA_ID}/notes`]: (request) => {
        notes.push(request);
        return json(
          { id: 'n2', text: 'Asked', author: 'Alex Morgan', at: '2026-11-02T10:00:00Z' },
          201,
        );
      },
    }),
  );
}

const visitDetails = vi.fn();

function renderProfile() {
  return renderRoutes(
    [
      {
        path: '/patients/:id',
        element: (
          <PatientProfilePage
            id={MARIA_ID}
            renderBookButton={(patient) => <button>Book {patient.email}</button>}
            renderVisitDetails={(id) => {
              visitDetails(id);
              return null;
            }}
          />
        ),
      },
      { path: '/patients', element: <p>Patients list</p> },
    ],
    `/patients/${MARIA_ID}`,
  );
}

beforeEach(() => visitDetails.mockClear());
cleanUpAfterEach();

describe('PatientProfilePage', () => {
  it('names the patient with their preferred name and shows every field in words', async () => {
    serve(makePatientProfile());
    renderProfile();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Maria “Mia” Garcia' }),
    ).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Details' });
    const value = (term: string) => within(details).getByText(term).nextElementSibling;
    expect(value('Date of birth')).toHaveTextContent('03/07/1984');
    expect(value('Gender')).toHaveTextContent('Female');
    expect(value('Language')).toHaveTextContent('Español');
    expect(value('Contact by')).toHaveTextContent('Text message');
    expect(value('Address')).toHaveTextContent('41 Orchard Lane');
    expect(value('Address')).toHaveTextContent('Springfield, IL 62704');
    expect(within(details).queryByText(/off at the patient’s request/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book maria.garcia@example.com' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeVisible();
  });

  it('says when the patient asked for no reminders', async () => {
    serve(makePatientProfile({ patient: makePatientRecord({ remindersOptOut: true }) }));
    renderProfile();
    expect(await screen.findByText('Reminders: off at the patient’s request')).toBeInTheDocument();
  });

  it('hides Edit and the note form from those who may not change the record', async () => {
    serve(makePatientProfile({ canEdit: false }));
    renderProfile();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Add a note' })).not.toBeInTheDocument();
    expect(screen.getByText('Prefers morning visits.')).toBeInTheDocument();
  });

  it('tells the history in words', async () => {
    serve(makePatientProfile());
    renderProfile();
    const history = await screen.findByRole('region', { name: 'History' });
    expect(
      within(history).getByText('Phone changed from (555) 201-0000 to (555) 201-4477'),
    ).toBeInTheDocument();
    expect(
      within(history).getByText('Contact by changed from E-mail to Text message'),
    ).toBeInTheDocument();
    expect(within(history).getByText(/^Alex Morgan, Oct 30, 2026 at/)).toBeInTheDocument();
  });

  it('shows the visits with their counts and opens one', async () => {
    serve(makePatientProfile());
    renderProfile();
    const visits = await screen.findByRole('region', { name: 'Visits' });
    expect(within(visits).getByText('No-shows').nextElementSibling).toHaveTextContent('1');
    await userEvent.click(within(visits).getByRole('button', { name: /^Dec 2, 2026/ }));
    expect(visitDetails).toHaveBeenLastCalledWith('9d0c7a3e-1b2f-4c5d-8e9f-0a1b2c3d4e5f');
    await userEvent.click(within(visits).getByRole('tab', { name: /Past/ }));
    expect(within(visits).getByText('Late cancellation')).toBeInTheDocument();
    expect(within(visits).getByText('Cancelled')).toBeInTheDocument();
  });

  it('adds a note', async () => {
    serve(makePatientProfile());
    renderProfile();
    const box = await screen.findByRole('textbox', { name: 'Add a note' });
    await userEvent.type(box, '  Asked for a Spanish-speaking provider. ');
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(notes).toHaveLength(1));
    expect(notes[0]?.body).toEqual({ text: 'Asked for a Spanish-speaking provider.' });
  });

  it('says the patient was not found, with a way back', async () => {
    serve(errorResponse(404, 'Patient not found.', 'not_found'));
    renderProfile();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Patient not found' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back to Patients' }));
    expect(await screen.findByText('Patients list')).toBeInTheDocument();
  });
});

describe('archiving and erasing from the profile', () => {
  let writes: ApiRequest[];
  function serveWrites(profile: PatientProfile) {
    writes = [];
    const record = (request: ApiRequest) => {
      writes.push(request);
      return json(profile.patient);
    };
    stubSignedIn(
      makeSessionUser(),
      byRoute({
        [`GET /api/patients/${MARIA_ID}`]: () => json(profile),
        [`PATCH /api/patients/${MARIA_ID}`]: record,
        [`POST /api/patients/${MARIA_ID}/erase`]: record,
      }),
    );
  }

  it('archives with the version read', async () => {
    serveWrites(makePatientProfile());
    renderProfile();
    await userEvent.click(
      await screen.findByRole('button', { name: 'More actions for this patient' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Archive' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]!.body).toEqual({ version: 4, archived: true });
  });

  it('erases only with a reason, after saying what goes and what stays', async () => {
    serveWrites(makePatientProfile());
    renderProfile();
    await userEvent.click(
      await screen.findByRole('button', { name: 'More actions for this patient' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Erase personal data…' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/cannot be undone/)).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Erase personal data' });
    await userEvent.click(confirm);
    expect(writes).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Asked in writing');
    await userEvent.click(confirm);
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]!.body).toEqual({ version: 4, reason: 'Asked in writing' });
  });

  it('shows an erased record without anything to do to it', async () => {
    serveWrites(
      makePatientProfile({
        patient: makePatientRecord({ erased: true, archived: true, firstName: 'Erased' }),
      }),
    );
    renderProfile();
    expect(await screen.findByText('Personal data erased')).toBeInTheDocument();
    for (const name of ['Edit', 'More actions for this patient']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: /^Book/ })).not.toBeInTheDocument();
  });
});
