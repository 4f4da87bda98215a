import type { Bundle, BundleLink, Resource } from '@medplum/fhirtypes';
import type { SearchRequest } from './search-request';

export const FHIR_PATH = '/fhir/R4';

/** Where the API lives for its callers: links and fullUrls are absolute, from PUBLIC_URL. */
export function fhirBase(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${FHIR_PATH}`;
}

/**
 * A page of results and where the next one starts (undefined on the last page), with how many
 * match in all when the search asked for it (`_total`, `_summary=count`, `_count=0`).
 */
export interface Page<T> {
  items: T[];
  next?: unknown;
  total?: number;
}

/** The first `size` of up to size + 1 rows read, and the cursor after them if more follow. */
export function pageOf<T>(rows: T[], size: number, cursorOf: (row: T) => unknown): Page<T> {
  const items = rows.slice(0, size);
  const last = items.at(-1);
  return { items, next: rows.length > size && last !== undefined ? cursorOf(last) : undefined };
}

/**
 * The elements `_elements` keeps whatever is asked: each resource's mandatory and modifier
 * elements (R4's definitions: min 1 or isModifier), besides id and meta.
 */
const ALWAYS_KEPT: Record<string, readonly string[]> = {
  Appointment: ['status', 'participant'],
  Slot: ['schedule', 'status', 'start', 'end'],
  Schedule: ['active', 'actor'],
  Patient: ['active', 'deceasedBoolean', 'deceasedDateTime', 'link'],
  HealthcareService: ['active'],
  Organization: ['active'],
  Location: ['status'],
  Device: ['status'],
};
const KEPT_EVERYWHERE = ['resourceType', 'id', 'meta', 'implicitRules', 'modifierExtension'];

/** R4's tag for a resource answered in part (`_elements`), so nobody saves it as whole. */
export const SUBSETTED = {
  system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationValue',
  code: 'SUBSETTED',
  display: 'subsetted',
};

/** The resource with only the elements asked for (and those always kept), tagged SUBSETTED. */
export function subsetted<T extends Resource>(resource: T, elements: readonly string[]): T {
  const kept = new Set([
    ...KEPT_EVERYWHERE,
    ...(ALWAYS_KEPT[resource.resourceType] ?? []),
    ...elements,
  ]);
  // A choice element is asked for by its name without the type (`deceased`: deceasedBoolean…).
  const choice = (key: string) =>
    elements.some((e) => key.startsWith(e) && /^[A-Z]/.test(key.slice(e.length)));
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(resource)) {
    if (kept.has(key) || choice(key)) out[key] = value;
  }
  const meta = resource.meta ?? {};
  out.meta = { ...meta, tag: [...(meta.tag ?? []), SUBSETTED] };
  return out as T;
}

/** What a searchset carries besides its matches. */
export interface SearchsetExtras {
  /** Resources an `_include` or `_revinclude` brought (already the caller's, deduplicated). */
  included?: ReadonlyArray<Resource & { id?: string }>;
}

/**
 * A searchset Bundle: the matches with their fullUrls, the self link (what was applied) and the
 * next link while more follow. Parameters the server ignored are reported in an OperationOutcome
 * entry, as FHIR's search page suggests, so a client can tell its filter was not applied.
 */
export function searchset(
  base: string,
  type: string,
  request: SearchRequest,
  page: Page<Resource & { id?: string }>,
  extras: SearchsetExtras = {},
): Bundle {
  const link = (relation: string, query: string): BundleLink => ({
    relation,
    url: `${base}/${type}${query ? `?${query}` : ''}`,
  });
  const links = [link('self', request.query())];
  if (page.next !== undefined) links.push(link('next', request.query(page.next)));
  const elements = request.elements();
  const entries: NonNullable<Bundle['entry']> = page.items.map((resource) => ({
    fullUrl: `${base}/${resource.resourceType}/${resource.id}`,
    resource: elements ? subsetted(resource, elements) : resource,
    search: { mode: 'match' },
  }));
  // Each resource once: one that is a match is not also included.
  const seen = new Set(page.items.map((r) => `${r.resourceType}/${r.id}`));
  for (const resource of extras.included ?? []) {
    const key = `${resource.resourceType}/${resource.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    entries.push({ fullUrl: `${base}/${key}`, resource, search: { mode: 'include' } });
  }
  if (request.ignored.length > 0) {
    entries.push({
      resource: {
        resourceType: 'OperationOutcome',
        issue: [
          {
            severity: 'warning',
            code: 'not-supported',
            details: {
              text: `Ignored unknown search parameter${request.ignored.length > 1 ? 's' : ''}: ${request.ignored.join(', ')}.`,
            },
          },
        ],
      },
      search: { mode: 'outcome' },
    });
  }
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    ...(page.total !== undefined ? { total: page.total } : {}),
    link: links,
    ...(entries.length > 0 ? { entry: entries } : {}),
  };
}
