import { z } from 'zod';
import { SECOND_FACTOR_METHODS, SIGN_IN_NEXT, sessionUser } from './auth';
import { idParams } from './common';
import { defineEndpoint } from './endpoint';
import {
  confirmTotpRoute,
  forgetAllRememberedBrowsersRoute,
  forgetRememberedBrowserRoute,
  getSignInStepRoute,
  getTwoStepStatusRoute,
  listRememberedBrowsersRoute,
  regenerateRecoveryCodesRoute,
  removeTotpRoute,
  startTotpEnrolmentRoute,
  stepUpRoute,
  verifySignInCodeRoute,
} from './routes/two-step';

// Two-step sign-in (ADR 046): the authenticator app, recovery codes, remembered browsers and the
// step-up before sensitive changes.

export { SECOND_FACTOR_METHODS, SIGN_IN_NEXT };
export type { SecondFactorMethod, SignInNext } from './auth';

/** Who must have a second factor at a clinic: nobody, its admins, or everyone. */
export const SECOND_FACTOR_POLICIES = ['off', 'admins', 'everyone'] as const;
export type SecondFactorPolicy = (typeof SECOND_FACTOR_POLICIES)[number];

/** How long "Remember this browser" lasts. */
export const REMEMBER_BROWSER_DAYS = 30;

/**
 * A code as a person types it: six digits from the app, or a recovery code such as
 * "k7m2p-q9x4w". Spaces and dashes are ignored, and case does not matter.
 */
export const secondFactorCode = z
  .string({ error: 'Enter the code.' })
  .max(40, 'must be at most 40 characters')
  .transform((s) => s.replace(/[\s-]/g, '').toLowerCase())
  .pipe(z.string().min(1, 'Enter the code.'));

export const signInStepView = z.object({
  stage: z.enum(['full', ...SIGN_IN_NEXT]),
  methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
  email: z.string(),
});
export type SignInStepView = z.infer<typeof signInStepView>;

export const verifySignInCodeBody = z.object({
  code: secondFactorCode,
  /** Skip the second factor in this browser for REMEMBER_BROWSER_DAYS. */
  remember: z.boolean().default(false),
});
export type VerifySignInCodeBody = z.input<typeof verifySignInCodeBody>;

export const twoStepStatus = z.object({
  /** Whether an authenticator app is set up (confirmed with a first code). */
  totp: z.boolean(),
  /** When it was confirmed. */
  totpSince: z.string().nullable(),
  recoveryCodesLeft: z.number(),
  passkeys: z.number(),
  /** Whether one of the user's clinics requires a second factor of them. */
  required: z.boolean(),
});
export type TwoStepStatus = z.infer<typeof twoStepStatus>;

export const totpEnrolment = z.object({
  /** The key in base32, for typing into the app by hand. */
  secret: z.string(),
  /** The otpauth:// address the QR code holds. */
  uri: z.string(),
  /** The QR code as an SVG image (a data: URL). */
  qrCode: z.string(),
});
export type TotpEnrolment = z.infer<typeof totpEnrolment>;

export const confirmTotpBody = z.object({ code: secondFactorCode });

export const recoveryCodesView = z.object({
  /** Shown once: only their hashes are kept. */
  recoveryCodes: z.array(z.string()),
  /** Present when confirming finished a sign-in that had to set up a second factor. */
  user: sessionUser.optional(),
});
export type RecoveryCodesView = z.infer<typeof recoveryCodesView>;

/** Removing the app takes a current code from it, or the account's password. */
export const removeTotpBody = z
  .object({
    code: secondFactorCode.optional(),
    password: z.string().min(1).max(200).optional(),
  })
  .refine((b) => b.code !== undefined || b.password !== undefined, {
    message: 'Enter a code from your authenticator app or your password.',
  });
export type RemoveTotpBody = z.input<typeof removeTotpBody>;

export const rememberedBrowser = z.object({
  id: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Whether it is the browser asking. */
  current: z.boolean(),
});
export type RememberedBrowser = z.infer<typeof rememberedBrowser>;

