// contract/ is the bottom layer, and its files form no circle among themselves, type imports included
// (eslint's import-x/no-cycle sees only the imports that run): a reader can learn each file after the
// ones it imports. The graph is read with TypeScript's own scanner.
import { readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const DIR = new URL('../../contract/', import.meta.url);
const FILES = readdirSync(DIR).filter((name) => name.endsWith('.ts'));

/** contract/'s own files that `name` imports, type imports and re-exports included. */
function importsOf(name: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(new URL(name, DIR), 'utf8'), true, true);
  return importedFiles.map((f) => f.fileName).flatMap((spec) => (spec.startsWith('./') ? [spec.slice(2)] : []));
}

/** Every circle of imports, each as the path that closes it. */
function circles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const done = new Set<string>();
  const visit = (file: string, path: string[]): void => {
    const at = path.indexOf(file);
    if (at !== -1) {
      found.push([...path.slice(at), file]);
      return;
    }
    if (done.has(file)) return;
    for (const next of graph.get(file) ?? []) visit(next, [...path, file]);
    done.add(file);
  };
  for (const file of graph.keys()) visit(file, []);
  return found;
}

describe('contract/ imports', () => {
  it('form no circle, type imports included', () => {
    const graph = new Map(FILES.map((name) => [name, importsOf(name)]));
    expect(circles(graph).map((c) => c.join(' -> '))).toEqual([]);
  });

  it('the check finds a circle when there is one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(circles(graph).map((c) => c.join(' -> '))).toEqual(['a.ts -> b.ts -> c.ts -> a.ts']);
  });
});
