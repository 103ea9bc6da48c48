// The first screen loads no form rules (docs/decisions/0063): what src/main.tsx imports, and what those
// modules import in turn, never reaches yup, the phone rules or the card rules; the steps and pages
// that validate a form bring them. Only the imports that stay in the build are followed: `import type`
// is erased, a dynamic import() is a chunk of its own (an `import { type X }` stays, as an import of
// the whole module, under verbatimModuleSyntax). The graph is read with TypeScript's own parser.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/** The static imports of a file that stay in the build: project files (absolute) and packages. */
function staticImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  for (const node of source.statements) {
    let spec: ts.Expression | undefined;
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) spec = node.moduleSpecifier;
    if (ts.isExportDeclaration(node) && !node.isTypeOnly) spec = node.moduleSpecifier;
    if (!spec || !ts.isStringLiteral(spec)) continue;
    const name = spec.text;
    found.push(name.startsWith('.') ? resolve(dirname(file), name) : name);
  }
  return found;
}

/** Everything `entry` reaches through static imports: project files (relative to the root) and packages. */
function reached(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [resolve(ROOT, entry)];
  while (queue.length > 0) {
    const file = queue.pop() ?? '';
    for (const next of staticImports(file)) {
      const key = next.startsWith('/') ? relative(ROOT, next) : next;
      if (seen.has(key)) continue;
      seen.add(key);
      if (next.startsWith('/') && /\.tsx?$/.test(next) && existsSync(next)) queue.push(next);
    }
  }
  return seen;
}

const FORM_RULES = [
  'yup',
  'libphonenumber-js',
  'card-validator',
  'contract/schemas.ts',
  'contract/phone.ts',
  'contract/cards.ts',
];
const rulesIn = (modules: Set<string>) =>
  FORM_RULES.filter((rule) => [...modules].some((m) => m === rule || m.startsWith(`${rule}/`)));

describe("the first screen's imports", () => {
  it('reach no form rules (yup, phone rules, card rules)', () => {
    const modules = reached('src/main.tsx');
    expect(modules.has('machines/app.machine.ts')).toBe(true);
    expect(rulesIn(modules)).toEqual([]);
  });

  it('the check finds them where they are imported', () => {
    expect(rulesIn(reached('contract/accounts.ts'))).toEqual(expect.arrayContaining(['yup', 'contract/phone.ts']));
  });
});
