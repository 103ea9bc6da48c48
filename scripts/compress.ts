// Pre-compression of the built app (docs/decisions/0030): `.br` (brotli, best) and `.gz` (gzip, best)
// beside every text file of dist/, written only where they are smaller. The server sends one of them by
// Accept-Encoding (server/static-site.ts), so no CPU is spent compressing per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(html|js|mjs|css|svg|json|txt|xml|webmanifest|map)$/;

function filesUnder(dir: string, skip: readonly string[]): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (skip.includes(path)) return [];
    return statSync(path).isDirectory() ? filesUnder(path, skip) : [path];
  });
}

/** Writes the compressed copies, except under `skip` (folders never served); returns how many files were compressed. */
export function compressDir(dir: string, skip: readonly string[] = []): number {
  let count = 0;
  for (const file of filesUnder(dir, skip)) {
    if (!TEXT.test(file)) continue;
    const raw = readFileSync(file);
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
    const gz = gzipSync(raw, { level: 9 });
    if (br.length < raw.length) writeFileSync(`${file}.br`, br);
    if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
    count++;
  }
  return count;
}
