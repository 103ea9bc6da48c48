// i18n (§1: English and Spanish only; the choice is kept in local storage). Every string the
// payer sees is a key of locales/en.json and locales/es.json. These instances hold both languages
// whole (tests, stories, the build-time render); the app's own loads them on the way (language.ts).
import i18next, { type i18n as I18n } from 'i18next';
import en from '../locales/en.json' with { type: 'json' };
import es from '../locales/es.json' with { type: 'json' };
import type { Locale } from '../contract/entities.ts';
import { I18N_OPTIONS, initI18n, storedLanguage } from './language.ts';

export { isLocale, missingKeys } from './language.ts';

export const resources = { en: { translation: en }, es: { translation: es } } as const;

export function createI18n(lang: Locale = 'en'): I18n {
  const instance = i18next.createInstance();
  initI18n(instance, { ...I18N_OPTIONS, resources, lng: lang });
  return instance;
}

export const i18n = createI18n(storedLanguage() ?? 'en');
