import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { createTestDatabase, type TestDatabase } from './test/test-db';
import { buildTestApp } from './test/test-app';
import type { App } from './app';

let testDb: TestDatabase;
let app: App;
let doc: {
  servers?: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
};
interface Operation {
  summary?: string;
  operationId?: string;
  tags?: string[];
  security?: unknown[];
  responses: Record<string, unknown>;
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildTestApp(testDb.handle, { config: { PUBLIC_URL: 'https://clinic.example' } });
  doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
});
afterAll(async () => {
  await app.close();
  await testDb.destroy();
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      name: `${method.toUpperCase()} ${path}`,
      op,
    })),
  );

describe('the OpenAPI document', () => {
  it('names the server it describes', () => {
    expect(doc.servers).toEqual([{ url: 'https://clinic.example' }]);
  });

  it('gives every operation a summary, an operationId, a tag, its security and its errors', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(30);
    const lacking = ops.flatMap(({ name, op }) => {
      const missing = [
        !op.summary && 'summary',
        !op.operationId && 'operationId',
        !op.tags?.length && 'tag',
        !op.security && 'security',
        !Object.keys(op.responses).some((s) => /^[45]\d\d$/.test(s)) && 'error responses',
      ].filter(Boolean);
      return missing.length ? [`${name}: ${missing.join(', ')}`] : [];
    });
    expect(lacking).toEqual([]);
    const ids = ops.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('documents the video-call signalling socket, which its WebSocket library would hide', () => {
    const socket = doc.paths['/api/session/signal']?.get;
    expect(socket?.operationId).toBe('openSignalSocket');
    expect(Object.keys(socket?.responses ?? {})).toEqual(expect.arrayContaining(['101', '426']));
  });

  it('passes Redocly’s recommended rules without an error', async () => {
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: 'openapi.json',
      config: await createConfig({ extends: ['recommended'] }),
    });
    const errors = problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? ''})`);
    expect(errors).toEqual([]);
  });
});
