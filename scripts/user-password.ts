/**
 * `npm run user:password -- <email>`: sets an account's password from the first line of standard
 * input, for the operator on the server's machine: after `npm run import` (archives carry no
 * passwords) or when the only administrator is locked out. Administrators set other people's
 * passwords in /admin/users. On the embedded engine stop the server first.
 *
 *   printf '%s\n' 'a long new password' | npm run user:password -- editor@example.com
 */
import { createInterface } from 'node:readline';
import { PasswordSetSchema } from '../common/schemas/users';
import { openDatabase } from '../db/client';
import { DataDirLockedError } from '../db/lock';
import { ConfigError, loadConfig, databaseOptions } from '../server/env';
import { createServices } from '../server/services';
import { commandLine, UsageError } from './command-line';

const USAGE = "usage: printf '%s\\n' 'new password' | npm run user:password -- <email>";
const ABOUT =
  'Sets the password of the account with this e-mail (read from the first line of the input) and ends its sessions.';

async function firstLine(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('New password (shown as you type): ');
  const reader = createInterface({ input: process.stdin });
  for await (const line of reader) {
    reader.close();
    return line;
  }
  return '';
}

try {
  const { positionals } = commandLine({ about: ABOUT, usage: USAGE }, { allowPositionals: true });
  if (positionals.length !== 1) throw new UsageError(`Give one e-mail address.\n${USAGE}`);
  const parsed = PasswordSetSchema.safeParse({ password: await firstLine() });
  if (!parsed.success) throw new UsageError(parsed.error.issues[0]?.message ?? 'Bad password.');
  const config = loadConfig();
  const database = await openDatabase(databaseOptions(config));
  try {
    const services = await createServices(config, database);
    const email = positionals[0] as string;
    if (!(await services.users.setPasswordByEmail(email, parsed.data.password)))
      throw new UsageError(`No account has the e-mail ${email}.`);
    console.log(`patrika: the password of ${email} is set; its earlier sessions have ended.`);
  } finally {
    await database.close();
  }
} catch (error) {
  const known =
    error instanceof UsageError ||
    error instanceof ConfigError ||
    error instanceof DataDirLockedError;
  console.error(known ? (error as Error).message : error);
  process.exitCode = 1;
}
