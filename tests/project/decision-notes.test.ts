// Every decision note says under its title whether it still holds and since when: `Status: accepted,
// YYYY-MM-DD` or `Status: superseded by [NNNN](file), YYYY-MM-DD`. A superseded note is kept, and the
// note it points to exists.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const DIR = new URL('../../docs/decisions/', import.meta.url);
const NOTES = readdirSync(DIR).filter((name) => /^\d{4}-.*\.md$/.test(name));

describe('decision notes', () => {
  it.each(NOTES)('%s has a status and date line under its title', (name) => {
    const lines = readFileSync(new URL(name, DIR), 'utf8').split('\n');
    expect(lines[0]).toMatch(new RegExp(`^# ${name.slice(0, 4)}\\. `));
    const status = lines[2] ?? '';
    expect(status).toMatch(/^Status: (accepted|superseded by \[\d{4}\]\((\d{4}-[^)]+\.md)\))[^,]*, \d{4}-\d{2}-\d{2}/);
    const successor = /^Status: superseded by \[\d{4}\]\(([^)]+)\)/.exec(status)?.[1];
    if (successor) expect(existsSync(new URL(successor, DIR)), successor).toBe(true);
  });
});
