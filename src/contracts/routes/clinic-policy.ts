// The zod-free part of each clinic-policy contract: enough for the web app to call it without
// loading the schemas. The contract in ../clinic-policy.ts spreads its route, so the two cannot differ.
import { defineRoute } from '../endpoint';

export const clinicPolicyPaths = {
  policy: '/api/admin/clinics/:slug/policy',
  mailPreviews: '/api/admin/clinics/:slug/mail-previews',
} as const;

export const createClinicRoute = defineRoute({
  method: 'POST',
  path: '/api/admin/clinics',
  operationId: 'createClinic',
});

export const getClinicPolicyRoute = defineRoute({
  method: 'GET',
  path: clinicPolicyPaths.policy,
  operationId: 'getClinicPolicy',
});

export const updateClinicPolicyRoute = defineRoute({
  method: 'PUT',
  path: clinicPolicyPaths.policy,
  operationId: 'updateClinicPolicy',
});

export const getMailPreviewsRoute = defineRoute({
  method: 'GET',
  path: clinicPolicyPaths.mailPreviews,
  operationId: 'getMailPreviews',
});
