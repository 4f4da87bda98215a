/**
 * The inbox an e-mail address delivers to, for counting what is sent there (ADR 031): lower-cased,
 * a "+tag" dropped from the local part at any domain (victim+1@example.com is victim@example.com),
 * and at Gmail the dots too, googlemail.com being gmail.com. Only for counting: mail is still sent
 * to the address as typed.
 */
export function inboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.replaceAll('.', '') || local;
  return `${local}@${domain}`;
}
