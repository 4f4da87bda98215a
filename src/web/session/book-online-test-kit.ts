import { fireEvent, screen } from '@testing-library/react';

/** Fills in the details as Mia Okafor, a new patient, agrees, and holds the time picked. */
export function holdAsMia() {
  for (const [label, value] of [
    ['First name', 'Mia'],
    ['Last name', 'Okafor'],
    ['E-mail', 'mia@example.com'],
    ['Phone', '(555) 010-7788'],
    ['Date of birth', '1990-04-30'],
  ] as const)
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  fireEvent.click(screen.getByLabelText(/I agree/));
  fireEvent.click(screen.getByRole('button', { name: 'Hold this time' }));
}
