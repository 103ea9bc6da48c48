// i18n (§1: English and Spanish only; the choice is kept in local storage). Every string the
// payer sees is a key of locales/en.json and locales/es.json.
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json' with { type: 'json' };
import es from '../locales/es.json' with { type: 'json' };
import { LOCALES, type Locale } from '../contract/entities.ts';
import { LANGUAGE_COOKIE } from '../contract/constants.ts';

export const LANGUAGE_STORAGE_KEY = 'deposit.lang';

export const resources = { en: { translation: en }, es: { translation: es } } as const;

/** Keys asked for that neither language has; tests fail when this is not empty. */
export const missingKeys = new Set<string>();

export function isLocale(x: unknown): x is Locale {
  return typeof x === 'string' && (LOCALES as readonly string[]).includes(x);
}

export function storedLanguage(): Locale | null {
  try {
    const v = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLocale(v) ? v : null;
  } catch {
    return null;
  }
}

export function storeLanguage(lang: Locale): void {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  mirrorLanguageCookie(lang);
}

/**
 * The server sends the pre-rendered first screen in the language of this cookie (docs/decisions/0031);
 * local storage stays the record of the choice (§1), the cookie only follows it.
 */
export function mirrorLanguageCookie(lang: Locale): void {
  if (typeof document === 'undefined') return;
  const cookie = `${LANGUAGE_COOKIE}=${lang}`;
  if (document.cookie.split('; ').includes(cookie)) return;
  document.cookie = `${cookie}; path=/; max-age=31536000; samesite=lax`;
}

export function createI18n(lang: Locale = 'en'): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: lang,
    fallbackLng: false,
    supportedLngs: [...LOCALES],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    saveMissing: true,
    missingKeyHandler: (_lngs, _ns, key) => {
      missingKeys.add(key);
    },
  });
  return instance;
}

export const i18n = createI18n(storedLanguage() ?? 'en');
