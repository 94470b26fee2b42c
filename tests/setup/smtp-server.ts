/*
 * A real SMTP server for tests (issue 26 item 8, ARCHITECTURE.md "Real parts"): the
 * `smtp-server` package on a free loopback port, taking any sign-in, keeping every message it
 * receives, decoded (quoted-printable or base64 bodies, RFC 2047 subjects) so a test can read
 * Hindi text and follow the link in a mail as a person would.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { waitUntil } from './wait-until';

export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO). */
  to: string[];
  from: string;
  subject: string;
  text: string;
  headers: Record<string, string>;
}

/**
 * `=?UTF-8?B?…?=` / `=?UTF-8?Q?…?=` words (RFC 2047). Adjacent words are joined as bytes before
 * they are read as UTF-8: a sender may cut a long text between the bytes of one character.
 */
function decodeWords(value: string): string {
  return value.replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=\s*)+/g, (run) => {
    const bytes: Buffer[] = [];
    for (const [, enc, text] of run.matchAll(/=\?[^?]+\?([BbQq])\?([^?]*)\?=/g))
      bytes.push(
        enc!.toUpperCase() === 'B'
          ? Buffer.from(text!, 'base64')
          : quotedPrintableBytes(text!.replace(/_/g, ' ')),
      );
    return Buffer.concat(bytes).toString('utf8') + (/\s$/.test(run) ? ' ' : '');
  });
}

function quotedPrintableBytes(text: string): Buffer {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i] as string, 'utf8'));
  }
  return Buffer.from(bytes);
}

const decodeQuotedPrintable = (text: string) => quotedPrintableBytes(text).toString('utf8');

/** One single-part message (what Patrika sends: plain text), read as a mail client would. */
export function parseMail(raw: string): Omit<ReceivedMail, 'to' | 'from'> {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  return {
    subject: decodeWords(headers.subject ?? ''),
    text: text.replace(/\r\n/g, '\n'),
    headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, decodeWords(v)])),
  };
}

export interface TestSmtpServer {
  /** The SMTP_URL that sends here. */
  url: string;
  received: ReceivedMail[];
  /** Each RCPT TO answered with a refusal, in order: the address and the code. */
  refused: { to: string; code: number }[];
  /** Mail sent to `address` so far. */
  to(address: string): ReceivedMail[];
  /** Waits (generously) until `count` mails reached `address`, and answers them. */
  waitFor(address: string, count?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** A refusal: its code, and how many times it is given before the address is taken (always). */
type Refusal = number | { code: number; times: number };

/**
 * A real SMTP server on loopback. `refuse`: addresses whose RCPT TO is answered with that code
 * (550: no such mailbox, a permanent failure; 451: try again later), every time or the first
 * `times` times.
 */
export async function startSmtpServer(
  opts: { refuse?: Record<string, Refusal> } = {},
): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const refused: { to: string; code: number }[] = [];
  const refuse = new Map(
    Object.entries(opts.refuse ?? {}).map(([a, r]) => [
      a.toLowerCase(),
      typeof r === 'number' ? { code: r, times: Infinity } : r,
    ]),
  );
  /** The code to refuse `address` with now, if any (counting the refusals given). */
  const refusalOf = (address: string) => {
    const rule = refuse.get(address);
    if (!rule || refused.filter((r) => r.to === address).length >= rule.times) return undefined;
    refused.push({ to: address, code: rule.code });
    return rule.code;
  };
  const server = new SMTPServer({
    // Plain SMTP on loopback: no STARTTLS (no certificate to trust), any sign-in taken.
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
    onRcptTo(address, _session, callback) {
      const code = refusalOf(address.address.toLowerCase());
      if (!code) return callback();
      callback(Object.assign(new Error(`mailbox unavailable (${code})`), { responseCode: code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          ...parseMail(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
    logger: false,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  // A sender that dies mid-message (the kill -9 tests' server) resets its connection: the sink
  // reports it as an error event, which with no listener would stop the test process. Anything
  // else the sink meets is said on the console, where the test's console check sees it.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'ECONNRESET' || error.code === 'EPIPE') return;
    console.error('the SMTP sink met an error:', error);
  });
  const { port } = server.server.address() as AddressInfo;
  const to = (address: string) => received.filter((m) => m.to.includes(address.toLowerCase()));
  return {
    url: `smtp://test:test@127.0.0.1:${port}`,
    received,
    refused,
    to,
    async waitFor(address, count = 1) {
      await waitUntil(() => to(address).length >= count, {
        timeoutMs: 30_000,
        message: `no ${count} mail(s) reached ${address}`,
      });
      return to(address);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first address on this site in a mail's text (the link a person would follow). */
export function linkIn(mail: ReceivedMail, pathPrefix: string): string {
  const match = new RegExp(`https?://\\S+${pathPrefix}[A-Za-z0-9_-]+`).exec(mail.text);
  if (!match) throw new Error(`no ${pathPrefix} link in the mail:\n${mail.text}`);
  return new URL(match[0]).pathname;
}
