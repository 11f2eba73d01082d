#!/usr/bin/env node
// Part of `pnpm lint`: fails when a style file (`*.css.ts`) writes a colour literally — `#hex`,
// `rgb(`, `rgba(`, `hsl(`, `hsla(` — instead of reading a token from `vars`. Colours live only in the
// token files (src/theme/tokens/), so the theme contract is closed: a partner who overrides the
// `--parley-*` variables recolours everything, and a theme change is one edit. Comments are skipped.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const uiRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const srcRoot = join(uiRoot, 'src');
const tokenDir = join(srcRoot, 'theme', 'tokens');

const LITERAL = /#[0-9a-fA-F]{3,8}\b|\b(?:rgba?|hsla?)\(/g;

function* styleFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (path !== tokenDir) yield* styleFiles(path);
    } else if (entry.name.endsWith('.css.ts')) {
      yield path;
    }
  }
}

// Blanks out `//` and `/* */` comments (keeping line breaks) so a comment may name a colour.
function withoutComments(text) {
  return text.replace(/\/\*[\s\S]*?\*\/|(^|[^:'"`])\/\/.*$/gm, (match, before = '') =>
    match.startsWith('/*') ? match.replace(/[^\n]/g, ' ') : before,
  );
}

const findings = [];
for (const file of styleFiles(srcRoot)) {
  const lines = withoutComments(readFileSync(file, 'utf8')).split('\n');
  lines.forEach((line, index) => {
    for (const match of line.matchAll(LITERAL)) {
      findings.push(`${relative(uiRoot, file)}:${index + 1}: ${match[0]}`);
    }
  });
}

if (findings.length > 0) {
  console.error(
    `Literal colours in style files (use a token from vars; add one in src/theme/tokens/ if none fits):\n${findings.map((f) => `  ${f}`).join('\n')}`,
  );
  process.exit(1);
}
console.log('Theme literals: none outside src/theme/tokens/.');
