import { describe, expect, it } from 'vitest';
import { allEndpoints, contractModules } from '../all-endpoints';
import type { Endpoint, Route } from '../endpoint';

// The web app calls endpoints through these zod-free routes; the server registers them from the
// whole contracts. Found by file name, so a new contract or route file is checked without a list.
const routeModules = import.meta.glob<Record<string, unknown>>('./*.ts', { eager: true });
const contractFiles = import.meta.glob<Record<string, unknown>>(['../*.ts', '!../*.test.ts'], {
  eager: true,
});

const isRoute = (v: unknown): v is Route =>
  typeof v === 'object' && v !== null && 'operationId' in v && 'method' in v && 'path' in v;
const isEndpoint = (v: unknown): v is Endpoint => isRoute(v) && 'responses' in v;

const routes = Object.entries(routeModules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, v]) => isRoute(v))
    .map(([name, v]) => ({ file, name, route: v as Route })),
);

describe('the routes the web app calls', () => {
  it('are each the method, path and name of exactly one contract', () => {
    const byId = new Map(allEndpoints.map((e) => [e.operationId, e]));
    expect(routes.length).toBeGreaterThan(0);
    for (const { file, name, route } of routes) {
      const endpoint = byId.get(route.operationId);
      expect(endpoint, `${file} ${name} has no contract`).toBeDefined();
      expect(
        { method: endpoint!.method, path: endpoint!.path },
        `${route.operationId}: the contract and the route the web app calls differ`,
      ).toEqual({ method: route.method, path: route.path });
    }
  });

  it('exist for every contract, so no call needs the schemas', () => {
    const routed = new Set(routes.map((r) => r.route.operationId));
    expect(
      allEndpoints.filter((e) => !routed.has(e.operationId)).map((e) => e.operationId),
    ).toEqual([]);
    expect(new Set(allEndpoints.map((e) => e.operationId)).size).toBe(allEndpoints.length);
  });

  it('lead to their contract through all-endpoints, which lists every contract file', () => {
    const listed = new Set<unknown>(Object.values(contractModules));
    const unlisted = Object.entries(contractFiles)
      .filter(([, exports]) => Object.values(exports).some(isEndpoint))
      .filter(([, exports]) => !listed.has(exports))
      .map(([file]) => file);
    expect(unlisted).toEqual([]);
  });
});
