import { FHIR_ID } from './fhir-ids';
import { invalid } from './outcome';

/**
 * The id in a reference a client sent (`Patient/123`, or an absolute URL ending so), which must
 * be to `type`; `expression` names the element for the OperationOutcome.
 */
export function referenceId(reference: string, type: string, expression: string): string {
  const match = /^(?:.*\/)?([A-Za-z]+)\/([^/]+)$/.exec(reference);
  if (!match || match[1] !== type || !FHIR_ID.test(match[2]!)) {
    throw invalid(`${expression} must refer to ${type}/{id}, not "${reference}".`, expression);
  }
  return match[2]!;
}

/** The type and id of a reference, whatever its type, or null when it is not a literal one. */
export function referenceParts(reference: string): { type: string; id: string } | null {
  const match = /^(?:.*\/)?([A-Za-z]+)\/([^/]+)$/.exec(reference);
  return match && FHIR_ID.test(match[2]!) ? { type: match[1]!, id: match[2]! } : null;
}
