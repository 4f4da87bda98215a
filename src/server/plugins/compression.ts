import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Answers smaller than this go as they are: a few hundred bytes gain less than they cost. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * What is worth compressing: text, JSON (FHIR's `application/fhir+json` too), XML and SVG, and
 * scripts. Not `application/octet-stream` (@fastify/compress's default takes it, and a backup or
 * any archive is already compressed), images, fonts or `.br`/`.gz` files; and never an event
 * stream, which must reach the client as it is written.
 */
const COMPRESSIBLE =
  /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)|^application\/javascript/;

/**
 * Answers made at request time, compressed as they go out (ADR 033): brotli at quality 4 and gzip
 * at level 6, the fast settings (brotli's default, 11, is for files compressed once at build and
 * costs tens of milliseconds on a list answer), chosen by the request's Accept-Encoding, with
 * `Vary: accept-encoding`. Built files already have their `.br`/`.gz` beside them (web.ts); an
 * answer that already has a Content-Encoding is left alone. Request bodies are not decompressed:
 * the API takes plain JSON only, as before.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    customTypes: COMPRESSIBLE,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
    globalDecompression: false,
  });
});
