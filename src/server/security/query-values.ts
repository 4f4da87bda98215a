import { stdSerializers, type SerializedError } from 'pino';

// A failed query is thrown by drizzle as a DrizzleQueryError whose message is
// "Failed query: <sql>\nparams: <values>" and whose `params` are the values themselves: a visit
// token looked up, a patient's e-mail, a password hash. None of them may reach the log or Sentry;
// the SQL text (placeholders only), the driver's code and the stack are what a fault needs.

const PARAMS_MARK = '\nparams: ';

/** Fields of a database error that carry the query's values (pg's `detail` quotes a key's value). */
const VALUE_FIELDS = ['params', 'query', 'detail'] as const;

type ErrorLike = { message?: unknown; params?: unknown; code?: unknown; cause?: unknown };

function isQueryError(err: ErrorLike): err is ErrorLike & { params: unknown[]; message: string } {
  return (
    Array.isArray(err.params) &&
    typeof err.message === 'string' &&
    err.message.startsWith('Failed query: ')
  );
}

/**
 * The exact "\nparams: …" parts drizzle wrote into the messages of an error and its causes, and
 * the driver's code (SQLSTATE) found on the way: pino's serializer keeps a cause's message and
 * stack, not its fields.
 */
function queryErrorParts(err: unknown): { parts: string[]; code?: string } {
  const parts: string[] = [];
  let code: string | undefined;
  let current: unknown = err;
  for (let depth = 0; depth < 10 && current && typeof current === 'object'; depth++) {
    const e = current as ErrorLike;
    if (code === undefined && typeof e.code === 'string') code = e.code;
    if (isQueryError(e)) {
      // The same conversion drizzle's template literal made.
      let values: string;
      try {
        values = String(e.params);
      } catch {
        values = '';
      }
      parts.push(PARAMS_MARK + values);
    }
    current = e.cause;
  }
  return { parts, ...(code === undefined ? {} : { code }) };
}

/**
 * A message or stack without drizzle's params parts. Should a part not be found as written (a
 * value whose text changed since), everything from the marker to the first stack frame goes.
 */
function withoutParams(text: string, parts: string[]): string {
  let out = text;
  for (const part of parts) out = out.split(part).join('');
  return out.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/g, '');
}

/** A message with drizzle's "params:" part cut off: the SQL text stays, the values go. */
export function withoutQueryValues(message: string): string {
  const at = message.indexOf(PARAMS_MARK);
  return at === -1 ? message : message.slice(0, at);
}

/**
 * The app logger's `err` serializer: pino's own, then the query's values taken out of the
 * message, the stack (which repeats the message) and the fields of a database error.
 */
export function serializeError(err: Error): SerializedError {
  const serialized = stdSerializers.err(err);
  // Not an error: pino's serializer gives it back as it is, and it is not ours to change.
  if ((serialized as unknown) === err || !serialized || typeof serialized !== 'object')
    return serialized;
  const { parts, code } = queryErrorParts(err);
  const out = serialized as SerializedError & Record<string, unknown>;
  if (parts.length > 0) {
    if (typeof out.message === 'string') out.message = withoutParams(out.message, parts);
    if (typeof out.stack === 'string') out.stack = withoutParams(out.stack, parts);
    if (out.code === undefined && code !== undefined) out.code = code;
  }
  for (const field of VALUE_FIELDS) delete out[field];
  return out;
}
