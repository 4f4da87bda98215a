import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply } from 'fastify';

const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

/**
 * From this size a reused answer's compressed bytes are made once and kept with it: a network's
 * year of reports is megabytes, sent again to every admin who opens it, and compressing it for
 * each (as the compression plugin does for what it is handed) would cost more than the report.
 */
export const KEEP_COMPRESSED_BYTES = 32 * 1024;

// The compression plugin's settings (plugins/compression.ts, ADR 033): the fast ones.
const compressors: Record<Encoding, (bytes: Buffer) => Promise<Buffer>> = {
  br: (bytes) =>
    promisify(brotliCompress)(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (bytes) => promisify(gzip)(bytes, { level: 6 }),
};

/**
 * The JSON text of an answer as UTF-8 bytes, made once per answer object (a reused answer is the
 * same), and its compressed forms as they are first asked for.
 */
const texts = new WeakMap<
  object,
  { plain: Buffer; compressed: Partial<Record<Encoding, Promise<Buffer>>> }
>();

/**
 * Sends an answer our own code built from plain strings and numbers as JSON text, without the
 * contract's serializer, which would check every value again at a cost that grows with the
 * answer (a day's slots, a network's year of reports). Each route that sends so has a test that
 * parses its answer with the contract. A reused answer reuses its text, and a large one the
 * compressed bytes the request's Accept-Encoding chooses (brotli before gzip, as the plugin).
 */
export async function sendJsonText(reply: FastifyReply, answer: object) {
  let text = texts.get(answer);
  if (text === undefined) {
    text = { plain: Buffer.from(JSON.stringify(answer), 'utf8'), compressed: {} };
    texts.set(answer, text);
  }
  reply.type('application/json; charset=utf-8');
  const accepted = reply.request.headers['accept-encoding'];
  const encoding =
    text.plain.length >= KEEP_COMPRESSED_BYTES && typeof accepted === 'string'
      ? negotiate(accepted, [...ENCODINGS])
      : null;
  if (!encoding) return reply.send(text.plain);
  const kept = text.compressed;
  const bytes = (kept[encoding] ??= compressors[encoding](text.plain).catch((err: unknown) => {
    delete kept[encoding];
    throw err;
  }));
  // Marked as encoded, the compression plugin leaves it as it is.
  return reply
    .header('content-encoding', encoding)
    .header('vary', 'accept-encoding')
    .send(await bytes);
}
