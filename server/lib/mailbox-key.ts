/*
 * One mailbox however its address is written (issue 66 item 8): limits on mail sent to an
 * address a request names count per mailbox, so `Asha+1@example.com`, `asha+2@…` and
 * `asha@…` share one count (most providers deliver a `+tag` to the same box).
 */

/** The address lower-cased, with any `+tag` of its local part removed. */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  const local = address.slice(0, at);
  const plus = local.indexOf('+');
  // A local part that is all tag (`+x@…`) is kept whole: there is no box name to fold it to.
  return plus > 0 ? `${local.slice(0, plus)}${address.slice(at)}` : address;
}
