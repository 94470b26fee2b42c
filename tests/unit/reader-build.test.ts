import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import {
  READER_MANIFEST,
  READER_SCRIPT_SOURCE,
  SERVICE_WORKER_FILE,
  SERVICE_WORKER_SOURCE,
} from '../../common/reader-build';

it('vite.config.ts builds the reader script the server looks for', () => {
  const config = readFileSync(new URL('../../vite.config.ts', import.meta.url), 'utf8');
  expect(config).toContain(`const READER_SCRIPT_SOURCE = '${READER_SCRIPT_SOURCE}';`);
  expect(config).toContain(`const READER_MANIFEST = '${READER_MANIFEST}';`);
  expect(config).toContain(`const SERVICE_WORKER_SOURCE = '${SERVICE_WORKER_SOURCE}';`);
  expect(config).toContain(`const SERVICE_WORKER_FILE = '${SERVICE_WORKER_FILE}';`);
});
