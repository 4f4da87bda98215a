import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { loginBody } from '@contracts/auth';
import { worded } from '@web/lib/form-schema';

// The browser's own checks (required, an email address) come first; what is left are the
// contract's limits, which a person meets only by pasting something very long.
const tooLong = (label: string) => (issue: z.core.$ZodIssue) =>
  issue.code === 'too_big'
    ? `${label} must be at most ${issue.maximum} characters.`
    : `${label} ${issue.message}.`;

const loginForm = z.object({
  email: worded(loginBody.shape.email, tooLong('Email')),
  password: worded(loginBody.shape.password, tooLong('Password')),
});

/** The sign-in form's checks: the contract's schema, as every form has them. */
export const loginFormResolver = zodResolver(loginForm);
