import { FhirError, invalid, notSupported } from './outcome';
import { instantRange, type InstantRange } from './search-dates';

/** Parameters every search takes, besides its resource's own. */
const COMMON_PARAMETERS = [
  '_count',
  '_cursor',
  '_format',
  '_pretty',
  '_summary',
  '_total',
  '_elements',
] as const;

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

type RawQuery = Record<string, string | string[] | undefined>;

/** The formats answered: JSON, by `_format` or `Accept` (an XML one is a 406, never JSON). */
export function checkFormat(format: string | undefined, accept: string | undefined): void {
  if (format !== undefined && format !== '' && !/json/i.test(format)) {
    throw new FhirError(406, 'not-supported', 'This server answers in JSON only (_format=json).');
  }
  if (accept === undefined || accept.trim() === '') return;
  const acceptable = accept.split(',').some((range) => {
    const [type = '', ...params] = range.split(';').map((p) => p.trim().toLowerCase());
    if (params.some((p) => /^q\s*=\s*0(\.0*)?$/.test(p))) return false;
    return (
      type === '*/*' ||
      type === 'application/*' ||
      type === 'application/fhir+json' ||
      type === 'application/json' ||
      type === 'application/json+fhir'
    );
  });
  if (!acceptable) {
    throw new FhirError(
      406,
      'not-supported',
      'This server answers in JSON only: send Accept: application/fhir+json.',
    );
  }
}

/** An `_include` or `_revinclude` value: `Appointment:patient`, or with its target type. */
export interface IncludeParam {
  source: string;
  param: string;
  target?: string;
}

/**
 * One search: its parameters by name, the ones this resource does not know (ignored, or refused
 * when the client asks `Prefer: handling=strict`), and the canonical query of what was applied,
 * from which the Bundle's self and next links are written.
 */
export class SearchRequest {
  readonly ignored: string[] = [];
  private readonly params = new Map<string, string[]>();

  constructor(
    query: RawQuery,
    known: readonly string[],
    strict: boolean,
    private readonly now = new Date(),
    /** The largest page: MAX_PAGE_SIZE for the API; larger for a Bulk Data export's batches. */
    private readonly maxPageSize = MAX_PAGE_SIZE,
  ) {
    const accepted = new Set<string>([...COMMON_PARAMETERS, ...known]);
    for (const [name, raw] of Object.entries(query)) {
      if (raw === undefined) continue;
      const values = (Array.isArray(raw) ? raw : [raw]).filter((v) => v !== '');
      if (values.length === 0) continue;
      if (accepted.has(name)) this.params.set(name, values);
      else this.ignored.push(name);
    }
    this.ignored.sort();
    if (strict && this.ignored.length > 0) {
      throw new FhirError(
        400,
        'not-supported',
        `Unknown search parameter${this.ignored.length > 1 ? 's' : ''}: ${this.ignored.join(', ')}. The CapabilityStatement (/metadata) lists those this server supports.`,
      );
    }
    checkFormat(this.one('_format'), undefined);
  }

  /** Every value given for a parameter (it may repeat: each repetition narrows the search). */
  all(name: string): string[] {
    return this.params.get(name) ?? [];
  }

  /** A parameter that may be given once. */
  one(name: string): string | undefined {
    const values = this.all(name);
    if (values.length > 1) throw invalid(`Give ${name} once.`, name);
    return values[0];
  }

  has(name: string): boolean {
    return this.params.has(name);
  }

  /** A date parameter's answer (see instantRange), `ap` measured from the request's now. */
  dates(name: string): InstantRange {
    return instantRange(this.all(name), name, this.now);
  }

  /** `_summary=count`: the total alone, no entries. Other summaries are not offered. */
  countOnly(): boolean {
    const summary = this.one('_summary');
    if (summary === undefined || summary === 'false') return false;
    if (summary === 'count') return true;
    throw notSupported(
      `_summary=${summary} is not supported: count (the total alone) or false.`,
      '_summary',
    );
  }

  /** Whether the Bundle says how many match (Bundle.total): `_total`, `_summary=count`, `_count=0`. */
  wantsTotal(): boolean {
    const total = this.one('_total');
    if (total !== undefined && !['none', 'estimate', 'accurate'].includes(total)) {
      throw invalid('_total is none, estimate or accurate.', '_total');
    }
    if (this.countOnly() || this.pageSize() === 0) return true;
    return total === 'accurate' || total === 'estimate';
  }

