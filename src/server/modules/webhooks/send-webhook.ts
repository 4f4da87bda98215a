import http from 'node:http';
import https from 'node:https';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isPrivateAddress, PrivateAddressError } from './url-guard';

export interface WebhookResponse {
  status: number;
}

/** What a receiver may answer with; more is read and dropped, not kept. */
const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * A DNS lookup that refuses private addresses: the check and the connection use the same answer,
 * so a name that resolves to a public address when the URL is saved and to 127.0.0.1 when it is
 * called (DNS rebinding) still cannot reach the server's own network.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const usable = allowPrivate
        ? addresses
        : addresses.filter((a) => !isPrivateAddress(a.address));
      if (usable.length === 0 || usable.length < addresses.length) {
        return callback(
          new PrivateAddressError(
            `${hostname} resolves to a private, loopback or link-local address, or another that is not public; not sent.`,
          ) as NodeJS.ErrnoException,
          '',
          0,
        );
      }
      if ((options as { all?: boolean }).all) {
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, usable);
      }
      return callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}

/**
 * POSTs one signed delivery. Resolves with the receiver's status, whatever it is; rejects when
 * nothing came back in time or the address is refused. Redirects are not followed: a receiver
 * that moved must be updated by an admin, not followed into a private network.
 */
export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { timeoutMs: number; allowPrivate: boolean },
): Promise<WebhookResponse> {
  const target = new URL(url);
  const literal = target.hostname.replace(/^\[|\]$/g, '');
  if (!options.allowPrivate && /^[\d.]+$|:/.test(literal) && isPrivateAddress(literal)) {
    return Promise.reject(
      new PrivateAddressError(
        `${literal} is a private, loopback or link-local address, or another that is not public; not sent.`,
      ),
    );
  }
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Carebook-Webhooks/1',
        },
        lookup: guardedLookup(options.allowPrivate),
        timeout: options.timeoutMs,
        agent: false,
      },
      (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_RESPONSE_BYTES) response.destroy();
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
        response.on('close', () => resolve({ status: response.statusCode ?? 0 }));
        response.on('error', () => resolve({ status: response.statusCode ?? 0 }));
      },
    );
    // The whole exchange, not only each idle gap, must fit in the timeout.
    const deadline = setTimeout(
      () => request.destroy(new Error(`No answer within ${options.timeoutMs} ms.`)),
      options.timeoutMs,
    );
    request.on('timeout', () =>
      request.destroy(new Error(`No answer within ${options.timeoutMs} ms.`)),
    );
    request.on('error', (err) => {
      clearTimeout(deadline);
      reject(err);
    });
    request.on('close', () => clearTimeout(deadline));
    request.end(body);
  });
}