export const rememberedBrowsersView = z.object({ data: z.array(rememberedBrowser) });

export const stepUpBody = z.object({ code: secondFactorCode });

const ok = z.object({ ok: z.literal(true) });
const auth = { tag: 'Auth', access: 'authenticated' } as const;

export const getSignInStepEndpoint = defineEndpoint({
  ...auth,
  ...getSignInStepRoute,
  signingIn: true,
  summary: 'What a sign-in still needs: a second factor, setting one up, or nothing',
  responses: { 200: signInStepView },
});

export const verifySignInCodeEndpoint = defineEndpoint({
  ...auth,
  ...verifySignInCodeRoute,
  signingIn: true,
  summary: 'Finish signing in with a code from the authenticator app or a recovery code',
  description:
    'On success the session cookie is replaced by a new one. Wrong codes are counted: after five the sign-in ends and starts again with the password, and an account with many wrong codes waits (429).',
  body: verifySignInCodeBody,
  responses: { 200: z.object({ user: sessionUser }) },
  errors: [409, 429],
});

export const getTwoStepStatusEndpoint = defineEndpoint({
  ...auth,
  ...getTwoStepStatusRoute,
  signingIn: true,
  summary: 'The signed-in user’s second factors and whether a clinic requires one',
  responses: { 200: twoStepStatus },
});

export const startTotpEnrolmentEndpoint = defineEndpoint({
  ...auth,
  ...startTotpEnrolmentRoute,
  signingIn: true,
  summary: 'Start setting up an authenticator app: a new key, its QR code and address',
  description: 'A key started earlier and never confirmed is replaced.',
  responses: { 200: totpEnrolment },
  errors: [409],
});

export const confirmTotpEndpoint = defineEndpoint({
  ...auth,
  ...confirmTotpRoute,
  signingIn: true,
  summary: 'Confirm the authenticator app with a first code; answers ten recovery codes, once',
  description:
    'During a sign-in that had to set up a second factor, this also finishes the sign-in and replaces the session cookie.',
  body: confirmTotpBody,
  responses: { 200: recoveryCodesView },
  errors: [409, 429],
});

export const removeTotpEndpoint = defineEndpoint({
  ...auth,
  ...removeTotpRoute,
  summary: 'Remove the authenticator app, with a current code or the password',
  description:
    'Refused where a clinic requires a second factor and it is the user’s last. Remembered browsers are forgotten.',
  body: removeTotpBody,
  responses: { 200: ok },
  errors: [409, 422, 429],
});

export const regenerateRecoveryCodesEndpoint = defineEndpoint({
  ...auth,
  ...regenerateRecoveryCodesRoute,
  summary: 'Ten new recovery codes, replacing every earlier one; shown once',
  description: 'Needs a fresh second factor (403 step_up_required).',
  responses: { 200: recoveryCodesView },
  errors: [409],
});

export const listRememberedBrowsersEndpoint = defineEndpoint({
  ...auth,
  ...listRememberedBrowsersRoute,
  summary: 'The browsers that skip the second factor for the signed-in user',
  responses: { 200: rememberedBrowsersView },
});

export const forgetRememberedBrowserEndpoint = defineEndpoint({
  ...auth,
  ...forgetRememberedBrowserRoute,
  summary: 'Forget one remembered browser: it asks for the second factor again',
  params: idParams,
  responses: { 200: ok },
  errors: [404],
});

export const forgetAllRememberedBrowsersEndpoint = defineEndpoint({
  ...auth,
  ...forgetAllRememberedBrowsersRoute,
  summary: 'Forget every remembered browser of the signed-in user',
  responses: { 200: ok },
});

export const stepUpEndpoint = defineEndpoint({
  ...auth,
  ...stepUpRoute,
  summary: 'Give the second factor again before a sensitive change (fresh for ten minutes)',
  body: stepUpBody,
  responses: { 200: ok },
  errors: [409, 429],
});
