/*
 * MAIL_FROM's two forms (issue 36 item 8): a bare address, `desk@patrika.example`, or an address
 * with a display name, `Patrika Desk <desk@patrika.example>` (RFC 5322's name-addr, the form
 * every mail client and most hosting guides write). A name with a comma or other specials is
 * quoted, `"Desk, Patrika" <desk@…>`; the quotes are not part of the name. Kept apart from
 * mail.ts so reading the environment does not load the SMTP client.
 */
import { z } from 'zod';

/** Who mail comes from: the address, and the display name when the setting gave one. */
export interface Mailbox {
  address: string;
  name?: string;
}

const isAddress = (value: string) => z.email().safeParse(value).success;

/** `Name <address>` (the name possibly quoted); a bare address has no angle brackets. */
const NAME_ADDR = /^(.*?)\s*<([^<>\s]+)>$/s;

/** The mailbox `value` names, or undefined when it is neither form with a valid address. */
export function parseMailbox(value: string): Mailbox | undefined {
  const text = value.trim();
  const named = NAME_ADDR.exec(text);
  if (!named) return isAddress(text) ? { address: text } : undefined;
  const address = named[2]!;
  if (!isAddress(address)) return undefined;
  let name = named[1]!.trim();
  const quoted = /^"((?:[^"\\]|\\.)*)"$/s.exec(name);
  if (quoted) name = quoted[1]!.replace(/\\(.)/gs, '$1').trim();
  else if (name.includes('"')) return undefined;
  // A line break in a header's name would start another header.
  if (/[\r\n]/.test(name)) return undefined;
  return name ? { address, name } : { address };
}
