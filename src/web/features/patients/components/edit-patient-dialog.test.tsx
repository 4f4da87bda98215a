// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { json, polyfillPointerApis, stubApi, type ApiRequest } from '@web/test/api-stub';
import { cleanUpAfterEach, renderWithClient } from '@web/test/render-with-client';
import { makePatientRecord, MARIA_ID } from '../test/patient-factory';
import { EditPatientDialog, SAVED_MESSAGE } from './edit-patient-dialog';

const CHANGED_MEANWHILE =
  'Someone else changed this patient’s details since you opened them. Reload to see their changes, then make yours again.';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

let patches: ApiRequest[];
let answer: () => Response;

beforeEach(() => {
  polyfillPointerApis();
  vi.mocked(toast.success).mockClear();
  patches = [];
  answer = () => json(makePatientRecord({ version: 5 }));
  stubApi((request) => {
    if (request.method !== 'PATCH' || request.url.pathname !== `/api/patients/${MARIA_ID}`) {
      return null;
    }
    patches.push(request);
    return answer();
  });
});
cleanUpAfterEach();

const onOpenChange = vi.fn();
const onReload = vi.fn();

function renderDialog() {
  onOpenChange.mockClear();
  onReload.mockClear();
  return renderWithClient(
    <EditPatientDialog
      patient={makePatientRecord()}
      open
      onOpenChange={onOpenChange}
      onReload={onReload}
    />,
  );
}

async function replace(label: string, text: string) {
  const field = screen.getByLabelText(label);
  await userEvent.clear(field);
  if (text) await userEvent.type(field, text);
}

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

describe('EditPatientDialog', () => {
  it('sends only the fields that changed, with the version it read', async () => {
    renderDialog();
    await replace('Phone', '(555) 987-6543');
    await replace('City', '');
    await save();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(patches).toHaveLength(1);
    expect(patches[0]?.body).toEqual({ version: 4, phone: '(555) 987-6543', city: null });
    expect(toast.success).toHaveBeenCalledWith(SAVED_MESSAGE);
  });

  it('refuses what the contract refuses, in words, without asking the server', async () => {
    renderDialog();
    await replace('First name*', '');
    await replace('Phone', 'call me');
    await save();
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(
      screen.getByText('Phone must be a phone number such as (555) 123-4567'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');
    expect(patches).toHaveLength(0);
  });

  it('says the record changed meanwhile and offers to reload it', async () => {
    answer = () => json({ error: 'conflict', message: CHANGED_MEANWHILE }, 409);
    renderDialog();
    await replace('Preferred name', 'Mari');
    await save();
    // Said once, with the way to act on it, not again above the buttons.
    expect(await screen.findAllByText(CHANGED_MEANWHILE)).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Reload the record' }));
    expect(onReload).toHaveBeenCalled();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('shows a taken e-mail at its field', async () => {
    const taken = 'is already used by another patient of this clinic';
    answer = () =>
      json(
        {
          error: 'conflict',
          message: 'Another patient has this e-mail address.',
          fields: [{ field: 'email', message: taken }],
        },
        409,
      );
    renderDialog();
    await replace('E-mail*', 'jo@example.com');
    await save();
    expect(await screen.findByText(taken)).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail*')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(CHANGED_MEANWHILE)).not.toBeInTheDocument();
  });

  it('closes without a request when nothing changed', async () => {
    renderDialog();
    await save();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(patches).toHaveLength(0);
  });
});
