/*
 * The operator's commands are compiled with the server (docs/decisions/048): npm's script for
 * each runs the build check and then the file scripts/build-state.ts says it is compiled to. The
 * list of commands and their files live in build-state.ts; package.json, which cannot import
 * them, is held to them here.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandBundle, OPERATOR_COMMANDS, ROOT } from '../../scripts/build-state';

const scripts = (
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;

describe('the operator commands in package.json', () => {
  it.each(OPERATOR_COMMANDS)('%s runs the build check, then its compiled file', (name) => {
    const file = relative(ROOT, commandBundle(name));
    const running = Object.entries(scripts).filter(([, command]) => command.includes(file));
    expect(running).toHaveLength(1);
    expect(running[0]![1]).toBe(
      `node --import tsx scripts/ensure-build.ts && node --enable-source-maps ${file}`,
    );
  });

  it('no script runs an operator command through tsx', () => {
    for (const name of OPERATOR_COMMANDS)
      expect(Object.values(scripts).join('\n')).not.toContain(`tsx scripts/${name}.ts`);
  });
});
