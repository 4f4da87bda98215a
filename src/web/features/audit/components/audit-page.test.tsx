// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntryView } from '@contracts/admin';
import {
  json,
  makeSessionUser,
  polyfillPointerApis,
  stubSignedIn,
  type ApiRequest,
} from '@web/test/api-stub';
import { cleanUpAfterEach, renderRoutes } from '@web/test/render-with-client';
import { AuditPage } from './audit-page';

const NORA = {
  id: '5e1b1f9a-2c3d-4e5f-8a9b-0c1d2e3f4a5b',
  name: 'Nora Kelly',
  email: 'nora@x.test',
};
const OLIVE = '4a554ef1-8a36-40fe-ae4d-472e496c2cdb';
const ANNA = '6b1c5a3e-0c4d-4f6a-9b2e-1d3c5e7f9a0b';
const JOSE = '7c2d6b4f-1d5e-4a7b-8c3f-2e4d6f8a0b1c';
const appt = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

/** A read of a list that showed three appointments, as the server sends it (one entry). */
const listRead: AuditEntryView = {
  id: '812',
  at: '2026-11-21T15:01:00.000Z',
  user: NORA,
  action: 'read',
  entityType: 'appointment',
  entityId: null,
  patientId: null,
  patientName: null,
  records: [
    { entityId: appt(1), patientId: OLIVE, patientName: 'Olive Ours' },
    { entityId: appt(2), patientId: ANNA, patientName: 'Anna Smith' },
    { entityId: appt(3), patientId: JOSE, patientName: 'José Núñez' },
  ],
  ip: '10.0.0.1',
  details: null,
};

let requests: ApiRequest[];

beforeEach(() => {
  polyfillPointerApis();
  const user = makeSessionUser({ ...NORA, id: 'a-1', name: 'Alex Morgan', clinics: [] });
  requests = stubSignedIn(user, ({ url }) => {
    if (url.pathname === '/api/admin/agents') return json({ data: [] });
    if (url.pathname === '/api/admin/audit') {
      return json({ data: [listRead], pagination: { hasNextPage: false, currentPage: 1 } });
    }
    return null;
  }).requests;
});
cleanUpAfterEach();

function renderPage(url = '/admin/audit') {
  return renderRoutes([{ path: '/admin/audit', element: <AuditPage /> }], url).router;
}

const auditCalls = () =>
  requests.map(({ url }) => url).filter((url) => url.pathname === '/api/admin/audit');
const lastAuditCall = () => auditCalls().at(-1)!.searchParams;
const download = () => screen.getByRole('link', { name: 'Download CSV' });

describe('AuditPage', { timeout: 20_000 }, () => {
  it('shows a list read as one entry that opens into its patients', async () => {
    const user = userEvent.setup();
    renderPage();
    const row = await screen.findByRole('row', { name: /Nora Kelly/ });
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(within(row).getByText('Viewed')).toBeInTheDocument();
    expect(within(row).getByText('3 appointments')).toBeInTheDocument();
    await user.click(within(row).getByText('Olive Ours, Anna Smith and 1 more'));
    await user.click(within(row).getByRole('button', { name: 'Only entries for José Núñez' }));
    await waitFor(() => expect(lastAuditCall().get('patientId')).toBe(JOSE));
  });

  it('filters by action and by patient name, and sends them to the server', async () => {
    const user = userEvent.setup();
    const router = renderPage();
    await screen.findByRole('row', { name: /Nora Kelly/ });

    const action = screen.getByRole('combobox', { name: 'Action' });
    await waitFor(() => expect(action).toBeEnabled());
    await user.click(action);
    await user.click(await screen.findByRole('option', { name: 'Rescheduled' }));
    await waitFor(() => expect(lastAuditCall().get('action')).toBe('reschedule'));

    const before = auditCalls().length;
    await user.type(screen.getByLabelText('Patient name'), 'jo nu');
    // One request once typing pauses, not one per key.
    await waitFor(() => expect(lastAuditCall().get('patientName')).toBe('jo nu'));
    expect(auditCalls().length - before).toBe(1);
    expect(router.state.location.search).toBe('?action=reschedule&name=jo+nu');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByLabelText('Patient name')).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Action' })).toHaveTextContent('All actions');
  });

  it('downloads the CSV of what the filters show, times in the viewer’s zone', async () => {
    renderPage('/admin/audit?action=cancel&name=Olive&from=2026-11-01');
    await screen.findByRole('row', { name: /Nora Kelly/ });
    expect(screen.getByRole('combobox', { name: 'Action' })).toHaveTextContent('Cancelled');
    expect(screen.getByLabelText('Patient name')).toHaveValue('Olive');
    expect(download()).toHaveAttribute('download');
    const href = new URL(download().getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe('/api/admin/audit/export.csv');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      action: 'cancel',
      patientName: 'Olive',
      from: '2026-11-01T04:00:00.000Z',
      timeZone: 'America/New_York',
    });
  });
});
