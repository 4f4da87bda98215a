import http from 'node:http';
import https from 'node:https';
import { guardedLookup } from './send-webhook';
import { isPrivateAddress, PrivateAddressError } from './url-guard';

export interface GuardedFetchOptions {
  allowPrivate: boolean;
  /** The whole exchange, connection to last byte. */
  timeoutMs: number;
  /** A larger answer is cut off and refused. */
  maxBytes: number;
  userAgent: string;
}

/** An answer larger than the limit: the sync stops and says so. */
export class TooLargeError extends Error {}

/**
 * A `fetch` for addresses people type in (outside calendars, ADR 053) with the webhooks' guard:
 * the connection resolves through the same lookup that refuses private, loopback and link-local
 * addresses (so DNS rebinding meets the check too), redirects are not followed, the whole
 * exchange must fit in the timeout and the answer in the size limit. It answers a standard
 * Response, so libraries that take a fetch (tsdav) use it as they would the global one.
 */
export function guardedFetch(options: GuardedFetchOptions): typeof fetch {
  return (input, init) =>
    new Promise<Response>((resolve, reject) => {
      const target = new URL(input instanceof Request ? input.url : String(input));
      if (target.protocol !== 'https:' && target.protocol !== 'http:') {
        reject(new Error(`Only http and https addresses can be read, not ${target.protocol}`));
        return;
      }
      const literal = target.hostname.replace(/^\[|\]$/g, '');
      if (!options.allowPrivate && /^[\d.]+$|:/.test(literal) && isPrivateAddress(literal)) {
        reject(
          new PrivateAddressError(
            `${literal} is a private, loopback or link-local address, or another that is not public.`,
          ),
        );
        return;
      }
      const headers: Record<string, string> = { 'user-agent': options.userAgent };
      new Headers(init?.headers).forEach((value, key) => (headers[key] = value));
      const body = typeof init?.body === 'string' ? init.body : undefined;
      if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
      const client = target.protocol === 'https:' ? https : http;
      const request = client.request(
        target,
        {
          method: init?.method ?? 'GET',
          headers,
          lookup: guardedLookup(options.allowPrivate),
          timeout: options.timeoutMs,
          agent: false,
        },
        (response) => {
          const chunks: Buffer[] = [];
          let read = 0;
          response.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > options.maxBytes) {
              response.destroy(
                new TooLargeError(
                  `The calendar is larger than ${Math.round(options.maxBytes / 1_048_576)} MB.`,
                ),
              );
              return;
            }
            chunks.push(chunk);
          });
          response.on('error', reject);
          response.on('end', () => {
            const status = response.statusCode ?? 0;
            const answerHeaders = new Headers();
            for (const [key, value] of Object.entries(response.headers)) {
              if (typeof value === 'string') answerHeaders.set(key, value);
              else if (Array.isArray(value)) for (const v of value) answerHeaders.append(key, v);
            }
            const empty = status === 204 || status === 304 || (status >= 100 && status < 200);
            resolve(
              new Response(empty ? null : Buffer.concat(chunks), {
                status: status < 200 || status > 599 ? 502 : status,
                statusText: response.statusMessage ?? '',
                headers: answerHeaders,
              }),
            );
          });
        },
      );
      const fail = (err: Error) => request.destroy(err);
      const deadline = setTimeout(
        () => fail(new Error(`No answer within ${options.timeoutMs / 1000} seconds.`)),
        options.timeoutMs,
      );
      request.on('timeout', () =>
        fail(new Error(`No answer within ${options.timeoutMs / 1000} seconds.`)),
      );
      request.on('error', (err) => {
        clearTimeout(deadline);
        reject(err);
      });
      request.on('close', () => clearTimeout(deadline));
      request.end(body);
    });
}
