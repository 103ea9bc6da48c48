// `node scripts/cpu-profile.ts FILE.cpuprofile [--top 30] [--by function|file]`: where a V8 CPU profile
// (node --cpu-prof, e.g. BENCH_SERVER_NODE_ARGS of bench:scale) spends its time, as self time per
// function (or per file), largest first, each with its share of the samples. `--skip S` leaves out the
// first S seconds (the server's start: loading modules, compiling schemas). Figures, never a verdict.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    top: { type: 'string', default: '30' },
    by: { type: 'string', default: 'function' },
    skip: { type: 'string', default: '0' },
  },
});

/** A short place for a frame: the file's path from the project's folders or node_modules' package. */
function place(url: string): string {
  if (!url) return '';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) return url.slice(nm + 'node_modules/'.length);
  const m = /\/(server|contract|scripts|src)\/.*$/.exec(url);
  return m ? m[0].slice(1) : url.replace(/^file:\/\//, '');
}

for (const file of positionals) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const skipUs = Number(args.skip) * 1e6;
  let total = 0;
  let at = 0;
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    const dt = profile.timeDeltas[i] ?? 0;
    at += dt;
    if (at < skipUs) return;
    total += dt;
    if (!frame) return;
    const where = place(frame.url);
    const key =
      args.by === 'file'
        ? where || `(${frame.functionName || 'native'})`
        : `${frame.functionName || '(anonymous)'} ${where}${where ? `:${frame.lineNumber + 1}` : ''}`;
    self.set(key, (self.get(key) ?? 0) + dt);
  });
  console.log(`${file}: ${(total / 1e6).toFixed(2)} s sampled`);
  const rows = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, Number(args.top));
  for (const [key, us] of rows) {
    console.log(`${((100 * us) / total).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(6)} ms  ${key}`);
  }
}
