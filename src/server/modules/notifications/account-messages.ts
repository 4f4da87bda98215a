import type { AddressedParty, OutboxInsert } from './outbox-row';

// The e-mails about a staff member's own account (ADR 047): a password reset link and an
// invitation. Their links set the password of an account, so unlike every other message an admin
// may read under Notifications, theirs are withheld from that view: a colleague's link read there
// would let the admin take the account over.

export const PASSWORD_RESET_KIND = 'account.password_reset';
export const INVITATION_KIND = 'account.invitation';
const ACCOUNT_KINDS: readonly string[] = [PASSWORD_RESET_KIND, INVITATION_KIND];

export const isAccountKind = (kind: string) => ACCOUNT_KINDS.includes(kind);

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
