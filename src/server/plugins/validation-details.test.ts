import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allEndpoints } from '@contracts/all-endpoints';
import { describeIssue, describeIssues, type ValidationIssue } from './validation-details';

/**
 * A sentence a person can read: a capital (or a quoted name, or a number) first, its own full
 * stop last, several words, and none of zod's own jargon or a bare field path.
 */
function expectSentences(text: string, context: string) {
  expect(text, context).toMatch(/^["“A-Z0-9][\s\S]*[.!?]$/);
  expect(text.split(/\s+/).length, context).toBeGreaterThanOrEqual(3);
  expect(text, context).not.toMatch(
    /Invalid input|Invalid option|expected .*received|Too (small|big)|Unrecognized key|[<>]=|^\w+(\.\w+)+:/,
  );
}

/** What zod reports, as Fastify's zod type provider hands it to the error handler. */
function asFastifyIssues(error: z.ZodError): ValidationIssue[] {
  return error.issues.map(({ path, code, message, ...params }) => ({
    keyword: code,
    instancePath: `/${path.map(String).join('/')}`,
    message,
    params,
  }));
}

/** Values that break a field of any kind: wrong types, empty, huge, control characters. */
const BAD_VALUES: unknown[] = [
  null,
  12345,
  -1,
  1.5,
  true,
  '',
  ' ',
  'x'.repeat(5000),
  'not-a-date',
  'a\u0000b',
  [],
  [12345],
  {},
];

/** The object behind a schema (its shape), through defaults, optionals and refinements. */
function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  const def = (schema as { def?: { type?: string; innerType?: z.ZodType; in?: z.ZodType } }).def;
  if (schema instanceof z.ZodObject) return schema.shape as Record<string, z.ZodType>;
  if (def?.innerType) return shapeOf(def.innerType);
  if (def?.in) return shapeOf(def.in);
  return undefined;
}

/** A run of bad inputs against one schema: the whole replaced, and each field broken in turn. */
function badInputs(schema: z.ZodType): unknown[] {
  const inputs: unknown[] = [undefined, null, 'text', 42, [], {}, { unexpectedField: 1 }];
  const shape = shapeOf(schema);
  if (shape) {
    for (const key of Object.keys(shape)) {
      for (const value of BAD_VALUES) inputs.push({ [key]: value });
    }
  }
  return inputs;
}

describe('every contract’s validation errors', () => {
  const parts = ['params', 'query', 'body', 'headers'] as const;
  const cases = allEndpoints.flatMap((endpoint) =>
    parts
      .filter((part) => endpoint[part] !== undefined)
      .map((part) => ({ endpoint, part, schema: endpoint[part]! })),
  );

  it('covers every endpoint that takes input', () => {
    expect(cases.length).toBeGreaterThan(40);
  });

  it.each(cases.map((c) => [`${c.endpoint.operationId} ${c.part}`, c] as const))(
    '%s: details are sentences, fields name the paths',
    (_name, { schema }) => {
      let refused = 0;
      for (const input of badInputs(schema)) {
        const result = schema.safeParse(input);
        if (result.success) continue;
        refused++;
        const issues = asFastifyIssues(result.error);
        const { details, fields } = describeIssues(issues, 'The request body');
        expectSentences(details, JSON.stringify(input)?.slice(0, 80) ?? 'undefined');
        for (const f of fields) {
          expectSentences(f.message, f.field);
          expect(f.field).not.toMatch(/\//);
        }
      }
      expect(refused).toBeGreaterThan(0);
    },
  );
});

describe('describeIssue', () => {
  const issue = (path: string, message: string, keyword: string, params = {}) => ({
    instancePath: path,
    message,
    keyword,
    params,
  });

  it('says zod’s defaults again in plain words, naming the field', () => {
    expect(
      describeIssue(
        issue('/startTime', 'Invalid input: expected string, received undefined', 'invalid_type', {
          expected: 'string',
        }),
        'The request body',
      ),
    ).toEqual({ field: 'startTime', message: 'Start time is required.' });
    expect(
      describeIssue(
        issue('/email', 'Invalid email address', 'invalid_format', { format: 'email' }),
        'The request body',
      ).message,
    ).toBe('Email must be an e-mail address.');
    expect(
      describeIssue(
        issue('/dob', 'Too small: expected string to have >=1 characters', 'too_small', {
          origin: 'string',
          minimum: 1,
          inclusive: true,
        }),
        'The request body',
      ).message,
    ).toBe('Date of birth must not be empty.');
  });

  it('keeps a contract’s fragment after the field’s name, and its sentence as it is', () => {
    expect(
      describeIssue(
        issue('/participants/0/email', 'must be a valid email address', 'custom'),
        'The request body',
      ),
    ).toEqual({
      field: 'participants.0.email',
      message: 'Email (item 1) must be a valid email address.',
    });
    expect(
      describeIssue(issue('/days', 'Choose at least one day.', 'custom'), 'The request body')
        .message,
    ).toBe('Choose at least one day.');
  });

  it('names an unexpected field by its name', () => {
    expect(
      describeIssue(
        issue('', 'Unrecognized key: "colour"', 'unrecognized_keys', { keys: ['colour'] }),
        'The request body',
      ),
    ).toEqual({ field: '', message: '"colour" is not a field this request takes.' });
  });
});
