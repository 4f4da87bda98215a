import type { OperationOutcome, OperationOutcomeIssue } from '@medplum/fhirtypes';
import type { FastifyRequest } from 'fastify';
import { mapError } from '../../plugins/error-handler';

type IssueCode = OperationOutcomeIssue['code'];

/**
 * An error the FHIR API answers as an OperationOutcome: its HTTP status, the issue code FHIR
 * gives that kind of failure, and words a person can act on.
 */
export class FhirError extends Error {
  override readonly name = 'FhirError';
  constructor(
    readonly statusCode: number,
    readonly code: IssueCode,
    message: string,
    /** FHIRPath of the element at fault (`Appointment.status`), or the search parameter. */
    readonly expression?: string,
    readonly issues?: OperationOutcomeIssue[],
  ) {
    super(message);
  }
}

export const invalid = (message: string, expression?: string) =>
  new FhirError(400, 'invalid', message, expression);
export const notSupported = (message: string, expression?: string) =>
  new FhirError(400, 'not-supported', message, expression);
export const unprocessable = (message: string, expression?: string) =>
  new FhirError(422, 'business-rule', message, expression);
export const resourceNotFound = (type: string, id: string) =>
  new FhirError(404, 'not-found', `${type}/${id} is not known, or not among your clinics.`);

/** The issue code for a status, when the failure came from the app's own services. */
const CODE_BY_STATUS: Record<number, IssueCode> = {
  400: 'invalid',
  401: 'login',
  403: 'forbidden',
  404: 'not-found',
  405: 'not-supported',
  406: 'not-supported',
  408: 'timeout',
  409: 'conflict',
  410: 'deleted',
  412: 'conflict',
  413: 'too-costly',
  415: 'not-supported',
  422: 'business-rule',
  429: 'throttled',
  503: 'transient',
};

export function outcome(issues: OperationOutcomeIssue[]): OperationOutcome {
  return { resourceType: 'OperationOutcome', issue: issues };
}

export function errorIssue(code: IssueCode, text: string, expression?: string) {
  return {
    severity: 'error' as const,
    code,
    details: { text },
    ...(expression ? { expression: [expression] } : {}),
  };
}

/**
 * Any failure as the status and OperationOutcome FHIR clients expect. The app's own errors (a
 * taken slot, another clinic's record, bad input, the database away) keep the status and words
 * the JSON API gives them; only their shape changes.
 */
export function toOutcome(
  err: unknown,
  request: FastifyRequest,
): { status: number; body: OperationOutcome } {
  if (err instanceof FhirError) {
    return {
      status: err.statusCode,
      body: outcome(err.issues ?? [errorIssue(err.code, err.message, err.expression)]),
    };
  }
  const mapped = mapError(err, request);
  const text = mapped.body.details
    ? `${mapped.body.message} ${mapped.body.details}`
    : mapped.body.message;
  const issue = errorIssue(
    CODE_BY_STATUS[mapped.status] ?? 'exception',
    text,
    mapped.body.fields?.[0]?.field,
  );
  if (mapped.status >= 500 && mapped.body.digest) {
    return {
      status: mapped.status,
      body: outcome([{ ...issue, diagnostics: mapped.body.digest }]),
    };
  }
  return { status: mapped.status, body: outcome([issue]) };
}
