// Legal texts (§7 "legal text by GET from a translated URL"): the URL comes from the server's
// configuration (SiteInfo.legal_urls), a path of this site or another site's address.
import type { LegalDocument, LegalTextResponse } from '../../contract/legal.ts';
import type { Locale } from '../../contract/entities.ts';
import type { CallFailure } from '../../machines/actors.types.ts';
import type { ApiClient } from './client.ts';

const UNEXPECTED: CallFailure = { status: 0, code: 'ERROR.UNEXPECTED', errors: {} };

export async function legalText(
  api: ApiClient,
  input: { document: LegalDocument; locale: Locale; url: string },
  signal?: AbortSignal,
): Promise<LegalTextResponse> {
  // No URL configured for this document and language: nothing to ask.
  if (!input.url) throw UNEXPECTED;
  const body = await api.get<Partial<LegalTextResponse>>(input.url, undefined, signal ? { signal } : {});
  // Another site's answer is checked before the page trusts it: the text must be text.
  if (typeof body.text !== 'string') throw { ...UNEXPECTED, status: 200 } satisfies CallFailure;
  return { document: input.document, locale: input.locale, text: body.text };
}
