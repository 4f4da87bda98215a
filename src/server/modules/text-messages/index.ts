// The text-messages module's public entry (ADR 050): its routes, and the worker that sends texts.
export { textMessagesRoutes } from './text.routes';
export { createTextWorker, type TextWorker } from './text-worker';
export { textGatewayOf, type TextGateway } from './text-gateway';
