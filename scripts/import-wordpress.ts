/**
 * `npm run import:wordpress -- export.xml [--media-dir <copy of wp-content/uploads>]`: brings a
 * WordPress site's posts, pages, authors, categories and images in (DECISIONS.md §15). A
 * second run of the same file changes nothing. On the embedded engine stop the server first.
 */
import { createFilesPrivately } from '../server/lib/private-files';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client';
import { DataDirLockedError } from '../db/lock';
import { ConfigError, loadConfig, databaseOptions } from '../server/env';
import { formatReport } from '../server/modules/imports/import-report';
import { WxrError } from '../server/modules/imports/wxr-types';
import { createServices } from '../server/services';
import { progressBar } from './progress';

// What this writes (archives, media, the database) is this user's alone.
createFilesPrivately();

const USAGE =
  'usage: npm run import:wordpress -- <export.xml> [--media-dir <copy of wp-content/uploads>] [--allow-private] [--verbose]';

class UsageError extends Error {}

function options() {
  try {
    const { values, positionals } = parseArgs({
      options: {
        'media-dir': { type: 'string' },
        'allow-private': { type: 'boolean' },
        verbose: { type: 'boolean' },
      },
      allowPositionals: true,
      strict: true,
    });
    if (positionals.length !== 1) throw new Error('Give one export file.');
    return {
      file: positionals[0] as string,
      mediaDir: values['media-dir'],
      allowPrivate: values['allow-private'] === true,
      verbose: values.verbose === true,
    };
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
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
