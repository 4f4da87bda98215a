/**
 * Why a single sign-on did not sign someone in: the code the server puts in
 * /auth/login?sso_error=…, and the sentence the sign-in page shows for it. Declared once, so the
 * server can only send codes the page can word.
 */
export const SSO_ERROR_MESSAGES = {
  no_provider:
    'No identity provider signs in addresses like this one. Sign in with your password, or ask your admin.',
  unavailable:
    'Your identity provider could not be reached. Try again in a minute; if it keeps happening, tell your admin.',
  provider_error:
    'Your identity provider did not sign you in. Try again, or ask your admin if it keeps happening.',
  state: 'This sign-in has expired or was already used. Start again with “Single sign-on”.',
  browser:
    'This sign-in was started in another browser. Start again with “Single sign-on” in this one.',
  issuer:
    'The answer did not come from the identity provider your clinic set up, so it was refused. Tell your admin.',
  audience: 'The answer was meant for another application, so it was refused. Tell your admin.',
  nonce: 'The answer did not belong to this sign-in, so it was refused. Start again.',
  expired: 'The identity provider’s answer had expired. Start again.',
  clock:
    'The identity provider’s clock and ours disagree by too much to trust its answer. Tell your admin.',
  invalid:
    'The identity provider’s answer could not be verified, so it was refused. Tell your admin.',
  email_unverified:
    'Your identity provider has not verified your e-mail address, so you cannot sign in with it here. Ask your admin.',
  not_allowed:
    'There is no Carebook account for you that this identity provider may sign in to. Ask your admin to invite you.',
  no_group:
    'None of your groups at the identity provider gives access to Carebook. Ask your admin to add you to one.',
  inactive: 'Your Carebook account is deactivated. Ask your admin.',
} as const;

export type SsoErrorCode = keyof typeof SSO_ERROR_MESSAGES;

export function isSsoErrorCode(value: unknown): value is SsoErrorCode {
  return typeof value === 'string' && Object.hasOwn(SSO_ERROR_MESSAGES, value);
}

/** The sentence the password sign-in answers an account that must use its identity provider. */
export const SSO_ONLY_SIGN_IN =
  'Your account signs in with single sign-on. Choose “Single sign-on” and give your work e-mail address.';
