// Entry point: reads the configuration, opens the database (DATABASE_URL, or a file under DATA_DIR), serves the API and the
// built app on one port. Run with `npm start` or `npx node server/main.ts`.
import { join } from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, moneyConfigOf, operationsConfigOf, outboxReadable, type Config } from './config.ts';
import { checkDataDir } from './data-dir.ts';
import { MissingKeyError } from './keys.ts';
import { handleSignals } from './ops/shutdown.ts';
import { sandboxStandIns } from './sandbox-mode.ts';

/** A value the server cannot use stops it with one line that names the variable, no stack trace. */
function configOrExit(): Config {
  try {
    const config = loadConfig();
    // The embedded database's folder, unless DATABASE_URL names a PostgreSQL database.
    if (!config.databaseUrl) checkDataDir(config.dataDir);
    return config;
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`Configuration error: ${err.message}\n`);
    process.exit(1);
  }
}

const config = configOrExit();
// The embedded SQLite file (a new name for the portable schema: docs/decisions/0022), unless DATABASE_URL
// names a PostgreSQL database.
let app: Awaited<ReturnType<typeof buildApp>>;
try {
  app = await buildApp({
    dbPath: join(config.dataDir, 'deposit-site.db'),
    ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
    staticDir: config.staticDir,
    logger: { level: config.logLevel ?? 'info' },
    config,
    // Due recurring deposits are charged at start and then every RECURRING_RUN_MINUTES (60; 0 for never).
    recurringEveryMs: (config.recurringRunMinutes ?? 60) * 60 * 1000,
    // Retention purges at start and then every RETENTION_RUN_MINUTES (60; 0 for never).
    retentionEveryMs: (config.retentionRunMinutes ?? 60) * 60 * 1000,
    // docs/decisions/0049: the job workers look for due steps every JOB_POLL_MS (1 s; 0 for never).
    jobPollMs: moneyConfigOf(config).jobPollMs,
    // docs/decisions/0055: the API's OpenAPI document and reference page at /development/api, where the
    // development endpoints are served (`npm run dev`; never in production mode).
    apiReference: outboxReadable(config),
  });
} catch (err) {
  // What production mode refuses to start with (the sandbox payers in the database, docs/decisions/0050).
  if (err instanceof ConfigError) {
    process.stderr.write(`Configuration error: ${err.message}\n`);
    process.exit(1);
  }
  // A key production needs, or a database it cannot reach: one line that names it.
  if (err instanceof MissingKeyError || (err instanceof Error && 'code' in err)) {
    console.error(`could not start: ${err.message}`);
    process.exit(1);
  }
  throw err;
}

// docs/decisions/0050: production mode starts with these left at the sandbox's stand-ins (the pam
// endpoint's is not even served there): the operator is told which, once.
const standIns = sandboxStandIns(config);
if (standIns.length > 0) {
  app.log.warn(`production mode: ${standIns.join(', ')} still name the sandbox's stand-ins; set the operator's`);
}

// SIGTERM: no new requests, those in flight and the job workers' current jobs finish within
// SHUTDOWN_GRACE_SECONDS, then the pool closes (server/ops/shutdown.ts, docs/decisions/0051).
handleSignals(app, operationsConfigOf(config).shutdownGraceSeconds * 1000);

try {
  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(`deposit site listening on ${address}`);
} catch (err) {
  // A port in use or not allowed is a value of PORT or HOST the server cannot use.
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL') {
    process.stderr.write(`Configuration error: cannot listen on HOST ${config.host} PORT ${config.port} (${code})\n`);
  } else {
    app.log.error({ err }, 'could not start');
  }
  await app.close().catch(() => undefined);
  process.exit(1);
}
