import type { FieldIssue } from '@contracts/errors';
import { asSentence } from '../errors';

/** One problem as Fastify's zod type provider reports it: where, zod's code and words, its facts. */
export interface ValidationIssue {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** How a person would call a kind of value zod expected. */
const KIND_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  object: 'a group of fields',
  array: 'a list',
  date: 'a date',
  null: 'empty',
};

/** zod's string formats, as what the value must be. */
const FORMAT_WORDS: Record<string, string> = {
  email: 'an e-mail address',
  url: 'a web address',
  uuid: 'an id (a UUID)',
  guid: 'an id (a UUID)',
  datetime: 'a date and time such as 2026-11-23T09:00:00Z',
  date: 'a date such as 2026-11-23',
  time: 'a time such as 09:30',
  e164: 'a phone number in international form, such as +14155550123',
};

/** Field names whose words alone would not say what they are. */
const FIELD_WORDS: Record<string, string> = {
  dob: 'Date of birth',
  url: 'URL',
  tz: 'Time zone',
  agentId: 'Provider',
  agentIds: 'Providers',
  staffId: 'Provider',
};

/** "startTime" → "Start time"; "windowTo" → "Window to"; "dob" → "Date of birth". */
function words(segment: string): string {
  if (segment in FIELD_WORDS) return FIELD_WORDS[segment]!;
  const spaced = segment
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** The field a person sees, from a path such as "participants.0.email": "Email (item 1)". */
function labelOf(path: readonly string[], whole: string): string {
  const named = path.filter((p) => !/^\d+$/.test(p));
  const index = path.findLast((p) => /^\d+$/.test(p));
  const last = named.at(-1);
  if (!last) return index === undefined ? whole : `Item ${Number(index) + 1}`;
  return index === undefined ? words(last) : `${words(last)} (item ${Number(index) + 1})`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What a size limit means for this kind of value. */
function sizeWords(kind: unknown, bound: number): string {
  if (kind === 'string') return plural(bound, 'character', 'characters');
  if (kind === 'array' || kind === 'set') return plural(bound, 'item', 'items');
  return String(bound);
}

/** The rule zod applied, said as what the value must be, when zod's own words are its defaults. */
function ruleOf(issue: ValidationIssue): string | undefined {
  const p = issue.params ?? {};
  switch (issue.keyword) {
    case 'invalid_type':
      if (/received undefined$/.test(issue.message ?? '')) return 'is required';
      return `must be ${KIND_WORDS[String(p.expected)] ?? String(p.expected)}`;
    case 'too_small': {
      const min = Number(p.minimum);
      if (p.origin === 'string' && min === 1) return 'must not be empty';
      if ((p.origin === 'array' || p.origin === 'set') && min === 1)
        return 'needs at least one item';
      const bound = sizeWords(p.origin, min);
      return p.inclusive === false
        ? `must be more than ${bound}`
        : p.origin === 'string' || p.origin === 'array'
          ? `must be at least ${bound} long`
          : `must be at least ${bound}`;
    }
    case 'too_big': {
      const bound = sizeWords(p.origin, Number(p.maximum));
      return p.inclusive === false
        ? `must be less than ${bound}`
        : p.origin === 'string' || p.origin === 'array'
          ? `must be at most ${bound} long`
          : `must be at most ${bound}`;
    }
    case 'invalid_format': {
      const format = String(p.format);
      return format in FORMAT_WORDS
        ? `must be ${FORMAT_WORDS[format]}`
        : 'is not in the expected form';
    }
    case 'invalid_value': {
      const values = Array.isArray(p.values) ? p.values.map(String) : [];
      if (values.length === 1) return `must be ${values[0]}`;
      return values.length
        ? `must be one of ${values.join(', ')}`
        : 'is not one of the allowed values';
    }
    case 'not_multiple_of':
      return `must be a multiple of ${String(p.divisor)}`;
    case 'invalid_union':
      return 'is not in any of the accepted forms';
    default:
      return undefined;
  }
}

/**
 * One validation problem as a sentence a person can read, naming the field in words: a
 * contract's own words are kept ("must be a date and time such as …" follows the field's name;
 * a whole sentence stands alone), zod's defaults are said again in plain words.
 */
export function describeIssue(issue: ValidationIssue, whole: string): FieldIssue {
  const path = (issue.instancePath ?? '').split('/').filter(Boolean);
  const field = path.join('.');
  const label = labelOf(path, whole);
  const message = (issue.message ?? '').trim();
  if (issue.keyword === 'unrecognized_keys') {
    const keys = Array.isArray(issue.params?.keys) ? issue.params.keys.map(String) : [];
    const named = keys.map((k) => `"${k}"`).join(', ');
    return {
      field,
      message:
        keys.length === 1
          ? `${named} is not a field this request takes.`
          : `${named} are not fields this request takes.`,
    };
  }
  // A contract's own sentence ("Choose at least one day.") stands as it is.
  if (/^[A-Z"“]/.test(message) && /[.!?]$/.test(message)) return { field, message };
  // A contract's own fragment ("must be …") follows the field's name.
  if (/^[a-z]/.test(message)) return { field, message: asSentence(`${label} ${message}`) };
  const rule = ruleOf(issue);
  return {
    field,
    message: asSentence(rule ? `${label} ${rule}` : `${label}: ${message || 'is not valid'}`),
  };
}

/** The first ten problems, each a sentence, and the fields they concern. */
export function describeIssues(
  issues: readonly ValidationIssue[],
  whole: string,
): { details: string; fields: FieldIssue[] } {
  const fields = issues.slice(0, 10).map((issue) => describeIssue(issue, whole));
  const unique = [...new Set(fields.map((f) => f.message))];
  return { details: unique.join(' '), fields };
}
