// What the server writes for people (a text message, the words of a call, the CPA link's label) comes
// from locales/, as the app's strings do: the SERVER section, in the session's language.
import type { Locale } from '../contract/entities.ts';
import en from '../locales/en.json' with { type: 'json' };
import es from '../locales/es.json' with { type: 'json' };

export type ServerTextKey = keyof typeof en.SERVER;

const TEXTS: Record<Locale, Record<ServerTextKey, string>> = { en: en.SERVER, es: es.SERVER };

/** The text of `key` in `locale`, its {{placeholders}} filled in. */
export function serverText(locale: Locale, key: ServerTextKey, values: Record<string, string | number> = {}): string {
  return TEXTS[locale][key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}
