// `npm run phone-metadata`: writes contract/phone-metadata.json, the slice of libphonenumber-js's
// 'min' metadata that contract/phone.ts uses (docs/decisions/0038): the countries of
// fixtures/countries.json and the whole North American numbering plan (calling code 1, so that a number
// of another of its countries is told apart from a US or Canadian one). The full metadata would add
// about 17 kB gzipped to the first screen. Run it after updating libphonenumber-js;
// tests/machines/contract-rules.test.ts fails while the file is out of date.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

interface Metadata {
  version: number;
  country_calling_codes: Record<string, string[]>;
  countries: Record<string, unknown>;
  nonGeographic?: Record<string, unknown>;
}

const root = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));
export const PHONE_METADATA_FILE = root('contract/phone-metadata.json');

/** The slice, from the library's metadata and the countries the site lists. */
export function phoneMetadataSlice(full: Metadata, countries: readonly string[]): Metadata {
  const keep = new Set([...(full.country_calling_codes['1'] ?? []), ...countries]);
  const callingCodes: Record<string, string[]> = {};
  for (const [code, list] of Object.entries(full.country_calling_codes)) {
    const kept = list.filter((c) => keep.has(c));
    if (kept.length > 0) callingCodes[code] = kept;
  }
  const kept: Record<string, unknown> = {};
  for (const c of [...keep].sort()) if (full.countries[c]) kept[c] = full.countries[c];
  return { version: full.version, country_calling_codes: callingCodes, countries: kept, nonGeographic: {} };
}

/** The file's text for the installed library and fixtures/countries.json. */
export function phoneMetadataText(): string {
  const full = JSON.parse(readFileSync(root('node_modules/libphonenumber-js/metadata.min.json'), 'utf8')) as Metadata;
  const countries = (JSON.parse(readFileSync(root('fixtures/countries.json'), 'utf8')) as { code: string }[]).map(
    (c) => c.code,
  );
  return `${JSON.stringify(phoneMetadataSlice(full, countries))}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(PHONE_METADATA_FILE, phoneMetadataText());
  console.log(`wrote ${PHONE_METADATA_FILE}`);
}