  /** `_count`: how many entries a page holds (0: none, with the total). */
  pageSize(): number {
    if (this.countOnly()) return 0;
    const raw = this.one('_count');
    if (raw === undefined) return DEFAULT_PAGE_SIZE;
    if (!/^\d{1,6}$/.test(raw)) {
      throw invalid('_count must be a whole number (0 for the total alone).', '_count');
    }
    return Math.min(Number(raw), this.maxPageSize);
  }

  /** `_elements`: the top-level elements asked for, or undefined for whole resources. */
  elements(): string[] | undefined {
    if (!this.has('_elements')) return undefined;
    const names = this.all('_elements').flatMap(alternatives);
    for (const name of names) {
      if (!/^[a-z][A-Za-z0-9]{0,63}(\[x\])?$/.test(name)) {
        throw invalid(
          `_elements names elements of the resource, such as status,start; not ${name}.`,
          '_elements',
        );
      }
    }
    return names.map((n) => n.replace('[x]', ''));
  }

  /** `_include` or `_revinclude` values, each one this resource offers (else 400). */
  includes(name: '_include' | '_revinclude', offered: readonly string[]): IncludeParam[] {
    const found: IncludeParam[] = [];
    for (const value of this.all(name).flatMap(alternatives)) {
      const [source = '', param = '', target, ...rest] = value.split(':');
      const key = `${source}:${param}`;
      if (
        rest.length > 0 ||
        !offered.includes(key) ||
        (target !== undefined && !/^[A-Z][A-Za-z]+$/.test(target))
      ) {
        throw notSupported(
          `${name}=${value} is not supported here; ${offered.length > 0 ? `${name} takes ${offered.join(', ')}` : `there is no ${name} for this resource`}.`,
          name,
        );
      }
      found.push({ source, param, ...(target ? { target } : {}) });
    }
    return found;
  }

  /** The position after which this page starts, as the previous page's next link gave it. */
  cursor<T>(check: (value: unknown) => value is T): T | undefined {
    const raw = this.one('_cursor');
    if (raw === undefined) return undefined;
    let value: unknown;
    try {
      value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    } catch {
      value = undefined;
    }
    if (!check(value)) throw invalid('_cursor is not one this server gave out.', '_cursor');
    return value;
  }

  /** The applied parameters as a query string, the cursor replaced by `cursor` (if any). */
  query(cursor?: unknown): string {
    const search = new URLSearchParams();
    const names = [...this.params.keys()].filter((n) => n !== '_cursor').sort();
    for (const name of names) for (const value of this.all(name)) search.append(name, value);
    if (cursor !== undefined) {
      search.append('_cursor', Buffer.from(JSON.stringify(cursor)).toString('base64url'));
    }
    return search.toString();
  }
}

/** `Prefer: handling=strict` asks that unknown parameters be refused rather than ignored. */
export function prefersStrict(prefer: string | string[] | undefined): boolean {
  return [prefer ?? []].flat().some((value) => /(^|[;,\s])handling\s*=\s*strict\b/i.test(value));
}

/** A parameter's comma-separated alternatives (FHIR's "or"). */
export function alternatives(value: string): string[] {
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

/**
 * The ids a reference parameter names: `Patient/123`, a full URL ending so, or a bare id.
 * `types` are the resource types the parameter may point at.
 */
export function referenceIds(
  request: SearchRequest,
  name: string,
  types: readonly string[],
): string[][] {
  return request.all(name).map((value) =>
    alternatives(value).map((ref) => {
      const match = /^(?:.*\/)?([A-Za-z]+)\/([A-Za-z0-9\-.]{1,64})$/.exec(ref);
      if (match) {
        if (!types.includes(match[1]!)) {
          throw invalid(`${name} refers to ${types.join(' or ')}, not ${match[1]}.`, name);
        }
        return match[2]!;
      }
      if (/^[A-Za-z0-9\-.]{1,64}$/.test(ref)) return ref;
      throw invalid(`${name} must be a reference such as ${types[0]}/<id>.`, name);
    }),
  );
}

/**
 * Repetitions of a parameter each narrow the search (AND) and the values of one are
 * alternatives (OR): the values that every repetition allows, or undefined when not given.
 */
export function intersectAll<T>(sets: T[][]): T[] | undefined {
  if (sets.length === 0) return undefined;
  return sets.reduce((acc, set) => acc.filter((v) => set.includes(v)));
}
