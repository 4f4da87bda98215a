import { z } from 'zod';
import { inviteStaffBody } from '@contracts/accounts';
import { labelled, worded } from '@web/lib/form-schema';

// The invitation's rules (inviteStaffBody), worded for the admin filling in the form.
const { shape } = inviteStaffBody;

export const inviteFormSchema = z.object({
  name: worded(shape.name, (issue) =>
    issue.code === 'too_big'
      ? `Name must be at most ${issue.maximum} characters.`
      : issue.code === 'too_small'
        ? 'Enter a name.'
        : `Name ${issue.message}.`,
  ),
  email: worded(shape.email, () => 'Enter a valid email address.'),
  role: shape.role,
  clinicIds: worded(shape.clinicIds, (issue) =>
    issue.code === 'too_small' ? 'Choose at least one clinic.' : labelled('Clinics')(issue),
  ),
});
export type InviteFormValues = z.input<typeof inviteFormSchema>;
