// `npm ci` installs from package-lock.json as it is, or refuses it. npm 11 refuses a lock file that
// leaves out an optional dependency of a locked package, even one for another platform (the
// @unrs/resolver-binding-* packages of eslint-plugin-import-x): the lock file must name them all.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface LockedPackage {
  version?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}
interface LockFile {
  lockfileVersion: number;
  packages: Record<string, LockedPackage>;
}

const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as LockFile;
const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as LockedPackage;

/** Where Node would find `name` from the package at `from` (its own node_modules, then each parent's). */
function resolveFrom(from: string, name: string): string | null {
  let dir = from;
  for (;;) {
    const candidate = dir === '' ? `node_modules/${name}` : `${dir}/node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (dir === '') return null;
    const cut = dir.lastIndexOf('/node_modules/');
    dir = cut === -1 ? '' : dir.slice(0, cut);
  }
}

describe('package-lock.json', () => {
  it('is a version 3 lock file whose root matches package.json', () => {
    expect(lock.lockfileVersion).toBe(3);
    const root = lock.packages[''];
    expect(root?.dependencies).toEqual(manifest.dependencies);
    expect(root?.devDependencies).toEqual(manifest.devDependencies);
  });

  it('names every dependency of every locked package, optional ones of other platforms included', () => {
    const missing: string[] = [];
    for (const [path, pkg] of Object.entries(lock.packages)) {
      const wanted = { ...pkg.dependencies, ...pkg.optionalDependencies };
      for (const name of Object.keys(wanted)) {
        if (!resolveFrom(path, name)) missing.push(`${name} (wanted by ${path || 'the project'})`);
      }
    }
    expect(missing).toEqual([]);
  });
});
