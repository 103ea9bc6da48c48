// `npm test`'s first step (the `pretest` script): the story and browser tests run Debian's Chromium at
// /usr/bin/chromium (vite.config.ts, playwright.config.ts), since test tools cannot download their own
// browsers here. When it is missing, this installs it with apt-get as .ci/run does (about 30 s, as root);
// when it cannot, it says what to run and stops before any test starts.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';
const INSTALL = 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium';

function fail(why: string): never {
  console.error(`[ensure-chromium] ${why}`);
  console.error(`[ensure-chromium] The story and browser tests need Debian's Chromium at ${CHROMIUM}. As root, run:`);
  console.error(`  ${INSTALL}`);
  process.exit(1);
}

if (!existsSync(CHROMIUM)) {
  if (process.platform !== 'linux' || !existsSync('/usr/bin/apt-get')) {
    fail('This machine has no apt-get: install Chromium so that it is found at that path.');
  }
  if (process.getuid?.() !== 0) fail('Chromium is missing, and installing it needs root.');
  console.log(`[ensure-chromium] ${CHROMIUM} is missing: installing Debian's chromium (apt-get)...`);
  const run = spawnSync('sh', ['-c', INSTALL], { stdio: 'inherit' });
  if (run.status !== 0 || !existsSync(CHROMIUM)) fail(`apt-get did not install it (exit ${run.status ?? 'signal'}).`);
  console.log(`[ensure-chromium] ${CHROMIUM} installed.`);
}
