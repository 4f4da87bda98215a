// The accounts module's public entry (issue 43, ADR 047): password reset by e-mail, invitations
// and each user's sessions. Everything else in this folder is the module's own business.
export { accountsRoutes } from './accounts.routes';
