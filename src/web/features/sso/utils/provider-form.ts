import { z } from 'zod';
import { identityProviderBody, type IdentityProviderView } from '@contracts/sso';
import { worded } from '@web/lib/form-schema';

const { shape } = identityProviderBody;

/**
 * identityProviderBody's rules in the form's words. E-mail domains are typed in one field,
 * separated by commas or spaces; the secret, left empty when changing a provider, is not sent.
 */
export const providerFormSchema = z.object({
  name: worded(shape.name, () => 'Name the identity provider in at most 120 characters.'),
  issuer: worded(
    shape.issuer,
    () =>
      'Enter the issuer’s address, starting with https:// (for example https://login.example.org).',
  ),
  clientId: worded(shape.clientId, () => 'Enter the client id the identity provider issued.'),
  clientSecret: z
    .string()
    .max(500, 'The client secret must be at most 500 characters.')
    .transform((s) => s || undefined),
  clinicIds: worded(shape.clinicIds, () => 'Choose at least one clinic.'),
  emailDomains: z
    .string()
    .transform((text) => text.split(/[\s,;]+/).filter(Boolean))
    .pipe(worded(shape.emailDomains, () => 'Write each domain like north-clinic.org.')),
  groupMappings: worded(shape.groupMappings, (issue) =>
    issue.path.includes('clinicIds')
      ? 'Give each group at least one clinic.'
      : 'Name each group, in at most 200 characters.',
  ),
  createUsers: z.boolean(),
  linkByEmail: z.boolean(),
  ssoOnly: z.boolean(),
});
export type ProviderFormValues = z.input<typeof providerFormSchema>;
export type ProviderFormOutput = z.output<typeof providerFormSchema>;

export function providerFormValues(
  provider: IdentityProviderView | null,
  clinicIds: string[],
): ProviderFormValues {
  if (!provider) {
    return {
      name: '',
      issuer: '',
      clientId: '',
      clientSecret: '',
      clinicIds,
      emailDomains: '',
      groupMappings: [],
      createUsers: false,
      linkByEmail: false,
      ssoOnly: false,
    };
  }
  return {
    name: provider.name,
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: '',
    clinicIds: provider.clinics.map((c) => c.id),
    emailDomains: provider.emailDomains.join(', '),
    groupMappings: provider.groupMappings.map((m) => ({ ...m, clinicIds: [...m.clinicIds] })),
    createUsers: provider.createUsers,
    linkByEmail: provider.linkByEmail,
    ssoOnly: provider.ssoOnly,
  };
}
