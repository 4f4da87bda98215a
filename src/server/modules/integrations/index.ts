// The integrations module's public entry: the admins' routes for integration tokens, and how the
// FHIR API finds the caller behind one.
export { integrationsRoutes } from './integrations.routes';
export { authenticateApiToken } from './token-auth';
export { revokeSharedCredential, sharedCredentialView } from './shared-revocation';
