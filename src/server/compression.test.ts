// API answers go compressed when they are worth it (ADR 033): brotli or gzip by the request's
// Accept-Encoding, with Vary and a true Content-Length; small answers, clients that ask for
// nothing, HEAD requests and the video visit's signal socket are as they were.
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD_BYTES } from './plugins/compression';
import { apiAs } from './test/api-client';
import { createAppointment } from './test/factories';
import { fhirAs, createToken, FHIR_JSON } from './test/fhir-kit';
import { bookThroughApi, createBody } from './test/scenario';
import { useScenario, useTestApp } from './test/test-app';
import { openSignal } from './test/ws-client';

const env = useTestApp({ now: '2026-11-23T12:00:00Z', listen: true });
const { s, staff } = useScenario(env);

const LIST = '/api/appointments/paginated?status=upcoming&limit=20';

/** A list of a dozen upcoming appointments: a few kilobytes of JSON. */
async function aLongList() {
  for (let i = 0; i < 12; i++) {
    await createAppointment(
      env.db,
      { clinicId: s.clinic.id, patientId: s.patient.id, staffId: s.provider.id },
      { start: new Date(Date.UTC(2026, 10, 24 + i, 15)) },
    );
  }
}
const list = (headers: Record<string, string>, method: 'GET' | 'HEAD' = 'GET') =>
  env.app.inject({ method, url: LIST, headers: { cookie: staff.cookie, ...headers } });

describe('API answers on the wire', () => {
  it('sends a long list in brotli to a browser, with Vary and its true length', async () => {
    await aLongList();
    const plain = await list({});
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES * 2);
    const res = await list({ 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual(plain.json());
    // Still an API answer: its type, no caching and the security headers.
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('sends gzip to a client that takes only gzip', async () => {
    await aLongList();
    const res = await list({ 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toMatchObject({
      data: expect.any(Array),
    });
  });

  it.each<Record<string, string>>([
    {},
    { 'accept-encoding': 'identity' },
    { 'accept-encoding': 'deflate' },
  ])('sends it as it is to a client that asks for %o', async (headers) => {
    await aLongList();
    const res = await list(headers);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.json()).toMatchObject({ data: expect.any(Array) });
  });

  it('sends a small answer as it is: compressing it would gain nothing', async () => {
    const res = await env.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('answers HEAD with headers and no body', async () => {
    await aLongList();
    const res = await list({ 'accept-encoding': 'br, gzip' }, 'HEAD');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(0);
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('compresses a FHIR search bundle and keeps its FHIR type', async () => {
    await aLongList();
    const created = await createToken(await apiAs(env.app, s.admin.email), {
      clinicIds: [s.clinic.id],
    });
    const res = await fhirAs(env.app, created).get('/Appointment', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain(FHIR_JSON);
    const bundle = JSON.parse(brotliDecompressSync(res.rawPayload).toString());
    expect(bundle).toMatchObject({ resourceType: 'Bundle' });
    expect(bundle.entry.length).toBeGreaterThanOrEqual(12);
  });

  it('does not take compressed request bodies: they are refused as before, nothing written', async () => {
    const body = gzipSync(JSON.stringify(createBody(s, '2026-11-24T15:00:00.000Z')));
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: {
        cookie: staff.cookie,
        'content-type': 'application/json',
        'content-encoding': 'gzip',
      },
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    const after = await list({});
    expect(after.json().data).toHaveLength(0);
  });

  it('leaves the video visit’s signal socket working for a browser that asks for brotli', async () => {
    const booked = await bookThroughApi(staff, s, '2026-11-24T15:00:00.000Z');
    env.setNow('2026-11-24T14:55:00.000Z'); // the visit opens shortly before its time
    const provider = await apiAs(env.app, s.provider.email);
    const port = (env.app.server.address() as AddressInfo).port;
    const socket = await openSignal(
      `ws://127.0.0.1:${port}/api/session/signal?appointmentId=${booked._id}`,
      { cookie: provider.cookie, 'accept-encoding': 'gzip, deflate, br, zstd' },
    );
    await socket.waitFor((m) => m.type === 'ready');
    socket.close();
  });
});
