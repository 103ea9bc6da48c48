// The sandbox's two legal-text providers (§1 "Legal pages load terms and privacy text from two
// providers"; §7 "legal text by GET from a translated URL"): one serves the terms, the other the
// privacy policy, each in English and Spanish, from fixtures/legal/<document>.<locale>.txt. They stand
// in for other sites, so they live outside the API (no session, no CSRF rule) and answer a
// LegalTextResponse (contract/legal.ts); an unknown language or document answers 404, never a 500.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { LOCALES, type Locale } from '../../contract/entities.ts';
import { LEGAL_DOCUMENTS, LEGAL_PATHS, type LegalDocument, type LegalTextResponse } from '../../contract/legal.ts';
import { FIXTURES_DIR } from '../fixtures.ts';
import { NOT_FOUND } from '../http.ts';

type LegalTexts = Record<LegalDocument, Record<Locale, string>>;

/** Reads every text at start, so a missing or empty file fails then, with its name. */
export function loadLegalTexts(dir = join(FIXTURES_DIR, 'legal')): LegalTexts {
  const out = {} as LegalTexts;
  for (const document of LEGAL_DOCUMENTS) {
    out[document] = {} as Record<Locale, string>;
    for (const locale of LOCALES) {
      const file = `${document}.${locale}.txt`;
      const text = readFileSync(join(dir, file), 'utf8').trim();
      if (!text) throw new Error(`fixtures/legal/${file}: empty`);
      out[document][locale] = text;
    }
  }
  return out;
}

function isLocale(x: unknown): x is Locale {
  return typeof x === 'string' && (LOCALES as readonly string[]).includes(x);
}

const PROVIDERS: Record<LegalDocument, string> = {
  terms: LEGAL_PATHS.sandboxTerms,
  privacy: LEGAL_PATHS.sandboxPrivacy,
};

export async function sandboxLegalRoutes(app: FastifyInstance): Promise<void> {
  const texts = loadLegalTexts();
  for (const document of LEGAL_DOCUMENTS) {
    app.get(PROVIDERS[document], async (request, reply) => {
      const { lang } = request.params as { lang?: unknown };
      if (!isLocale(lang)) return reply.code(404).send(NOT_FOUND);
      // A legal text changes rarely, but a new version must show at once: the browser revalidates.
      reply.header('cache-control', 'no-cache');
      return { document, locale: lang, text: texts[document][lang] } satisfies LegalTextResponse;
    });
  }
}
