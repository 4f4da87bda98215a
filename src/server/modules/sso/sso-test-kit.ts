import { expect } from 'vitest';
import type { IdentityProviderBody, IdentityProviderView } from '@contracts/sso';
import type { Api } from '../../test/api-client';
import { TEST_CLIENT_ID, TEST_CLIENT_SECRET } from '../../test/oidc-kit';

/** A provider's settings as an admin would save them, for the tests of this module. */
export function providerBody(
  issuer: string,
  clinicId: string,
  overrides: Partial<IdentityProviderBody> = {},
): IdentityProviderBody {
  return {
    name: 'Riverside Entra ID',
    issuer,
    clientId: TEST_CLIENT_ID,
    clientSecret: TEST_CLIENT_SECRET,
    clinicIds: [clinicId],
    emailDomains: ['riverside.example'],
    groupMappings: [
      { group: 'carebook-nurses', role: 'nurse', clinicIds: [clinicId] },
      { group: 'carebook-admins', role: 'admin', clinicIds: [clinicId] },
    ],
    createUsers: true,
    linkByEmail: true,
    ssoOnly: false,
    ...overrides,
  };
}

export async function saveProvider(admin: Api, body: IdentityProviderBody) {
  const res = await admin.post('/api/admin/identity-providers', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<IdentityProviderView>();
}
