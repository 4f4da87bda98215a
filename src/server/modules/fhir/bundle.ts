import type { Bundle, BundleLink, Resource } from '@medplum/fhirtypes';
import type { SearchRequest } from './search-request';

export const FHIR_PATH = '/fhir/R4';

/** Where the API lives for its callers: links and fullUrls are absolute, from PUBLIC_URL. */
export function fhirBase(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${FHIR_PATH}`;
}

/** A page of results and where the next one starts (undefined on the last page). */
export interface Page<T> {
  items: T[];
  next?: unknown;
}

/** The first `size` of up to size + 1 rows read, and the cursor after them if more follow. */
export function pageOf<T>(rows: T[], size: number, cursorOf: (row: T) => unknown): Page<T> {
  const items = rows.slice(0, size);
  const last = items.at(-1);
  return { items, next: rows.length > size && last !== undefined ? cursorOf(last) : undefined };
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
): Bundle {
  const link = (relation: string, query: string): BundleLink => ({
    relation,
    url: `${base}/${type}${query ? `?${query}` : ''}`,
  });
  const links = [link('self', request.query())];
  if (page.next !== undefined) links.push(link('next', request.query(page.next)));
  const entries: NonNullable<Bundle['entry']> = page.items.map((resource) => ({
    fullUrl: `${base}/${resource.resourceType}/${resource.id}`,
    resource,
    search: { mode: 'match' },
  }));
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
    link: links,
    entry: entries,
  };
}
