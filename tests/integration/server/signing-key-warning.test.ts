/*
 * Without JWT_SECRET the token signing key lives in the database (README "Configuration"), so
 * anyone who reads the database or a backup can sign tokens. On PostgreSQL, where a database
 * is usually shared and backed up elsewhere, the server says so when it starts.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { JWT_SECRET_WARNING } from '../../../server/app';
import { createTestApp } from '../../setup/test-app';

async function startupLog(env: Record<string, string>): Promise<string> {
  const chunks: string[] = [];
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  const t = await createTestApp({ LOG_LEVEL: 'warn', ...env }, { logStream });
  await t.close();
  return chunks.join('');
}

// The test database is handed to the app; DATABASE_URL only tells it which engine it is on.
const POSTGRES = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/unused' };

describe('the signing key warning', () => {
  it('is logged on PostgreSQL without JWT_SECRET', async () => {
    expect(await startupLog(POSTGRES)).toContain(JWT_SECRET_WARNING);
  });

  it('is not logged with JWT_SECRET', async () => {
    const log = await startupLog({ ...POSTGRES, JWT_SECRET: 'x'.repeat(40) });
    expect(log).not.toContain(JWT_SECRET_WARNING);
  });

  it('is not logged on the embedded database', async () => {
    expect(await startupLog({})).not.toContain(JWT_SECRET_WARNING);
  });
});
