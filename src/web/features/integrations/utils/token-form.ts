import { z } from 'zod';
import {
  API_TOKEN_NAME_MAX,
  API_TOKEN_SCOPE_SETS,
  createApiTokenBody,
} from '@contracts/integrations';
import { worded } from '@web/lib/form-schema';

export type TokenAccess = keyof typeof API_TOKEN_SCOPE_SETS;

/** The create form's fields as typed: the scopes are chosen as one of two kinds of access. */
export interface TokenFormValues {
  name: string;
  clinicIds: string[];
  access: TokenAccess;
  visitLinks: boolean;
}

const { shape } = createApiTokenBody;

/** createApiTokenBody's rules in the form's words; the output is the body the server takes. */
export const tokenFormSchema = z
  .object({
    name: worded(shape.name, (issue) =>
      issue.code === 'too_big'
        ? `The name must be at most ${API_TOKEN_NAME_MAX} characters.`
        : issue.code === 'too_small'
          ? 'Enter a name, such as the system that will use the token.'
          : 'The name must be a single line of text.',
    ),
    clinicIds: worded(shape.clinicIds, () => 'Choose at least one clinic.'),
    access: z.enum(['read', 'readWrite']),
    visitLinks: z.boolean(),
  })
  .transform(({ name, clinicIds, access, visitLinks }) => ({
    name,
    clinicIds,
    scopes: [...API_TOKEN_SCOPE_SETS[access]] as ['read'] | ['read', 'write'],
    visitLinks,
  }));

export type TokenFormOutput = z.output<typeof tokenFormSchema>;
