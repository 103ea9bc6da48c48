// The server's own texts (a text message, an e-mail) come from locales/ like the page's: one place for
// every user-visible string, in both languages.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

type Tree = { [k: string]: string | Tree };
export type TextLocale = 'en' | 'es';

const LOCALES_DIR = join(import.meta.dirname, '..', 'locales');
const TREES: Record<TextLocale, Tree> = {
  en: JSON.parse(readFileSync(join(LOCALES_DIR, 'en.json'), 'utf8')) as Tree,
  es: JSON.parse(readFileSync(join(LOCALES_DIR, 'es.json'), 'utf8')) as Tree,
};

/** The text of `key` (dotted) in `locale`, its {{placeholders}} filled; throws for a key not there. */
export function serverText(locale: TextLocale, key: string, values: Record<string, string> = {}): string {
  let node: string | Tree | undefined = TREES[locale];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`locales/${locale}.json has no text ${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');
}
