import { z } from 'zod';
import { ROLES } from '@domain/roles';
import { emailField, safeText, timezoneField } from './common';
import { defineEndpoint } from './endpoint';
import {
  changePasswordRoute,
  getSessionRoute,
  signInRoute,
  signOutRoute,
  updateProfileRoute,
} from './routes/auth';

export const roleSchema = z.enum(ROLES);
export const themeSchema = z.enum(['light', 'dark', 'system']);

export const loginBody = z.object({
  email: z
    .string()
    .trim()
    .max(254)
    .refine((s) => !s.includes('\u0000'), 'must not contain NUL characters')
    .transform((s) => s.toLowerCase()),
  password: z.string().min(1).max(200),
});
export type LoginBody = z.infer<typeof loginBody>;

export const clinicSummary = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  timezone: z.string(),
});
export type ClinicSummary = z.infer<typeof clinicSummary>;

/** The changes a staff member can be emailed about (the outbox's notification kinds). */
export const NOTIFICATION_EVENTS = ['booked', 'rescheduled', 'reassigned', 'cancelled'] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** Which of their own appointments' changes a user is emailed about; every one is on by default. */
export const notificationPrefs = z.object(
  Object.fromEntries(NOTIFICATION_EVENTS.map((e) => [e, z.boolean()])) as Record<
    NotificationEvent,
    z.ZodBoolean
  >,
);
export type NotificationPrefs = z.infer<typeof notificationPrefs>;
export const DEFAULT_NOTIFICATION_PREFS: NotificationPrefs = {
  booked: true,
  rescheduled: true,
  reassigned: true,
  cancelled: true,
};

/**
 * Whether the server sends e-mail: `off` without SMTP_URL, when every message waits in the
 * outbox (admins read them under Notifications). Told to signed-in staff only.
 */
export const MAIL_DELIVERY = ['smtp', 'off'] as const;
export type MailDelivery = (typeof MAIL_DELIVERY)[number];

/** Who a staff member is, as every view of their account starts. */
export const staffAccount = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  timezone: z.string().nullable(),
});

/** The signed-in user as the web app sees them. */
export const sessionUser = staffAccount.extend({
  theme: themeSchema,
  clinics: z.array(clinicSummary),
  /** Optional so clients and fixtures written before it keep working; the server always sends it. */
  notificationPrefs: notificationPrefs.optional(),
  /** The server's, not the user's: each staff page says when messages are not being sent. */
  mailDelivery: z.enum(MAIL_DELIVERY).optional(),
  /**
   * Whether the user reads reports: an admin, or a role one of their clinics lets read them.
   * Sent with the session; optional like the fields above.
   */
  readsReports: z.boolean().optional(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const sessionResponse = z.object({ user: sessionUser });
export type SessionResponse = z.infer<typeof sessionResponse>;

/** How a second factor may be given (ADR 046): an authenticator app's code, a recovery code, a passkey. */
export const SECOND_FACTOR_METHODS = ['totp', 'recovery', 'passkey'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** What a sign-in still needs after the password: a second factor, or setting one up first. */
export const SIGN_IN_NEXT = ['second_factor', 'enrol'] as const;
export type SignInNext = (typeof SIGN_IN_NEXT)[number];

/**
 * A password sign-in's answer: the user, and where a second factor is still owed (ADR 046) what
 * comes next and how it may be given. Without `next` the session is whole, as it always was.
 */
export const signInResponse = sessionResponse.extend({
  next: z.enum(SIGN_IN_NEXT).optional(),
  methods: z.array(z.enum(SECOND_FACTOR_METHODS)).optional(),
});
export type SignInResponse = z.infer<typeof signInResponse>;

export const PASSWORD_MIN_LENGTH = 10;
export const newPasswordField = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(200);

export const changePasswordBody = z.object({
  currentPassword: z.string().min(1).max(200),
  newPassword: newPasswordField,
});

export const updateProfileBody = z.object({
  name: safeText(120).pipe(z.string().min(1)).optional(),
  timezone: timezoneField.nullable().optional(),
  theme: themeSchema.optional(),
  /** Only the events named change; the rest keep their stored value. */
  notificationPrefs: notificationPrefs.partial().strict().optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

export const okResponse = z.object({ ok: z.literal(true) });

export { emailField };

export const signInEndpoint = defineEndpoint({
  ...signInRoute,
  summary: 'Sign in with email and password',
  description:
    'Sets the session cookie. Failed attempts slow further ones down for the account and the address (429 with Retry-After). Where a second factor is owed (ADR 046) the answer says `next` and the session reaches only the two-step sign-in endpoints until it is given.',
  tag: 'Auth',
  access: 'public',
  body: loginBody,
  responses: { 200: signInResponse },
  errors: [401, 429],
});

export const signOutEndpoint = defineEndpoint({
  ...signOutRoute,
  summary: 'Sign out: end this session and clear its cookie',
  tag: 'Auth',
  access: 'public',
  responses: {
    200: okResponse.extend({
      redirectTo: z
        .string()
        .optional()
        .describe(
          'Where the browser should go next: the identity provider’s sign-out, for a session ' +
            'begun there (RP-Initiated Logout). Absent otherwise.',
        ),
    }),
  },
});

export const getSessionEndpoint = defineEndpoint({
  ...getSessionRoute,
  summary: 'The signed-in user, their clinics and preferences',
  tag: 'Auth',
  access: 'authenticated',
  responses: { 200: sessionResponse },
});

export const changePasswordEndpoint = defineEndpoint({
  ...changePasswordRoute,
  summary: 'Change one’s own password; every other session of the user ends',
  tag: 'Auth',
  access: 'authenticated',
  body: changePasswordBody,
  responses: { 200: okResponse },
  errors: [429],
});

export const updateProfileEndpoint = defineEndpoint({
  ...updateProfileRoute,
  summary: 'Change one’s own name, time zone, theme or notification choices',
  tag: 'Auth',
  access: 'authenticated',
  body: updateProfileBody,
  responses: { 200: sessionResponse },
});
