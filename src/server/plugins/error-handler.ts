import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { reportError } from '../instrument';
import type { ErrorBody, ErrorCode } from '@contracts/errors';
import { HttpError } from '../errors';
import { describeIssues } from './validation-details';
import { inPatientLanguage, isPatientPath, requestLanguage } from '../core/patient-sentences';
import { PolicyRefusal, sayPolicySentence } from '../core/policy-sentences';
import {
  ConflictError,
  DatabaseUnavailableError,
  InvalidInputError,
  translateDbError,
} from '../db/errors';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'bad_request',
  406: 'bad_request',
  408: 'request_timeout',
  409: 'conflict',
  410: 'gone',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  426: 'upgrade_required',
  429: 'rate_limited',
  503: 'service_unavailable',
};

/** Messages people can act on for the framework's own 4xx errors. */
const MESSAGE_BY_FASTIFY_CODE: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but JSON was declared.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported; send JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body length does not match its header.',
  FST_ERR_CTP_INVALID_TYPE: 'The content type header is not valid.',
};

/** Fastify's validation contexts, as a person would name the part of the request. */
const PART_OF_REQUEST: Record<string, string> = {
  body: 'The request body is not valid.',
  querystring: 'The query parameters are not valid.',
  params: 'The address of this request is not valid.',
  headers: 'The request headers are not valid.',
};

/** The part of the request as the subject of a sentence, when a problem is with all of it. */
const WHOLE_PART: Record<string, string> = {
  body: 'The request body',
  querystring: 'The query',
  params: 'The address',
  headers: 'The headers',
};

interface Mapped {
  status: number;
  body: ErrorBody;
}

/**
 * Fastify tags what went wrong with the request itself (a body cut off, malformed, too large)
 * with a 4xx status. Such an error is the client's doing whatever code it carries: a client
 * hanging up mid-upload is an ECONNRESET just like a lost database connection, and must not
 * raise the database alarm.
 */
function isRequestFault(err: unknown): boolean {
  const status = (err as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/** The client closed the connection before the body it announced had arrived. */
function isCutOffRequest(err: unknown): boolean {
  return isRequestFault(err) && (err as NodeJS.ErrnoException).code === 'ECONNRESET';
}

export function mapError(err: unknown, request: FastifyRequest): Mapped {
  if (isCutOffRequest(err)) {
    // Nobody reads this answer (the client is gone); it keeps the log's status honest.
    return {
      status: 400,
      body: {
        error: 'bad_request',
        message: 'The request was cut off before its body arrived in full.',
      },
    };
  }
  const translated = isRequestFault(err) ? err : translateDbError(err);
  if (translated instanceof HttpError) {
    return {
      status: translated.statusCode,
      body: { error: translated.code, message: translated.message, ...translated.extras },
    };
  }
  if (translated instanceof ConflictError) {
    return { status: 409, body: { error: 'conflict', message: translated.message } };
  }
  if (translated instanceof InvalidInputError) {
    return { status: 400, body: { error: 'bad_request', message: translated.message } };
  }
  if (translated instanceof DatabaseUnavailableError) {
    return {
      status: 503,
      body: { error: 'service_unavailable', message: translated.message },
    };
  }
  const fastifyError = err as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fastifyError)) {
    const where = fastifyError.validationContext ?? 'request';
    const { details, fields } = describeIssues(
      fastifyError.validation,
      WHOLE_PART[where] ?? 'The request',
    );
    return {
      status: 400,
      body: {
        error: 'bad_request',
        message: PART_OF_REQUEST[where] ?? 'The request is not valid.',
        details,
        fields,
      },
    };
  }
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return {
      status,
      body: {
        error: CODE_BY_STATUS[status] ?? 'bad_request',
        message:
          MESSAGE_BY_FASTIFY_CODE[fastifyError.code] ?? fastifyError.message ?? 'Bad request.',
      },
    };
  }
  return {
    status: 500,
    body: {
      error: 'internal',
      message: 'Something went wrong on our side. It has been logged.',
      digest: String(request.id),
    },
  };
}

/**
 * One place turns every failure into the spec's error shape. Bad input of any kind is a 4xx;
 * only a genuine fault is a 500, and that one is logged and reported.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err, request, reply: FastifyReply) => {
    const mapped = mapError(err, request);
    if (mapped.status >= 500 && mapped.status !== 503) {
      request.log.error({ err }, 'request failed');
      reportError(err);
    } else if (isCutOffRequest(err)) {
      request.log.info('the client closed the connection before its request body arrived');
    } else if (mapped.status === 503) {
      request.log.warn({ err }, 'database unavailable');
      // Clients and proxies may try again on their own; a few seconds is a database restart.
      void reply.header('retry-after', '5');
    }
    if (err instanceof HttpError && err.retryAfterSeconds !== undefined) {
      void reply.header('retry-after', String(err.retryAfterSeconds));
    }
    // A patient page asks in its language (Accept-Language): its refusals are read in it (issue 44).
    let body = mapped.body;
    if (mapped.status < 500 && isPatientPath(request.url)) {
      const language = requestLanguage(request.headers['accept-language']);
      void reply.header('vary', 'Accept-Language').header('content-language', language);
      const { message, details } = body as { message: string; details?: unknown };
      body = {
        ...body,
        // Worded from the clinic's policy: said again from its catalogue, numbers and all.
        message:
          err instanceof PolicyRefusal
            ? sayPolicySentence(err.sentence, language)
            : inPatientLanguage(message, language),
        ...(typeof details === 'string' ? { details: inPatientLanguage(details, language) } : {}),
      };
    }
    void reply.status(mapped.status).send(body);
  });
});

/**
 * The router's own refusals, before any route or hook runs (Fastify's `frameworkErrors`): an
 * address with a broken %-escape, or a path part longer than the router takes. In the error
 * shape like every other answer.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  void reply.status(tooLong ? 414 : 400).send({
    error: 'bad_request',
    message: tooLong
      ? 'The address of this request is too long.'
      : 'The address of this request is not valid: it has a broken %-escape.',
  } satisfies ErrorBody);
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (`clientErrorHandler`): headers
 * too large, a control character in a header, a request that never finished arriving. Answered
 * in the error shape on the socket, which is then closed, as Node itself would.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  err: NodeJS.ErrnoException,
  socket: Duplex,
): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const timedOut = err.code === 'ERR_HTTP_REQUEST_TIMEOUT';
  const [status, error, message]: [number, ErrorCode, string] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'bad_request', 'The request headers are too large.']
      : timedOut
        ? [
            408,
            'request_timeout',
            'The request took too long to arrive. Check the connection and send it again.',
          ]
        : [400, 'bad_request', 'The request is not valid HTTP.'];
  if (timedOut) this.log.info('a request took too long to arrive: answered 408 and closed');
  else this.log.debug({ err }, 'client error');
  const body = JSON.stringify({ error, message } satisfies ErrorBody);
  // The request Node was still reading may already have an answer under way (a slow upload to
  // a route that answers early): another one on the same socket would corrupt both.
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
