// Every write is a domain use case (docs/decisions/0022): the lint rule of server/routes/** refuses a
// route that writes through a repository or opens a transaction, and lets its reads through.
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const linter = new Linter({ configType: 'flat' });
/** The rule as eslint.config.js sets it for a route file. */
let rule: Linter.RuleEntry | undefined;

beforeAll(async () => {
  const config = (await new ESLint().calculateConfigForFile('server/routes/vault.ts')) as Linter.Config;
  rule = config.rules?.['no-restricted-syntax'];
});

/** The routes' no-restricted-syntax messages for a route file with this body, by line. */
function refusals(body: string): number[] {
  const code = `export async function route(deps) {\n  const { repos, store } = deps;\n${body}\n}\n`;
  const messages = linter.verify(
    code,
    [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        rules: { 'no-restricted-syntax': rule },
      },
    ],
    'server/routes/planted.ts',
  );
  return messages.map((m) => m.line - 2);
}

describe('the lint rule of server/routes', () => {
  it('refuses writes through a repository, a repository taken out of repos, and transactions', () => {
    expect(
      refusals(
        [
          "  await repos.vault.insert({ token: 't' });",
          "  await deps.repos.notices.setPhone('d', '5555550100');",
          "  await repos.sessions.touch('s', '');",
          "  await repos.outbox.insertOnce({ channel: 'sms' });",
          '  const { outbox } = repos;',
          '  const users = repos.users;',
          '  await store.transaction(async (r) => r.outbox.insert({}));',
        ].join('\n'),
      ),
    ).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('lets reads through', () => {
    expect(
      refusals(
        [
          '  await repos.facilities.findById(1);',
          "  await repos.formState.get('s');",
          "  await repos.depositHistory.page('u', 10);",
          '  await quote(repos.fees, facility, type, 100);',
        ].join('\n'),
      ),
    ).toEqual([]);
  });
});
