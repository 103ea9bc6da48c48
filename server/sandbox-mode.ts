// Production is not the sandbox (docs/decisions/0050). The sandbox's payers sign in with passwords that
// the README publishes, its pam endpoint takes any card number as paid, and its texts and terms stand
// in for an operator's: production mode (NODE_ENV=production) starts without them unless SANDBOX=true
// asks for them by name. The adapters are refused when the configuration is read (server/config.ts);
// what needs the database, and what the server serves, is decided here.
import { LOCALES } from '../contract/entities.ts';
import { LEGAL_DOCUMENTS } from '../contract/legal.ts';
import { ConfigError, DEFAULT_NAV_SCRIPT_URL, DEFAULT_PAM_PAY_URL, sandboxRefusal, type Config } from './config.ts';
import { loadPayers } from './fixtures.ts';
import { DEFAULT_LEGAL_URLS } from './legal-urls.ts';
import type { Store } from './repo/repos.ts';
import { seedIfEmpty, seedPayersIfEmpty } from './seed.ts';
import { seedCheckoutServicesIfEmpty } from './seed-checkout.ts';
import { seedDestinationsIfEmpty } from './seed-destinations.ts';

type Mode = Pick<Config, 'production' | 'sandbox'>;

/** Whether the sandbox's own data and stand-ins are allowed: outside production mode, or by SANDBOX=true. */
export function sandboxAllowed(config: Mode): boolean {
  return config.production !== true || config.sandbox === true;
}

/** The emails of the sandbox payers (fixtures/payers.json) that the database holds. */
async function sandboxPayersIn(store: Store): Promise<string[]> {
  const found: string[] = [];
  for (const payer of loadPayers()) {
    const email = payer.email.toLowerCase();
    if (await store.repos.users.findByEmail(email)) found.push(email);
  }
  return found;
}

/**
 * Seeds an empty database from fixtures/, and refuses what production mode may not run on: the
 * sandbox adapters (the same rule as loadConfig, for a configuration given in code) and the sandbox
 * payers, whether the database already holds them or they would be seeded now. In production mode
 * without SANDBOX=true they are never seeded; the reference data (facilities, people in custody, fees,
 * the fraud list) still is, into empty tables only, since the site has no other way to load it.
 * Instances that start together on one database: each seed runs in a transaction that finds its
 * table empty or leaves it alone.
 */
export async function seedForMode(store: Store, config: Config): Promise<void> {
  const refusal = sandboxRefusal(config);
  if (refusal) throw new ConfigError(refusal);
  const payersAllowed = sandboxAllowed(config);
  if (!payersAllowed) {
    const payers = await sandboxPayersIn(store);
    if (payers.length > 0) {
      throw new ConfigError(
        `NODE_ENV=production refuses the sandbox payers in the database (${payers.join(', ')}): ` +
          'start on a database without them (DATABASE_URL or DATA_DIR), or set SANDBOX=true',
      );
    }
  }
  await seedIfEmpty(store);
  if (payersAllowed) await seedPayersIfEmpty(store);
  // Approved depositors name payers by email: without the sandbox payers none is seeded.
  await seedCheckoutServicesIfEmpty(store);
  await seedDestinationsIfEmpty(store);
}

/**
 * Whether the sandbox's stand-in for the pam payment endpoint is served: it takes any card number that
 * is not a test decline as paid, and the site then writes the deposit, so production mode serves it
 * only when SANDBOX=true asks for it.
 */
export function sandboxPamServed(config: Mode): boolean {
  return sandboxAllowed(config);
}

/**
 * The variables that production mode leaves naming a sandbox stand-in, for a warning at start: the
 * legal texts and the navigation script (still served: they move no money, but they are not an
 * operator's), and PAY_URL (whose endpoint is not served, so a pam checkout would end there). Empty
 * outside production mode and with SANDBOX=true.
 */
export function sandboxStandIns(config: Config): string[] {
  if (sandboxAllowed(config)) return [];
  const legal = config.legalUrls ?? DEFAULT_LEGAL_URLS;
  return [
    ...(config.payUrl === DEFAULT_PAM_PAY_URL ? ['PAY_URL'] : []),
    ...LEGAL_DOCUMENTS.flatMap((document) =>
      LOCALES.filter((l) => legal[document][l] === DEFAULT_LEGAL_URLS[document][l]).map(
        (l) => `${document.toUpperCase()}_URL_${l.toUpperCase()}`,
      ),
    ),
    ...((config.navScriptUrl ?? DEFAULT_NAV_SCRIPT_URL) === DEFAULT_NAV_SCRIPT_URL ? ['NAV_SCRIPT_URL'] : []),
  ];
}
