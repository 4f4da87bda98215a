// The SMART module's public entry (ADR 059): admins' routes for SMART Backend Services clients,
// the discovery document and token endpoint, and how the FHIR API finds the caller of a token.
export { smartRoutes } from './smart.routes';
export { authenticateSmartToken, isSmartAccessToken, smartClientContext } from './token-auth';
