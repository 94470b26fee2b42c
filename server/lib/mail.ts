/*
 * E-mail (DECISIONS.md §18, issue 26 item 8): one SMTP transport made from SMTP_URL, for the
 * whole process. Without SMTP_URL nothing is sent (`enabled` is false) and the screens show the
 * link to copy instead. A send never blocks or fails the request that asked for it: the
 * request hands the message over (`sendLater`) and answers; a failed send is logged (without
 * the message, which may hold a one-time link) and counted for /metrics. Review mail goes
 * through the jobs table instead (server/modules/newsroom/review-mail.ts), and waits there with
 * `send`.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { Mailbox } from './mailbox';
import type { Log } from './log';

/** How long one SMTP conversation may take before it counts as failed. */
export const MAIL_TIMEOUT_MS = 15_000;
/** Closing the app waits this long for mail under way. */
const CLOSE_GRACE_MS = 5_000;

/** What a mail says, and to whom: plain text (every client reads it), with its language. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The message's language (`Content-Language`), the site's interface language. */
  language: string;
  /** Who sends it, as the reader sees it: the site's name, unless MAIL_FROM names someone. */
  fromName: string;
  /** What the mail is about, for the log and the metrics (never the message itself). */
  kind: string;
}

export interface MailCounts {
  sent: number;
  failed: number;
}

/** The part of an address after `@`: enough for a log line to say where a mail went. */
const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1);

/**
 * The newsletter transport's kept connections: a sending batch is this many messages, one per
 * connection, so a batch goes out at once and a kill -9 repeats at most this many (issue 37:
 * at most the pool's size, never more than 10).
 */
export const BULK_CONNECTIONS = 10;

/** SMTP_URL and MAIL_FROM (server/env.ts). */
export interface MailConfig {
  smtpUrl: string | undefined;
  from: Mailbox;
}

/**
 * An SMTP transport for SMTP_URL, or none without it. Newsletters (`pooled`) go through
 * connections kept open: a new connection per message cost 130 ms against 12 ms on a kept one
 * (measured with the tests' smtp-server, one sender, load 5), 8 against 80 messages a second.
 * Account mail opens one connection per message: it is rare, and nothing sits open between.
 */
function smtpTransport(url: string | undefined, pooled: boolean): Transporter | undefined {
  if (!url) return undefined;
  return nodemailer.createTransport({
    url,
    ...(pooled ? { pool: true, maxConnections: BULK_CONNECTIONS } : {}),
    connectionTimeout: MAIL_TIMEOUT_MS,
    greetingTimeout: MAIL_TIMEOUT_MS,
    socketTimeout: MAIL_TIMEOUT_MS,
  });
}

/**
 * Whom a message is from and to, its subject and text. MAIL_FROM's own display name wins over
 * the site's name: an operator who wrote `Name <address>` chose what people see (a desk, a
 * newsroom's brand). The site's name still opens every subject (mail-texts.ts), so the mail is
 * never anonymous.
 */
const envelope = (config: MailConfig, message: MailMessage) => ({
  from: { name: config.from.name ?? message.fromName, address: config.from.address },
  to: message.to,
  subject: message.subject,
  text: message.text,
  headers: { 'Content-Language': message.language },
});

export function createMailer(config: MailConfig, log?: Log) {
  const transport = smtpTransport(config.smtpUrl, false);
  const bulk = smtpTransport(config.smtpUrl, true);
  const counts: Record<string, MailCounts> = {};
  const countOf = (kind: string) => (counts[kind] ??= { sent: 0, failed: 0 });
  const underWay = new Set<Promise<unknown>>();
  /** Runs `work` off the caller's path, kept track of until it ends; an error is logged. */
  const later = (work: () => Promise<unknown>) => {
    const running = work()
      .catch((error: unknown) => log?.error({ err: error }, 'mail work failed'))
      .finally(() => underWay.delete(running));
    underWay.add(running);
  };

  /** Sends one message; true once the server took it, false (logged, counted) otherwise. */
  const send = async (message: MailMessage): Promise<boolean> => {
    if (!transport) return false;
    try {
      await transport.sendMail(envelope(config, message));
      countOf(message.kind).sent++;
      return true;
    } catch (error) {
      countOf(message.kind).failed++;
      log?.error(
        { kind: message.kind, to: domainOf(message.to), err: (error as Error).message },
        'a mail could not be sent',
      );
      return false;
    }
  };

  const deliver = newsletterDelivery(bulk, config, countOf, log);

  return {
    /** Whether mail goes out at all (SMTP_URL is set). */
    enabled: transport !== undefined,
    send,
    deliver,
    /** Hands a message over and returns at once: the caller's request never waits for SMTP. */
    sendLater(message: MailMessage): void {
      if (transport) later(() => send(message));
    },
    /** Work that ends in mail (finding whom to write to, then `send`), off the request's path. */
    later(work: () => Promise<unknown>): void {
      if (transport) later(work);
    },
    /** Resolves once every mail handed over so far went out or failed (tests; closing). */
    async settled(): Promise<void> {
      while (underWay.size > 0) await Promise.allSettled([...underWay]);
    },
    /** Mail sent and failed so far, by kind (/metrics). */
    counts: (): Record<string, MailCounts> =>
      Object.fromEntries(Object.entries(counts).map(([kind, c]) => [kind, { ...c }])),
    /** Waits a moment for mail under way, then closes the transport. */
    async close(): Promise<void> {
      if (underWay.size > 0) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          Promise.allSettled([...underWay]),
          new Promise((resolve) => {
            timer = setTimeout(resolve, CLOSE_GRACE_MS);
          }),
        ]);
        clearTimeout(timer);
      }
      transport?.close();
      bulk?.close();
    },
  };
}
export type Mailer = ReturnType<typeof createMailer>;

/**
 * Sends one newsletter message (issue 37 item 4): HTML and plain text, with its own headers
 * (List-Unsubscribe, List-Id). Answers how it went, so the queue can retry a temporary refusal
 * (4xx, no answer) and stop writing to an address refused for good (5xx).
 */
function newsletterDelivery(
  transport: Transporter | undefined,
  config: MailConfig,
  countOf: (kind: string) => MailCounts,
  log: Log | undefined,
) {
  return async (
    message: MailMessage & { html: string; headers: Record<string, string> },
  ): Promise<'sent' | 'temporary' | 'permanent'> => {
    if (!transport) return 'temporary';
    try {
      const plain = envelope(config, message);
      await transport.sendMail({
        ...plain,
        html: message.html,
        headers: { ...plain.headers, ...message.headers },
      });
      countOf(message.kind).sent++;
      return 'sent';
    } catch (error) {
      countOf(message.kind).failed++;
      const code = (error as { responseCode?: number }).responseCode;
      log?.error(
        { kind: message.kind, to: domainOf(message.to), code, err: (error as Error).message },
        'a mail could not be sent',
      );
      return code !== undefined && code >= 500 ? 'permanent' : 'temporary';
    }
  };
}
