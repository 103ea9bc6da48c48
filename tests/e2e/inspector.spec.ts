// The statechart inspector is a development tool (docs/decisions/0001): a production build neither
// opens it for `?inspect` nor carries its code. Its panel is tested where it runs, in development:
// stories/inspector.stories.tsx.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { T, expect, test } from './support.ts';

const STATIC_DIR = process.env['E2E_STATIC_DIR'] ?? 'dist';

function builtFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? builtFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

test('?inspect opens nothing in a production build, whose files hold no inspector', async ({ page }) => {
  await page.goto('/?inspect#/deposit_facility/US');
  await expect(page.getByRole('heading', { level: 1, name: T.en.FACILITY.HEADING })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Statechart inspector' })).toHaveCount(0);
  const scripts = builtFiles(STATIC_DIR).filter((f) => /\.(js|css|html)$/.test(f));
  expect(scripts.length).toBeGreaterThan(0);
  for (const file of scripts) {
    const text = readFileSync(file, 'utf8');
    expect(text, file).not.toContain('Statechart inspector');
    expect(text, file).not.toContain('statelyai');
  }
});
