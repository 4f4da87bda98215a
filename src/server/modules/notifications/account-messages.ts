import type { AddressedParty, OutboxInsert } from './outbox-row';

// The e-mails about a staff member's own account (ADR 047): a password reset link and an
// invitation. Their links set the password of an account, so unlike every other message an admin
// may read under Notifications, theirs are withheld from that view: a colleague's link read there
// would let the admin take the account over.

export const PASSWORD_RESET_KIND = 'account.password_reset';
export const INVITATION_KIND = 'account.invitation';
const ACCOUNT_KINDS: readonly string[] = [PASSWORD_RESET_KIND, INVITATION_KIND];

export const isAccountKind = (kind: string) => ACCOUNT_KINDS.includes(kind);

/**
 * A second factor added to or removed from the account, or its recovery codes made anew (ADR
 * 046): the owner is told, so a factor added by someone who has their password does not go
 * unnoticed. It carries no secret (no code, key or credential), so unlike the two above its text
 * is not withheld from an admin.
 */
export const FACTOR_CHANGED_KIND = 'account.factor_changed';

export type FactorChange =
  | { change: 'added' | 'removed'; factor: 'totp' }
  | { change: 'added' | 'removed'; factor: 'passkey'; name: string }
  | { change: 'regenerated'; factor: 'recovery_codes' };

export type FactorChangedSnapshot = FactorChange & { at: string };

/** What the outbox keeps of a reset: the link's token (the database keeps only its hash). */
export interface PasswordResetSnapshot {
  token: string;
  expiresAt: string;
}

export interface InvitationSnapshot {
  token: string;
  expiresAt: string;
  /** How long the link works, as the e-mail says it. */
  validDays: number;
  name: string;
  invitedBy: string | null;
  clinics: string[];
}

export const passwordResetLink = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/$/, '')}/auth/reset?token=${encodeURIComponent(token)}`;

export const invitationLink = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/$/, '')}/auth/invitation?token=${encodeURIComponent(token)}`;

/** The reset e-mail's row, its clinic the account's (whose admins see that it was sent). */
export function passwordResetRow(
  account: { email: string; name: string },
  snapshot: PasswordResetSnapshot,
  clinicId: string | null,
): OutboxInsert {
  return {
    kind: PASSWORD_RESET_KIND,
    clinicId,
    recipients: [{ email: account.email, name: account.name, role: 'staff' }],
    payload: snapshot,
  };
}

export function invitationRow(
  invitee: { email: string; name: string },
  snapshot: InvitationSnapshot,
  clinicId: string | null,
): OutboxInsert {
  return {
    kind: INVITATION_KIND,
    clinicId,
    recipients: [{ email: invitee.email, name: invitee.name, role: 'staff' }],
    payload: snapshot,
  };
}

export function factorChangedRow(
  account: { email: string; name: string },
  snapshot: FactorChangedSnapshot,
  clinicId: string | null,
): OutboxInsert {
  return {
    kind: FACTOR_CHANGED_KIND,
    clinicId,
    recipients: [{ email: account.email, name: account.name, role: 'staff' }],
    payload: snapshot,
  };
}

/** What changed, as the subject and the first sentence say it. */
function factorChangeWords(change: FactorChange): { subject: string; what: string } {
  switch (change.factor) {
    case 'totp':
      return change.change === 'added'
        ? {
            subject: 'An authenticator app was set up for your Carebook account',
            what: 'An authenticator app was set up as a second factor for signing in to your Carebook account, with ten new recovery codes.',
          }
        : {
            subject: 'The authenticator app was removed from your Carebook account',
            what: 'The authenticator app was removed from your Carebook account: its codes no longer sign you in, and browsers that were remembered will ask for a second factor again.',
          };
    case 'passkey':
      return change.change === 'added'
        ? {
            subject: 'A passkey was added to your Carebook account',
            what: `A passkey named “${change.name}” was added to your Carebook account. It can confirm it is you when you sign in.`,
          }
        : {
            subject: 'A passkey was removed from your Carebook account',
            what: `The passkey named “${change.name}” was removed from your Carebook account. It no longer signs you in.`,
          };
    case 'recovery_codes':
      return {
        subject: 'New recovery codes for your Carebook account',
        what: 'New recovery codes were made for your Carebook account. The earlier ones no longer work.',
      };
  }
}

const utcWhen = (iso: string) =>
  `${new Intl.DateTimeFormat('en-US', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(new Date(iso))} UTC`;

export function renderFactorChanged(
  snapshot: FactorChangedSnapshot,
  recipient: AddressedParty,
  publicUrl: string,
) {
  const { subject, what } = factorChangeWords(snapshot);
  return {
    to: recipient.email,
    subject,
    text: [
      `Hello ${recipient.name},`,
      '',
      what,
      `This happened on ${utcWhen(snapshot.at)}.`,
      '',
      'If this was you, there is nothing to do.',
      'If it was not, someone may know your password: change it now, check your passkeys and authenticator app under Settings, and tell an admin of your clinic.',
      `Settings: ${publicUrl.replace(/\/$/, '')}/settings`,
      '',
      'Thank you,',
      'Carebook',
    ].join('\n'),
  };
}

export function renderPasswordReset(
  snapshot: PasswordResetSnapshot,
  recipient: AddressedParty,
  publicUrl: string,
) {
  return {
    to: recipient.email,
    subject: 'Choose a new Carebook password',
    text: [
      `Hello ${recipient.name},`,
      '',
      'Someone, hopefully you, asked to reset the password of your Carebook account.',
      '',
      `Choose a new password: ${passwordResetLink(publicUrl, snapshot.token)}`,
      '',
      'The link works once, for 30 minutes. Choosing a new password signs you out everywhere.',
      'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
      '',
      'Thank you,',
      'Carebook',
    ].join('\n'),
  };
}

export function renderInvitation(
  snapshot: InvitationSnapshot,
  recipient: AddressedParty,
  publicUrl: string,
) {
  const by = snapshot.invitedBy ?? 'An admin';
  const at = snapshot.clinics.length ? ` at ${snapshot.clinics.join(', ')}` : '';
  return {
    to: recipient.email,
    subject: 'You are invited to Carebook',
    text: [
      `Hello ${snapshot.name},`,
      '',
      `${by} invited you to Carebook${at}.`,
      '',
      `Choose your password: ${invitationLink(publicUrl, snapshot.token)}`,
      '',
      `The link works once, for ${snapshot.validDays} days. Nobody else will know the password you choose.`,
      '',
      'Welcome,',
      'Carebook',
    ].join('\n'),
  };
}

/** Said in an admin's view where an account message's link was. */
export const LINK_WITHHELD =
  '[link withheld: it sets this person’s password, so only they may see it]';

/** An account message as an admin reads it: every link replaced by the reason it is not shown. */
export function withheldText(text: string): string {
  return text.replace(/https?:\/\/\S+/g, LINK_WITHHELD);
}
