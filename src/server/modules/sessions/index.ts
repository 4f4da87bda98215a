// The sessions module's public entry: the visit's routes, and the hub its signalling goes through.
export { sessionsRoutes } from './sessions.routes';
export { SignalHub } from './signal-hub';
export { confirmPatientSession } from './sessions.service';
