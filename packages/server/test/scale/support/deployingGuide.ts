import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The repository root: docs/deploying.md's commands run from there, as the guide says. */
export const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const GUIDE = `${REPO_ROOT}docs/deploying.md`;

/**
 * The guide's command blocks: each fenced ```sh block is marked `tested:<name>` and run by the
 * scale harness with the test's settings in the environment, so that the guide stays true.
 */
export async function guideBlocks(): Promise<Map<string, string>> {
  const text = await readFile(GUIDE, 'utf8');
  const blocks = new Map<string, string>();
  for (const match of text.matchAll(/^```sh(?: ([^\n]*))?\n([\s\S]*?)^```$/gm)) {
    const name = /tested:([\w-]+)/.exec(match[1] ?? '')?.[1];
    if (!name) throw new Error(`docs/deploying.md: a sh block without tested:<name>:\n${match[2]}`);
    blocks.set(name, match[2] ?? '');
  }
  return blocks;
}

/** Runs one of the guide's blocks with bash (stop at the first failing command). */
export async function runGuideBlock(
  blocks: Map<string, string>,
  name: string,
  env: Record<string, string>,
): Promise<string> {
  const block = blocks.get(name);
  if (block === undefined) throw new Error(`docs/deploying.md has no block tested:${name}`);
  try {
    const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', block], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      timeout: 60_000,
    });
    return stdout;
  } catch (error) {
    const failed = error as { stderr?: string; stdout?: string; message: string };
    throw new Error(
      `docs/deploying.md block tested:${name} failed: ${failed.message}\n${failed.stdout ?? ''}\n${failed.stderr ?? ''}`,
    );
  }
}
