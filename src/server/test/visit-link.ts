import type { App } from '../app';

/** Where the patients of these tests call from: one address, so rate limits see one client. */
export const PATIENT_ADDRESS = '203.0.113.9';

/** The patient moves their visit to `start` through their link; the answer as it is. */
export const patientMove = (app: App, token: string, start: string) =>
  app.inject({
    method: 'POST',
    url: '/api/session/reschedule',
    payload: { token, start },
    remoteAddress: PATIENT_ADDRESS,
  });

/** The patient cancels their visit through their link, with a reason or without. */
export const patientCancel = (app: App, token: string, reason?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/session/cancel',
    payload: reason === undefined ? { token } : { token, reason },
    remoteAddress: PATIENT_ADDRESS,
  });
