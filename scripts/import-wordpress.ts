/**
 * `npm run import:wordpress -- export.xml [--media-dir <copy of wp-content/uploads>]`: brings a
 * WordPress site's posts, pages, authors, categories and images in (DECISIONS.md §15). A
 * second run of the same file changes nothing. On the embedded engine stop the server first.
 */
import { createFilesPrivately } from '../server/lib/private-files';
import { openDatabase } from '../db/client';
import { DataDirLockedError } from '../db/lock';
import { ConfigError, loadConfig, databaseOptions } from '../server/env';
import { formatReport } from '../server/modules/imports/import-report';
import { WxrError } from '../server/modules/imports/wxr-types';
import { createServices } from '../server/services';
import { progressBar } from './progress';
import { commandLine, UsageError } from './command-line';

// What this writes (archives, media, the database) is this user's alone.
createFilesPrivately();

const USAGE =
  'usage: npm run import:wordpress -- <export.xml> [--media-dir <copy of wp-content/uploads>] [--allow-private] [--verbose]';

const ABOUT =
  'Brings a WordPress export’s posts, pages, authors, categories and images in; a second run of the same file changes nothing.';

function options() {
  const { values, positionals } = commandLine(
    { about: ABOUT, usage: USAGE },
    {
      options: {
        'media-dir': { type: 'string' },
        'allow-private': { type: 'boolean' },
        verbose: { type: 'boolean' },
      },
      allowPositionals: true,
    },
  );
  if (positionals.length !== 1) throw new UsageError(`Give one export file.\n${USAGE}`);
  return {
    file: positionals[0] as string,
    mediaDir: values['media-dir'],
    allowPrivate: values['allow-private'] === true,
    verbose: values.verbose === true,
  };
}

const bar = progressBar();
try {
  const { file, mediaDir, allowPrivate, verbose } = options();
  const config = loadConfig();
  const database = await openDatabase(databaseOptions(config));
  try {
    const services = await createServices(config, database);
    const report = await services.imports.wordpress(file, {
      mediaDir,
      allowPrivate,
      onProgress: (phase, done, total) => {
        bar.update(phase === 'reading' ? 'Reading' : 'Importing', done, total);
        if (phase === 'reading' && done >= total) bar.done();
      },
    });
    bar.done();
    if (report.created > 0) await database.analyze();
    console.log(formatReport(report, { verbose }));
  } finally {
    await database.close();
  }
} catch (error) {
  bar.done();
  const known =
    error instanceof UsageError ||
    error instanceof WxrError ||
    error instanceof ConfigError ||
    error instanceof DataDirLockedError;
  console.error(
    known
      ? (error as Error).message
      : `The import failed and nothing was imported: ${(error as Error).stack ?? String(error)}`,
  );
  process.exitCode = 1;
}
