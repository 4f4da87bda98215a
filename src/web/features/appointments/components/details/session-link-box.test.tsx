// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createAppointment } from '../../test/appointment-factory';
import { fakeApi } from '../../test/fake-api';
import { json } from '@web/test/api-stub';
import { cleanUpAfterEach, renderWithClient } from '@web/test/render-with-client';
import { SessionLinkBox } from './session-link-box';

cleanUpAfterEach();

describe('SessionLinkBox Reset link', () => {
  it('asks first; Keep link sends nothing, Yes resets and says the patient was sent the new one', async () => {
    const calls = fakeApi({
      'POST /api/appointments/a-1/link-reset': () =>
        json(createAppointment({ _id: 'a-1', token: 'N'.repeat(32) })),
    });
    renderWithClient(<SessionLinkBox token={'O'.repeat(32)} appointmentId="a-1" canReset />, {
      toasts: true,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Reset link' }));
    expect(
      screen.getByText(/The link the patient has now will stop working at once/),
    ).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Keep link' }));
    expect(screen.queryByRole('button', { name: 'Yes, reset link' })).toBeNull();
    expect(calls).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Reset link' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, reset link' }));
    expect(
      await screen.findByText('Link reset. The patient was sent the new link.'),
    ).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'POST /api/appointments/a-1/link-reset',
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Yes, reset link' })).toBeNull(),
    );
  });

  it('is not offered for an appointment that can no longer change', () => {
    renderWithClient(
      <SessionLinkBox token={'O'.repeat(32)} appointmentId="a-1" canReset={false} />,
      { toasts: true },
    );
    expect(screen.queryByRole('button', { name: 'Reset link' })).toBeNull();
  });
});
