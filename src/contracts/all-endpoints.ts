// Every contract, for what needs them all at once: the type that leads from a route to its
// endpoint, and the answer checks of development builds and tests. It brings zod; the web app's
// production code only names it in types.
import * as accounts from './accounts';
import * as admin from './admin';
import * as appointments from './appointments';
import * as auth from './auth';
import * as availability from './availability';
import * as clinicPolicy from './clinic-policy';
import * as clinics from './clinics';
import * as dashboard from './dashboard';
import type { Endpoint, Route } from './endpoint';
import * as feeds from './feeds';
import * as integrations from './integrations';
import * as onlineBooking from './online-booking';
import * as outbox from './outbox';
import * as outsideCalendars from './outside-calendars';
import * as passkeys from './passkeys';
import * as patientMerge from './patient-merge';
import * as patientImport from './patient-import';
import * as patients from './patients';
import * as reports from './reports';
import * as resources from './resources';
import * as series from './series';
import * as services from './services';
import * as session from './session';
import * as sso from './sso';
import * as system from './system';
import * as textMessages from './text-messages';
import * as twoStep from './two-step';
import * as waitlist from './waitlist';
import * as webhooks from './webhooks';

export const contractModules = {
  accounts,
  admin,
  appointments,
  auth,
  availability,
  clinicPolicy,
  clinics,
  dashboard,
  feeds,
  integrations,
  onlineBooking,
  outbox,
  outsideCalendars,
  passkeys,
  patientMerge,
  patientImport,
  patients,
  reports,
  resources,
  series,
  services,
  session,
  sso,
  system,
  textMessages,
  twoStep,
  waitlist,
  webhooks,
};

type Modules = typeof contractModules;
type Exported = { [M in keyof Modules]: Modules[M][keyof Modules[M]] }[keyof Modules];
export type AnyEndpoint = Extract<Exported, Endpoint>;

/** The endpoint a route belongs to, found by its operation id. */
export type EndpointOf<R extends Route> = Extract<AnyEndpoint, { operationId: R['operationId'] }>;

function isEndpoint(value: unknown): value is Endpoint {
  return (
    typeof value === 'object' && value !== null && 'operationId' in value && 'responses' in value
  );
}

export const allEndpoints: readonly Endpoint[] = Object.values(contractModules).flatMap((m) =>
  Object.values(m).filter(isEndpoint),
);

export function endpointByOperationId(operationId: string): Endpoint | undefined {
  return allEndpoints.find((e) => e.operationId === operationId);
}
