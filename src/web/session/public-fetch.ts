// The patient pages talk to their public endpoints with plain fetch: the staff app's API client
// and query cache would only add weight to pages a patient opens on a phone.

/** What a link page says when the clinic cannot be reached. */
export const UNREACHABLE =
  'We could not reach your clinic. Check your internet connection and try again.';

/** The server's own sentence from a refusal's body, or the fallback when it gave none. */
export async function messageOf(response: Response, fallback: string): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    return typeof body.message === 'string' && body.message.trim() ? body.message : fallback;
  } catch {
    return fallback;
  }
}

/**
 * The page's language as the request's Accept-Language (by default the page's `<html lang>`,
 * which the switch sets): the server's refusals, and what its answers say in words, read in it
 * (issue 44).
 */
export function languageHeader(
  language = typeof document === 'undefined' ? '' : document.documentElement.lang,
): Record<string, string> {
  return language ? { 'accept-language': language } : {};
}

/** The token a link's path carries (/offer/{token}), or '' when the path is not such a link. */
export function linkTokenOf(pattern: RegExp, pathname: string): string {
  const match = pattern.exec(pathname);
  if (!match) return '';
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return '';
  }
}

/** What a public link's call answers: what it gives when it works, or why not. */
export type LinkAnswer<Ok extends object> =
  | ({ kind: 'ok' } & Ok)
  /** The server's sentence for the patient: a bad link, an expired hold, a time someone took. */
  | { kind: 'refused'; status: number; message: string }
  | { kind: 'failed'; message: string };

export type PublicAnswer<T> = LinkAnswer<{ value: T }>;

export interface PublicCallRules {
  /** What to say when the clinic cannot be reached or answers with nonsense. */
  offline: string;
  /** For a status whose answer is the patient's to read, the words to use if the server gave none. */
  refusal: (status: number) => string | undefined;
  /** A 400 is a link cut short: these words, not the server's. */
  badLink?: string;
}

/** A call of a public endpoint: its answer, the server's refusal in words, or a failure. */
export async function callPublicEndpoint<T>(
  url: string,
  init: RequestInit,
  rules: PublicCallRules,
  fetchImpl: typeof fetch,
): Promise<PublicAnswer<T>> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      ...init,
      headers: {
        accept: 'application/json',
        ...languageHeader(),
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      cache: 'no-store',
    });
  } catch {
    return { kind: 'failed', message: rules.offline };
  }
  if (response.ok) {
    try {
      return { kind: 'ok', value: (await response.json()) as T };
    } catch {
      return { kind: 'failed', message: rules.offline };
    }
  }
  const fallback = rules.refusal(response.status);
  if (fallback !== undefined) {
    return {
      kind: 'refused',
      status: response.status,
      message:
        response.status === 400 && rules.badLink
          ? rules.badLink
          : await messageOf(response, fallback),
    };
  }
  return { kind: 'failed', message: await messageOf(response, rules.offline) };
}
