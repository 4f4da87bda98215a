// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { StaffSessionView } from '@contracts/session';
import { json, stubApi } from '@web/test/api-stub';
import { renderRoutes } from '@web/test/render-with-client';
import { createStaffSessionView } from '@web/test/visit-views';
import { SessionPage } from './session-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderSession(view: StaffSessionView) {
  stubApi(({ url }) => (url.pathname === '/api/sessions/a1' ? json(view) : undefined));
  renderRoutes([{ path: '/session/:id', element: <SessionPage /> }], '/session/a1');
}

const visit = (kind: 'video' | 'in_person' | 'phone', address: string | null = null) => ({
  kind,
  serviceName: 'Physiotherapy',
  address,
  instructions: null,
  phoneEnding: null,
});

describe('the staff visit page by kind of visit (issue 42)', () => {
  it('offers a video visit’s call to start', async () => {
    renderSession(createStaffSessionView({ visit: visit('video') }));
    expect(
      await screen.findByRole('heading', { name: 'Video visit with José Núñez' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start visit' })).toBeInTheDocument();
    expect(screen.getByText('Join window')).toBeInTheDocument();
  });

  it('says an in-person visit is in person, where, with no call to start or join window', async () => {
    renderSession(createStaffSessionView({ visit: visit('in_person', 'Treatment room 2') }));
    expect(
      await screen.findByRole('heading', { name: 'In-person visit with José Núñez' }),
    ).toBeInTheDocument();
    const how = screen.getByRole('region', { name: 'How the visit happens' });
    expect(how).toHaveTextContent('This visit is in person, so there is no video call.');
    expect(how).toHaveTextContent('Treatment room 2');
    expect(screen.queryByRole('button', { name: 'Start visit' })).toBeNull();
    expect(screen.queryByText('Join window')).toBeNull();
    expect(screen.getByText('Physiotherapy')).toBeInTheDocument();
  });

  it('says a phone visit is by phone', async () => {
    renderSession(createStaffSessionView({ visit: visit('phone') }));
    expect(
      await screen.findByRole('heading', { name: 'Phone visit with José Núñez' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'How the visit happens' })).toHaveTextContent(
      'This visit is by phone',
    );
    expect(screen.queryByRole('button', { name: 'Start visit' })).toBeNull();
  });
});
