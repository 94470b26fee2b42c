/**
 * The operators' commands' arguments (node:util's parseArgs, strict): `--help` (or `-h`) says
 * what the command does and how to call it, and exits 0 before anything is opened; an unknown
 * option or a missing value is a UsageError, which each command prints as one message ending
 * with its usage, never a stack.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** An operator's command line that cannot be run: its message says why and how to call it. */
export class UsageError extends Error {}

export interface CommandHelp {
  /** What the command does, in a sentence or two. */
  about: string;
  /** `usage: npm run … -- …` */
  usage: string;
}

export function commandLine<T extends Omit<ParseArgsConfig, 'strict' | 'args'>>(
  help: CommandHelp,
  config: T,
  args: string[] = process.argv.slice(2),
): ReturnType<typeof parseArgs<T & { strict: true }>> {
  const end = args.indexOf('--');
  const options = end === -1 ? args : args.slice(0, end);
  if (options.includes('--help') || options.includes('-h')) {
    console.log(`${help.about}\n\n${help.usage}`);
    process.exit(0);
  }
  try {
    return parseArgs<T & { strict: true }>({ ...config, args, strict: true });
  } catch (error) {
    // Node's own sentence goes on about positionals after `--`, which npm's users never need.
    const [reason = ''] = (error as Error).message.split('. To specify a positional');
    throw new UsageError(`${reason.replace(/\.?$/, '.')}\n${help.usage}`);
  }
}
