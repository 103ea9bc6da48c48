// Every user-visible string lives in both languages; a key used in code but missing fails here.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json' with { type: 'json' };
import es from '../../locales/es.json' with { type: 'json' };
import { CHECKOUT_ERROR_CODES, CHECKOUT_WARNING_CODES, CLIENT_ERRORS } from '../../contract/errors.ts';
import { MSG } from '../../contract/schemas.ts';

type Tree = { [k: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out.set(prefix + k, v);
    else for (const [kk, vv] of flatten(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}

const EN = flatten(en as Tree);
const ES = flatten(es as Tree);

function has(map: Map<string, string>, key: string): boolean {
  return map.has(key) || map.has(`${key}_one`) || map.has(`${key}_other`);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx)$/.test(name) ? [p] : [];
  });
}

describe('locales', () => {
  it('have the same keys in English and Spanish', () => {
    expect([...EN.keys()].filter((k) => !ES.has(k))).toEqual([]);
    expect([...ES.keys()].filter((k) => !EN.has(k))).toEqual([]);
  });

  it('have no empty message and the same placeholders in both languages', () => {
    for (const [key, text] of EN) {
      expect(text.trim(), key).not.toBe('');
      // A value's format (`{{label, lowercase}}`) is the language's; its name must be the same.
      const vars = (s: string) => [...s.matchAll(/{{(\w+)(?:, *\w+)?}}/g)].map((m) => m[1]).sort();
      expect(vars(ES.get(key) ?? ''), key).toEqual(vars(text));
    }
  });

  it('hold every key that the code names literally', () => {
    const root = join(import.meta.dirname, '../..');
    const used = new Set<string>();
    for (const dir of ['src', 'machines', 'contract']) {
      for (const file of sourceFiles(join(root, dir))) {
        const text = readFileSync(file, 'utf8');
        // Words joined by single underscores, written so that a long code without a dot cannot make the
        // match backtrack exponentially (`(?:[A-Z]+_?)+` did).
        for (const m of text.matchAll(/['"`]([A-Z]+(?:_[A-Z]+)*_?\.[A-Z0-9_]+)['"`]/g)) used.add(m[1] as string);
      }
    }
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((k) => !has(EN, k))).toEqual([]);
  });

  it('hold every error code, warning and validation message of the contract', () => {
    const keys = [
      ...CHECKOUT_ERROR_CODES.map((c) => `ERROR.${c}`),
      ...CHECKOUT_WARNING_CODES.map((c) => `ERROR.${c}`),
      ...Object.values(CLIENT_ERRORS),
      ...Object.values(MSG),
    ];
    expect(keys.filter((k) => !has(EN, k))).toEqual([]);
  });
});
