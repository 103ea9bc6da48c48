// Legal pages (§2 login.terms /terms and login.privacy /privacy; §7 "legal text by GET from a
// translated URL"): the documents, the configured URL of each document in each language, and what a
// legal-text provider answers. The site reads the text from the URL the server configures for the
// document and the payer's language; the reference server has two sandbox providers, one per
// document, that stand in for the real ones.
//
// A provider answers GET <url> with 200 and a LegalTextResponse (JSON). The text is plain: paragraphs
// separated by a blank line, no markup (the site shows it as text, never as HTML). An unknown
// document or language answers 404.
import { LOCALES, type Locale } from './entities.ts';

export const LEGAL_DOCUMENTS = ['terms', 'privacy'] as const;
export type LegalDocument = (typeof LEGAL_DOCUMENTS)[number];

/** The URL of each document's text in each language: a path of this site or an http(s) URL. */
export type LegalUrls = Record<LegalDocument, Record<Locale, string>>;

export interface LegalTextResponse {
  document: LegalDocument;
  locale: Locale;
  /** Plain text; paragraphs are separated by a blank line. */
  text: string;
}

/** The sandbox providers' paths (server/routes/sandbox-legal.ts), outside the API's prefixes. */
export const LEGAL_PATHS = {
  /** GET: the terms provider. */
  sandboxTerms: '/sandbox/legal/terms/:lang',
  /** GET: the privacy provider. */
  sandboxPrivacy: '/sandbox/legal/privacy/:lang',
} as const;

/** The sandbox path of a document in a language, e.g. '/sandbox/legal/terms/es'. */
export function sandboxLegalPath(document: LegalDocument, locale: Locale): string {
  const pattern = document === 'terms' ? LEGAL_PATHS.sandboxTerms : LEGAL_PATHS.sandboxPrivacy;
  return pattern.replace(':lang', locale);
}

/** The sandbox providers for every document and language: the server's default configuration. */
export function sandboxLegalUrls(): LegalUrls {
  const byLocale = (document: LegalDocument) =>
    Object.fromEntries(LOCALES.map((l) => [l, sandboxLegalPath(document, l)])) as Record<Locale, string>;
  return { terms: byLocale('terms'), privacy: byLocale('privacy') };
}

/** The paragraphs of a legal text: split at blank lines, lines of one paragraph joined, empty ones dropped. */
export function paragraphsOf(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, ' ').trim())
    .filter((p) => p !== '');
}
