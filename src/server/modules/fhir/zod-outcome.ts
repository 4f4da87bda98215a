import type { z } from 'zod';
import { FhirError } from './outcome';

/**
 * The app's own input rules (the JSON API's contracts) refusing what a FHIR client sent: each
 * issue with the field and the words the JSON API would give.
 */
export function zodOutcome(error: z.ZodError, paths: Record<string, string> = {}): FhirError {
  const issues = error.issues.map((issue) => {
    const field = issue.path.join('.');
    const expression = paths[String(issue.path[0] ?? '')];
    return {
      severity: 'error' as const,
      code: 'invalid' as const,
      details: { text: `${expression ?? field}: ${issue.message}` },
      ...(expression ? { expression: [expression] } : {}),
    };
  });
  return new FhirError(400, 'invalid', 'The request is not valid.', undefined, issues);
}
