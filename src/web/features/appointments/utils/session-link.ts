/** Spec §2: the patient's link is the current origin + /session/?token={token}. */
export function sessionLinkFor(token: string, origin: string = window.location.origin): string {
  return `${origin}/session/?token=${token}`;
}
