import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The browser's sign-in device cookie (ADR 010): a random value given on a successful sign-in,
 * of which the database keeps only the SHA-256, per account. A browser keeps its value only while
 * it signs in to the account it was given for; any other value it brings is replaced. Past an account's failure cap, a
 * browser that brings it back is one the account has signed in from, and is not made to wait.
 * It is sent only to the sign-in and password calls.
 */
export const DEVICE_COOKIE = 'carebook_device';
const DEVICE_PATH = '/api/auth';
/** How long a browser or an address is remembered after its last successful sign-in. */
export const KNOWN_SOURCE_DAYS = 180;
const DEVICE_VALUE = /^[A-Za-z0-9_-]{43}$/;

/** The cookie the request brought, when it has the form we give; anything else is ignored. */
export function presentedDevice(request: FastifyRequest): string | undefined {
  const value = request.cookies[DEVICE_COOKIE];
  return value !== undefined && DEVICE_VALUE.test(value) ? value : undefined;
}

export const newDeviceValue = () => randomBytes(32).toString('base64url');

export const deviceHashOf = (value: string) => createHash('sha256').update(value).digest('hex');

export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, value: string) {
  void reply.setCookie(DEVICE_COOKIE, value, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: DEVICE_PATH,
    maxAge: KNOWN_SOURCE_DAYS * 86_400,
  });
}
