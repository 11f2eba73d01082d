import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { engineAvailable } from './support/engines.js';

const testDir = fileURLToPath(new URL('.', import.meta.url));

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('no test skips silently in CI', () => {
  it('every conditional skip goes through the shared engine guard', () => {
    const unguarded = testFiles(testDir).filter((file) => {
      const text = readFileSync(file, 'utf8');
      const skips = /\.(skipIf|runIf)\(|\b(describe|it|test)\.skip\(/.test(text);
      return skips && !/from '(\.\.?\/)+support\/engines\.js'/.test(text);
    });
    expect(unguarded.map((file) => relative(testDir, file))).toEqual([]);
  });

  it('a missing engine fails in CI and skips outside it', () => {
    const previous = process.env.CI;
    try {
      process.env.CI = 'true';
      expect(() => engineAvailable('Example', false, 'install it')).toThrow(
        /CI is set but Example is not available/,
      );
      expect(engineAvailable('Example', true, 'install it')).toBe(true);
      process.env.CI = '';
      expect(engineAvailable('Example', false, 'install it')).toBe(false);
    } finally {
      if (previous === undefined) delete process.env.CI;
      else process.env.CI = previous;
    }
  });
});
