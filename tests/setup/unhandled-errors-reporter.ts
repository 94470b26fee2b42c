/**
 * Writes the run's unhandled errors (an error thrown or a promise rejected outside any test,
 * a worker that died) to the file named by VITEST_UNHANDLED_REPORT. Vitest fails a run for
 * them, yet its JSON report names no failed test, so without this file npm test's summary
 * would say "failed" with nothing to look at (scripts/test.ts reads it).
 */
import { writeFileSync } from 'node:fs';
import type { Reporter, SerializedError, TestModule } from 'vitest/node';

type Written = { name: string; message: string; file?: string; test?: string; stack?: string };

export default class UnhandledErrorsReporter implements Reporter {
  onTestRunEnd(_modules: ReadonlyArray<TestModule>, errors: ReadonlyArray<SerializedError>) {
    const target = process.env.VITEST_UNHANDLED_REPORT;
    if (!target) return;
    const written: Written[] = errors.map((error) => {
      const where = error as SerializedError & {
        VITEST_TEST_PATH?: string;
        VITEST_TEST_NAME?: string;
      };
      return {
        name: String(error.name ?? 'Error'),
        message: String(error.message ?? ''),
        file: where.VITEST_TEST_PATH,
        test: where.VITEST_TEST_NAME,
        stack:
          typeof error.stack === 'string'
            ? error.stack.split('\n').slice(0, 8).join('\n')
            : undefined,
      };
    });
    writeFileSync(target, JSON.stringify(written, null, 2));
  }
}
