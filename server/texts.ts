// What the server writes for people (a text message, the words of a call, an e-mail, the CPA link's
// label) comes from locales/ like the page's strings: one place for every user-visible string, in both
// languages, in the session's language. The files are imported as modules (no file system), so the
// configuration that names the CPA link can be read by the stories too.
import en from '../locales/en.json' with { type: 'json' };
import es from '../locales/es.json' with { type: 'json' };
import { closeSentences } from '../contract/format.ts';

type Tree = { [k: string]: string | Tree };
export type TextLocale = 'en' | 'es';

const TREES: Record<TextLocale, Tree> = { en: en as Tree, es: es as Tree };

/** The text of `key` (dotted: 'SERVER.VERIFY_TEXT') in `locale`, its {{placeholders}} filled; throws for a key not there. */
export function serverText(locale: TextLocale, key: string, values: Record<string, string | number> = {}): string {
  let node: string | Tree | undefined = TREES[locale];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`locales/${locale}.json has no text ${key}`);
  // The page's typography too: no second period after a time's 'p.m.' (contract/format.ts).
  return closeSentences(node.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? '')));
}
