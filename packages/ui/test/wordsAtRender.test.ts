import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src', import.meta.url));
/** The catalogs' roots: a name bound to one of their sections (`const S = UI_STRINGS.chat`) is one too. */
const CATALOG_ROOTS = new Set(['UI_STRINGS', 'SDK_MESSAGES']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'i18n' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.(stories|test|css)\.tsx?$/.test(entry.name)
      ? [file]
      : [];
  });
}

const isSection = (node: ts.Expression | undefined): node is ts.PropertyAccessExpression =>
  !!node &&
  ts.isPropertyAccessExpression(node) &&
  ts.isIdentifier(node.expression) &&
  CATALOG_ROOTS.has(node.expression.text);

/**
 * Where a module reads a word of a catalog while it is imported (outside any function, or in a
 * callback run at once, such as `.map`): that word stays in the interface language of the import,
 * so switching the language later leaves it behind.
 */
function wordsReadAtImport(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const roots = new Set(CATALOG_ROOTS);
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && isSection(declaration.initializer)) {
        roots.add(declaration.name.text);
      }
    }
  }
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    const runsLater =
      (ts.isFunctionLike(node) &&
        !(
          node.parent &&
          ts.isCallExpression(node.parent) &&
          node.parent.arguments.some((a) => a === node)
        )) ||
      ts.isClassLike(node);
    if (runsLater) return;
    if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) {
      let root: ts.Expression = node;
      while (ts.isPropertyAccessExpression(root) || ts.isElementAccessExpression(root)) {
        root = root.expression;
      }
      if (ts.isIdentifier(root) && roots.has(root.text)) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        found.push(`${path.relative(SRC, file)}:${line + 1} ${node.getText()}`);
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) continue;
    // `const S = UI_STRINGS.chat` binds a section, whose words are still read when used.
    if (
      ts.isVariableStatement(statement) &&
      statement.declarationList.declarations.every((d) => isSection(d.initializer))
    ) {
      continue;
    }
    visit(statement);
  }
  return found;
}

it('no component reads a catalog word while it is imported, so every word follows a language switch', () => {
  const files = sourceFiles(SRC).filter((file) => path.basename(file) !== 'strings.ts');
  expect(files.length).toBeGreaterThan(100);
  expect(files.flatMap(wordsReadAtImport)).toEqual([]);
});
