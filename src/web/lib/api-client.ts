export type QueryPrimitive = string | number | boolean | Date;
export type QueryValue = QueryPrimitive | readonly QueryPrimitive[] | null | undefined;
export type QueryParams = Record<string, QueryValue>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiFetchOptions {
  method?: HttpMethod;
  /** Sent as JSON; a file (a Blob) is sent as it is, with the type `headers` give it. */
  body?: unknown;
  /** Arrays become repeated `key[]=` params; null and undefined are left out. */
  query?: QueryParams;
  /** Message used when the error body carries none (spec §8 fallback messages). */
  fallback?: string;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Not to ask for a step-up on a `step_up_required` answer (the step-up call itself, a retry). */
  noStepUp?: boolean;
}

/**
 * Asked when an answer says `step_up_required` (ADR 046): resolves true once the user has given
 * their second factor again, and the request is then sent once more. Set by the step-up dialog.
 */
let stepUpHandler: (() => Promise<boolean>) | null = null;

export function setStepUpHandler(handler: (() => Promise<boolean>) | null): void {
  stepUpHandler = handler;
}

/** A non-OK answer from our API; `message` is already the text to show a person. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** Server request id, shown on the generic error page (spec §8 "Digest"). */
  readonly digest: string | undefined;
  readonly body: unknown;

  constructor(
    message: string,
    status: number,
    opts: { body?: unknown; digest?: string; cause?: unknown } = {},
  ) {
    super(message, { cause: opts.cause });
    this.status = status;
    this.body = opts.body;
    this.digest = opts.digest;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function formatQueryValue(value: QueryPrimitive): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

/**
 * Builds `?a=1&clinicIds[]=x&clinicIds[]=y`. The brackets are written literally because the
 * spec's list call names the parameter `clinicIds[]` and the server reads it that way.
 */
export function buildQueryString(query: QueryParams | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      const name = `${encodeURIComponent(key.replace(/\[\]$/, ''))}[]`;
      for (const item of value as readonly QueryPrimitive[]) {
        parts.push(`${name}=${encodeURIComponent(formatQueryValue(item))}`);
      }
    } else {
      parts.push(
        `${encodeURIComponent(key)}=${encodeURIComponent(formatQueryValue(value as QueryPrimitive))}`,
      );
    }
  }
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Turns a `details` value of any shape (string, list of issues, field map) into one readable line. */
export function readableDetails(details: unknown): string {
  if (typeof details === 'string') return details.trim();
  if (typeof details === 'number' || typeof details === 'boolean') return String(details);
  if (Array.isArray(details)) {
    return details.map(readableDetails).filter(Boolean).join('; ');
  }
  if (isRecord(details)) {
    // A validation issue ({ path, message }) reads best as "field: problem".
    if (typeof details.message === 'string') {
      const path = Array.isArray(details.path) ? details.path.join('.') : details.path;
      return typeof path === 'string' && path !== ''
        ? `${path}: ${details.message}`
        : details.message;
    }
    return Object.entries(details)
      .map(([key, value]) => {
        const text = readableDetails(value);
        return text ? `${key}: ${text}` : '';
      })
      .filter(Boolean)
      .join('; ');
  }
  return '';
}

/** Spec §8: details, else message, else error, else the call's fallback. */
export function extractErrorMessage(body: unknown, fallback: string): string {
  if (!isRecord(body)) return fallback;
  const details = readableDetails(body.details);
  if (details) return details;
  for (const key of ['message', 'error'] as const) {
    const value = body[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return fallback;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Proxies answer 502/504 with HTML; keep the text so the error still has something to show.
    return text;
  }
}

function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Calls our JSON API with the session cookie. Resolves with the parsed body (undefined for an
 * empty body, e.g. 204) and throws `ApiError` for a non-OK answer or a network failure.
 */
export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal, headers } = options;
  const hasBody = body !== undefined;
  const isFile = body instanceof Blob;
  let response: Response;
  try {
    response = await fetch(`${path}${buildQueryString(query)}`, {
      method,
      credentials: 'include',
      signal,
      headers: {
        Accept: 'application/json',
        ...(hasBody && !isFile ? { 'Content-Type': 'application/json' } : {}),
        ...headers,
      },
      body: isFile ? body : hasBody ? JSON.stringify(body) : undefined,
    });
  } catch (error) {
    // TanStack Query relies on seeing the abort itself to cancel quietly.
    if (isAbortError(error)) throw error;
    throw new ApiError(options.fallback ?? 'Network error: the server could not be reached', 0, {
      cause: error,
    });
  }

  const parsed = await readBody(response);
  if (await steppedUpFor(response, parsed, options)) {
    return apiFetch<T>(path, { ...options, noStepUp: true });
  }
  if (!response.ok) {
    const fallback = options.fallback ?? `HTTP error! status: ${response.status}`;
    const digest =
      isRecord(parsed) && typeof parsed.digest === 'string' ? parsed.digest : undefined;
    throw new ApiError(extractErrorMessage(parsed, fallback), response.status, {
      body: parsed,
      digest,
    });
  }
  return parsed as T;
}

/**
 * Whether a refusal asked for a fresh second factor and the user has just given one in the
 * step-up dialog, so the request is worth sending once more.
 */
async function steppedUpFor(
  response: Response,
  parsed: unknown,
  options: Pick<ApiFetchOptions, 'noStepUp'>,
): Promise<boolean> {
  return (
    response.status === 403 &&
    isRecord(parsed) &&
    parsed.error === 'step_up_required' &&
    stepUpHandler !== null &&
    !options.noStepUp &&
    (await stepUpHandler())
  );
}

/** The file name a Content-Disposition header gives, if any. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || null;
}

/**
 * Fetches a file from our API (an export), through the same step-up as apiFetch: a refusal for
 * want of a fresh second factor opens the step-up dialog and the request is sent once more, where
 * a plain link would show the browser the refusal (ADR 046). Throws ApiError as apiFetch does.
 */
export async function apiDownload(
  path: string,
  options: Pick<ApiFetchOptions, 'query' | 'fallback' | 'signal' | 'noStepUp'> = {},
): Promise<{ blob: Blob; fileName: string | null }> {
  let response: Response;
  try {
    response = await fetch(`${path}${buildQueryString(options.query)}`, {
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new ApiError(options.fallback ?? 'Network error: the server could not be reached', 0, {
      cause: error,
    });
  }
  if (response.ok) {
    return {
      blob: await response.blob(),
      fileName: fileNameOf(response.headers.get('Content-Disposition')),
    };
  }
  const parsed = await readBody(response);
  if (await steppedUpFor(response, parsed, options)) {
    return apiDownload(path, { ...options, noStepUp: true });
  }
  const fallback = options.fallback ?? `HTTP error! status: ${response.status}`;
  throw new ApiError(extractErrorMessage(parsed, fallback), response.status, { body: parsed });
}

/** Hands a fetched file to the browser to save, as a download link would. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file over; the address is released once it is read.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
