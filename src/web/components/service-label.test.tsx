// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { json, RIVERSIDE, stubApi } from '@web/test/api-stub';
import { cleanUpAfterEach, renderWithClient } from '@web/test/render-with-client';
import { createServiceView } from '@web/test/service-view';
import { ServiceLabel } from './service-label';

const videoVisit = createServiceView({ name: 'Video visit', isDefault: true });
const physiotherapy = createServiceView({ name: 'Physiotherapy', colour: '#059669' });
const archived = createServiceView({ name: 'Massage', archived: true });

function serve() {
  stubApi(({ url }) => {
    if (url.pathname === '/api/clinics') return json([RIVERSIDE]);
    if (url.pathname === `/api/clinics/${RIVERSIDE.id}/services`) {
      expect(url.searchParams.get('archived')).toBe('include');
      return json({ data: [videoVisit, physiotherapy, archived] });
    }
    return null;
  });
}

const booked = (serviceId: string | null) => ({
  serviceId,
  patient: { clinic: RIVERSIDE.slug },
});

cleanUpAfterEach();

describe('ServiceLabel', () => {
  it('names the service an appointment booked, by the clinic’s slug', async () => {
    serve();
    renderWithClient(<ServiceLabel appointment={booked(physiotherapy.id)} />);
    expect(await screen.findByTestId('service-label')).toHaveTextContent('Service: Physiotherapy');
  });

  it('names the clinic’s default service when none was named', async () => {
    serve();
    renderWithClient(<ServiceLabel appointment={booked(null)} />);
    expect(await screen.findByTestId('service-label')).toHaveTextContent('Video visit');
  });

  it('still names a service archived since', async () => {
    serve();
    renderWithClient(<ServiceLabel appointment={booked(archived.id)} />);
    expect(await screen.findByTestId('service-label')).toHaveTextContent('Massage');
  });
});
