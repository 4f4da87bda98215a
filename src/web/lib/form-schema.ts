import { z } from 'zod';

/** What a form says when the contract refuses a field's value; the issue says which rule. */
export type Wording = (issue: z.core.$ZodIssue) => string;

/**
 * A field of a form: the contract's own rule decides what is valid (so the form refuses exactly
 * what the server would), and the form says it in words written for the person typing. The
 * value comes out as the contract parses it (trimmed, lower-cased…), ready to send.
 */
export function worded<Rule extends z.ZodType>(rule: Rule, wording: Wording) {
  return z.custom<z.input<Rule>>().transform((value, ctx): z.output<Rule> => {
    const result = rule.safeParse(value);
    if (result.success) return result.data;
    // One message per field: the first rule the value broke.
    ctx.issues.push({ code: 'custom', message: wording(result.error.issues[0]!), input: value });
    return z.NEVER;
  });
}

/** The contract's message after the field's label: "Email must be a valid email address". */
export const labelled =
  (label: string) =>
  (problem: { message: string }): string =>
    `${label} ${problem.message}`;

/** An optional field left blank (or only spaces) is not sent at all. */
export function blankAsAbsent<Rule extends z.ZodType>(rule: Rule) {
  return z.preprocess((value: string | undefined) => (value?.trim() ? value : undefined), rule);
}
