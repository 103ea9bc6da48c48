// The payer's language in the running app (§1: English and Spanish only; the choice is kept in local
// storage). Only what the first screen says is in the app's first script, in English; the rest of a
// language, and the whole of the other one, load when they are needed (docs/decisions/0032):
// `loadLanguage` before switching to it, `languageReady` before a screen other than the first.
// Tests and stories use src/i18n.ts, whose instances hold both languages whole.
import i18next, { type i18n as I18n, type InitOptions, type PostProcessorModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALES, type Locale } from '../contract/entities.ts';
import { LANGUAGE_COOKIE } from '../contract/constants.ts';
import { closeSentences, inSentence } from '../contract/format.ts';
import {
  COMMON,
  COUNTRY,
  ERROR,
  ERROR_PAGE,
  FACILITY,
  HEADER_NAV,
  LANDING,
  LAYOUT,
  LEGAL,
  PAGES,
  SESSION,
  VALIDATION,
  WIZARD,
} from '../locales/en.json';

export const LANGUAGE_STORAGE_KEY = 'deposit.lang';

/**
 * The sections of locales/en.json that the first screens use: the layout, the welcome page, the facility
 * step, failures, and the session warning (which may open over any screen).
 */
const FIRST_SCREEN_EN = {
  COMMON,
  COUNTRY,
  ERROR,
  ERROR_PAGE,
  FACILITY,
  HEADER_NAV,
  LANDING,
  LAYOUT,
  LEGAL,
  PAGES,
  SESSION,
  VALIDATION,
  WIZARD,
};

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

/** The typography of every text once its values are in: no second period after 'p.m.' (contract/format.ts). */
const TYPOGRAPHY: PostProcessorModule = {
  type: 'postProcessor',
  name: 'typography',
  process: (value: string) => closeSentences(value),
};

/**
 * What every instance needs beyond its options: the typography above, and the `lowercase` format of
 * a value inside a sentence (`{{label, lowercase}}` in locales/es.json: 'Busque al interno').
 */
export function initI18n(instance: I18n, options: InitOptions): void {
  void instance.use(initReactI18next).use(TYPOGRAPHY).init(options);
  instance.services.formatter?.add('lowercase', (value: unknown, lng: string | undefined) =>
    inSentence(String(value), lng),
  );
}

export const I18N_OPTIONS: InitOptions = {
  fallbackLng: false,
  postProcess: ['typography'],
  supportedLngs: [...LOCALES],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  saveMissing: true,
  missingKeyHandler: (_lngs, _ns, key) => {
    missingKeys.add(key);
  },
};

/** The languages each instance holds whole; an instance not listed holds every language whole. */
const partial = new WeakMap<I18n, { whole: Set<Locale>; loading: Map<Locale, Promise<void>> }>();
let appInstance: I18n | null = null;

/** The app's instance: the first screen's English only, the rest loaded on the way. */
export function createAppI18n(): I18n {
  const instance = i18next.createInstance();
  initI18n(instance, {
    ...I18N_OPTIONS,
    resources: { en: { translation: FIRST_SCREEN_EN } },
    lng: 'en',
    partialBundledLanguages: true,
  });
  partial.set(instance, { whole: new Set(), loading: new Map() });
  appInstance = instance;
  return instance;
}

// As text (`?raw`): imported as JSON, English would be one module with the first screen's named
// sections above, and the whole of it would stay in the first script.
const WHOLE: Record<Locale, () => Promise<{ default: string }>> = {
  en: () => import('../locales/en.json?raw'),
  es: () => import('../locales/es.json?raw'),
};

/** Loads the whole of `lang` into `instance` (once); resolves at once where it is there already. */
export function loadLanguage(instance: I18n, lang: Locale): Promise<void> {
  const state = partial.get(instance);
  if (!state || state.whole.has(lang)) return Promise.resolve();
  let loading = state.loading.get(lang);
  if (!loading) {
    loading = WHOLE[lang]().then((m) => {
      instance.addResourceBundle(lang, 'translation', JSON.parse(m.default) as object, true, true);
      state.whole.add(lang);
    });
    // A failed load (offline) may be tried again.
    loading.catch(() => state.loading.delete(lang));
    state.loading.set(lang, loading);
  }
  return loading;
}

/** Resolves when the app's language is there whole (screens other than the first wait for it). */
export function languageReady(): Promise<void> {
  return appInstance ? loadLanguage(appInstance, appInstance.language as Locale) : Promise.resolve();
}
