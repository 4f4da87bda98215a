import type { FastifyReply } from 'fastify';

/**
 * The JSON text of an answer as UTF-8 bytes, made once per answer object (a reused answer is the
 * same): a network's year of reports is megabytes, which a string would be encoded again for
 * every reply that sends it.
 */
const texts = new WeakMap<object, Buffer>();

/**
 * Sends an answer our own code built from plain strings and numbers as JSON text, without the
 * contract's serializer, which would check every value again at a cost that grows with the
 * answer (a day's slots, a network's year of reports). Each route that sends so has a test that
 * parses its answer with the contract. A reused answer reuses its text.
 */
export function sendJsonText(reply: FastifyReply, answer: object) {
  let text = texts.get(answer);
  if (text === undefined) texts.set(answer, (text = Buffer.from(JSON.stringify(answer), 'utf8')));
  return reply.type('application/json; charset=utf-8').send(text);
}
