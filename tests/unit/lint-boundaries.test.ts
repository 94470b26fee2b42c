/*
 * The boundaries lint enforces (STYLE.md §4, server/modules/README.md), proved on planted files:
 * each rule must fail on the import it forbids.
 */
import { ESLint } from 'eslint';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SLOW_TEST } from '../setup/timeouts';

const root = join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: root });

async function problemsOf(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

// ESLint loads its configuration and plugins on the first file it lints.
describe('lint boundaries', SLOW_TEST, () => {
  it("fails on a module importing another module's repository", async () => {
    const problems = await problemsOf(
      'server/modules/seo/planted.ts',
      "import { findArticleById } from '../articles/articles-repository';\nexport const x = findArticleById;\n",
    );
    expect(problems).toContainEqual(
      expect.stringMatching(/^patrika\/module-repositories: .*the articles module's repository/),
    );
  });

  it('lets a module import its own repository, and tests import any', async () => {
    expect(
      await problemsOf(
        'server/modules/articles/planted.ts',
        "import { findArticleById } from './articles-repository';\nexport const x = findArticleById;\n",
      ),
    ).toEqual([]);
    expect(
      await problemsOf(
        'tests/integration/planted.test.ts',
        "import { findArticleById } from '../../server/modules/articles/articles-repository';\nexport const x = findArticleById;\n",
      ),
    ).toEqual([]);
  });

  it('fails on an app file importing the server', async () => {
    const problems = await problemsOf(
      'app/routes/planted.tsx',
      "import { buildApp } from '../../server/app';\nexport const x = buildApp;\n",
    );
    expect(problems).toContainEqual(
      'patrika/import-direction: app/ may not import from server/ (STYLE.md §4).',
    );
  });
});
