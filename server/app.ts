// Builds the reference API server (architecture: "Reference API server"): Fastify over the data layer
// (node:sqlite or PostgreSQL), the contract's calls, the built single-page app when there is one.
import fastifyCookie from '@fastify/cookie';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';
import {
  DEFAULT_CONFIG,
  DEFAULT_DEPOSIT_POST_SECONDS,
  moneyConfigOf,
  operationsConfigOf,
  outboxReadable,
  runsSandbox,
  type Config,
} from './config.ts';
import { adaptersFor, type Adapters } from './adapters/adapters.ts';
import type { MoneyDeps } from './domain/deposit-steps.ts';
import { createJobRunner, type JobRunner } from './domain/job-runner.ts';
import { createDirectory } from './domain/directory.ts';
import { createSmtpMailer } from './adapters/smtp-mailer.ts';
import { sweep } from './domain/reconciler.ts';
import { migrate, openDatabase, type DatabaseLocation } from './db.ts';
import type { Deps } from './deps.ts';
import { badRequest, errorAnswer, rawClientError } from './http.ts';
import { addContractSchemas, requireRouteSchemas, schemaErrors } from './api-schemas.ts';
import { schemaCompilers } from './schema-compilers.ts';
import { registerApiDocument } from './api-document.ts';
import { REQUEST_ID_HEADER } from '../contract/api.ts';
import { facilityRulesFrom } from './domain/offers.ts';
import { createStore, type Store } from './repo/repos.ts';
import { loadKeys } from './keys.ts';
import { accountRoutes } from './routes/accounts.ts';
import { authRoutes } from './routes/auth.ts';
import { checkoutServiceRoutes } from './routes/checkout-services.ts';
import { depositRoutes } from './routes/deposits.ts';
import { destDepositRoutes } from './routes/dest-deposits.ts';
import { clientErrorRoutes, outboxRoutes } from './routes/development.ts';
import { facilityRoutes } from './routes/facilities.ts';
import { feeRoutes } from './routes/fees.ts';
import { inmateRoutes } from './routes/inmates.ts';
import { localeRoutes } from './routes/locale.ts';
import { pamCsp, sandboxPamRoutes } from './routes/sandbox-pam.ts';
import { phoneVerificationRoutes } from './routes/phone-verification.ts';
import { sandboxLegalRoutes } from './routes/sandbox-legal.ts';
import { navCsp, navScriptUrlOf, sandboxNavRoutes } from './routes/sandbox-nav.ts';
import { legalCsp, legalUrlsOf } from './legal-urls.ts';
import { professionalRoutes } from './routes/professional.ts';
import { accountProfileRoutes } from './routes/account-profile.ts';
import { identityRoutes } from './routes/identity.ts';
import { quickDepositRoutes } from './routes/quick-deposits.ts';
import { receiptSmsRoutes } from './routes/receipt-sms.ts';
import { pamReturnRoutes } from './routes/pam-return.ts';
import { signedInCheckoutRoutes } from './routes/signed-in-checkout.ts';
import { stateRoutes } from './routes/state.ts';
import { deepContactRoutes } from './routes/deep-contact.ts';
import { transferRoutes } from './routes/transfers.ts';
import { unifiedWalletRoutes } from './routes/unified-wallet.ts';
import { vaultRoutes } from './routes/vault.ts';
import { createSessionManager, isApiPath } from './security.ts';
import { bareErrorHeaders, cspPolicy, useSecurityHeaders } from './headers.ts';
import { registerStaticSite, staticSiteCsp } from './static-site.ts';
import { type DrawPage, loadFirstScreens } from './first-screens.ts';
import { facilityAnswers } from './domain/facility-options.ts';
import { sandboxPamServed, seedForMode } from './sandbox-mode.ts';
import { runDueRecurringDeposits } from './domain/recurring-runner.ts';
import {
  TooManyRequestsError,
  createClientLimits,
  limitKeyer,
  limitsFor,
  registerLimits,
  tooMany,
  type ClientLimits,
  type Limits,
} from './limits.ts';
import { purgeExpired } from './retention.ts';
import type { Keys } from './keys.ts';
import {
  answerUnavailable,
  faultSummary,
  isDatabaseUnavailable,
  logDatabaseWait,
  waitForDatabase,
} from './ops/db-faults.ts';
import { createOperations, operationsServerOptions, registerOperations } from './ops/operations.ts';
import { withRequestId } from './ops/request-id.ts';

export interface BuildOptions {
  /** The SQLite file (or ':memory:'); ignored when databaseUrl is given. */
  dbPath?: string;
  /** A PostgreSQL connection string (DATABASE_URL); the database is migrated and seeded at start. */
  databaseUrl?: string;
  staticDir?: string;
  logger?: boolean | object;
  config?: Partial<Config>;
  /** The clock; tests move it to cross session, duplicate and daily windows. */
  now?: () => Date;
  /** Run due recurring deposits at start and then every this many milliseconds (server/main.ts). */
  recurringEveryMs?: number;
  /** Purge what retention drops (server/retention.ts) at start and then every this many milliseconds. */
  retentionEveryMs?: number;
  /**
   * The job workers look for due jobs every this many milliseconds (docs/decisions/0049); unset, they do
   * not poll and tests run them with `app.jobs.drain()`.
   */
  jobPollMs?: number;
  /** Other adapters than the configuration's (tests: a processor that counts its calls, faults). */
  adapters?: Partial<Adapters>;
  /**
   * Draws the first screens' pages (docs/decisions/0057); unset, the renderer the build wrote to
   * `staticDir`/server/ (tests hand in the app's renderer itself).
   */
  firstScreens?: DrawPage;
  /** Collect the routes' schemas into an OpenAPI document, `app.swagger()` (`npm run openapi`, tests). */
  apiDocument?: boolean;
  /**
   * Also serve that document and its reference page at API_REFERENCE_PATH (`npm run dev` only: the
   * packages are development dependencies, never loaded otherwise).
   */
  apiReference?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's job workers (docs/decisions/0049). */
    jobs: JobRunner;
    /** The money path's parts, for tests and the benchmarks. */
    money: MoneyDeps;
  }
}

/** How often the reconciler sweeps for deposits left between two steps. */
const SWEEP_EVERY_MS = 60_000;

/** The limits of this configuration: RATE_LIMIT_FACTOR times the defaults, and any set one by one. */
function limitsOf(config: Config): Limits {
  return { ...limitsFor(config.rateLimitFactor), ...config.limits };
}

function clientLimitsOf(repos: Store['repos'], config: Config, keys: Keys, now: () => Date): ClientLimits {
  return createClientLimits(repos, limitsOf(config), now, limitKeyer(keys.pam));
}

/** TRUST_PROXY: a number of hops believed, or the proxies' addresses (Fastify's trustProxy). */
function trustProxyOption(trust: Config['trustProxy']): Pick<FastifyServerOptions, 'trustProxy'> {
  if (trust === undefined) return {};
  if (typeof trust === 'number') return { trustProxy: (_address: string, hop: number) => hop < trust };
  return { trustProxy: trust };
}

function locationOf(options: BuildOptions): DatabaseLocation {
  if (options.databaseUrl) return { postgresUrl: options.databaseUrl };
  if (options.dbPath) return { sqlitePath: options.dbPath };
  throw new Error('buildApp needs dbPath or databaseUrl');
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const config: Config = { ...DEFAULT_CONFIG, ...options.config };
  const now = options.now ?? (() => new Date());
  const db = openDatabase(locationOf(options));
  // Metrics, the drain and the health routes (server/ops/, docs/decisions/0051).
  const ops = createOperations(db);
  let deps: Deps;
  try {
    // An instance may start before its database answers (both started together, or a restart).
    await waitForDatabase(db, {
      timeoutMs: operationsConfigOf(config).dbStartWaitSeconds * 1000,
      onRetry: logDatabaseWait,
    });
    await migrate(db, undefined, now());
    const store = createStore(db, facilityRulesFrom(config));
    // docs/decisions/0050: what this mode may seed, and what production mode refuses to start with.
    await seedForMode(store, config);
    const keys = await loadKeys(store, config, now());
    const repos = store.repos;
    // docs/decisions/0039: the per-client limits' counters, shared by every instance on this database.
    const limits = clientLimitsOf(repos, config, keys, now);
    const moneyConfig = moneyConfigOf(config);
    const money: MoneyDeps = {
      store,
      ...adaptersFor(moneyConfig, store, now),
      ...options.adapters,
      money: moneyConfig,
      now,
      postSeconds: config.depositPostSeconds ?? DEFAULT_DEPOSIT_POST_SECONDS,
      metrics: ops.metrics,
      // docs/decisions/0053: e-mail notices go to the mail server too when SMTP_URL is set.
      ...(config.mail
        ? {
            mail: {
              mailer: createSmtpMailer({
                url: config.mail.smtpUrl,
                from: config.mail.from,
                timeoutMs: config.mail.timeoutMs,
              }),
              timeoutMs: config.mail.timeoutMs,
              from: config.mail.from,
            },
          }
        : {}),
    };
    // The job queues as the operator's metrics read them, at each scrape.
    ops.metrics.observeJobQueues(async () => store.repos.jobs.queues(now().toISOString()));
    const recurringEveryMs = options.recurringEveryMs;
    const jobs = createJobRunner(money, {
      periodic: {
        sweep: { everyMs: SWEEP_EVERY_MS, run: async () => void (await sweep(money)) },
        ...(recurringEveryMs
          ? {
              recurring: {
                everyMs: recurringEveryMs,
                run: async () => void (await runDueRecurringDeposits(money, now())),
              },
            }
          : {}),
      },
    });
    deps = {
      money,
      jobs,
      store,
      repos,
      config,
      now,
      keys,
      limits,
      sessions: createSessionManager(repos, config, now, limits.sessionCreation),
      metrics: ops.metrics,
      directory: createDirectory(repos, now),
    };
  } catch (err) {
    await db.close();
    throw err;
  }
  const { store } = deps;
  // Every answer's security headers; the CSP is the base policy plus the origins the features add.
  const securityHeaders = {
    csp: cspPolicy(
      legalCsp(legalUrlsOf(config)),
      navCsp(navScriptUrlOf(config)),
      pamCsp(config),
      staticSiteCsp(options.staticDir),
    ),
    https: config.cookieSecure,
  };
  // The same headers on the answers written before any hook runs (414, 431...).
  const errorHeaders = bareErrorHeaders(securityHeaders);

  const app = Fastify({
    ...operationsServerOptions(options.logger, config),
    bodyLimit: 64 * 1024,
    // Errors Fastify answers before routing (a malformed URL, a too long id) and those of the HTTP
    // parser (a request line or header it refuses) get the API's error format too (server/http.ts).
    frameworkErrors: (err, request, reply) => {
      request.log.info({ code: err.code, statusCode: err.statusCode }, 'bad request');
      const { status, body } = errorAnswer(err.statusCode);
      void (reply as FastifyReply)
        .code(status)
        .headers({ ...errorHeaders, [REQUEST_ID_HEADER]: request.id })
        .send(withRequestId(request, body));
    },
    clientErrorHandler: rawClientError(errorHeaders),
    // The per-address limits count the payer's address, not a trusted proxy's (TRUST_PROXY).
    ...trustProxyOption(config.trustProxy),
    // docs/decisions/0055: the schemas check types, never convert them ("25" stays text, and the yup
    // rules or the one error format answer it); a property a schema does not name is dropped.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: true, useDefaults: true, allowUnionTypes: true } },
    schemaController: { compilersFactory: schemaCompilers },
  });
  // docs/decisions/0055: every contract type's schema, for the routes to name.
  addContractSchemas(app);
  // docs/decisions/0056: a call of the API registered without its schemas stops the server at start.
  app.addHook('onRoute', requireRouteSchemas);
  if (options.apiDocument || options.apiReference)
    await registerApiDocument(app, { reference: options.apiReference === true });
  app.decorate('jobs', deps.jobs);
  app.decorate('money', deps.money);
  // docs/decisions/0049: the job workers (posting, capture, void, refund, settling lost answers, the
  // reconciler's sweep and §4 recurring deposits) start once the server is ready.
  const jobPollMs = options.jobPollMs;
  if (jobPollMs) app.addHook('onReady', async () => deps.jobs.start(jobPollMs));
  // docs/decisions/0051: /readyz asks whether the workers poll, where they were started.
  registerOperations(app, ops, {
    db,
    config,
    ...(jobPollMs ? { workersRunning: () => deps.jobs.running() } : {}),
  });
  // Retention (server/retention.ts): safe with several instances, each purge is one DELETE by age.
  let retentionTimer: ReturnType<typeof setInterval> | undefined;
  if (options.retentionEveryMs) {
    const purge = async () => {
      try {
        const report = await purgeExpired(store, config, now());
        if (Object.values(report).some((n) => n > 0)) app.log.info({ retention: report }, 'retention');
      } catch (err) {
        app.log.error({ err }, 'retention failed');
      }
    };
    app.addHook('onReady', async () => purge());
    retentionTimer = setInterval(() => void purge(), options.retentionEveryMs);
    retentionTimer.unref();
  }
  app.addHook('onClose', async () => {
    // The workers finish the step under way before the pool closes.
    await deps.jobs.stop();
    deps.money.mail?.mailer.close();
    if (retentionTimer) clearInterval(retentionTimer);
    // No request is in flight any more; other drain steps end before the pool closes (docs/decisions/0051).
    await ops.lifecycle.drain(app.log);
    await db.close();
  });

  // The API speaks JSON only: a text/plain body is refused (415, answered as a bad request).
  app.removeContentTypeParser('text/plain');
  app.register(fastifyCookie);
  useSecurityHeaders(app, { ...securityHeaders, isApiPath });

  app.setErrorHandler((err: FastifyError, request, reply) => {
    // A session refused by the per-address limit (server/security.ts).
    if (err instanceof TooManyRequestsError) return tooMany(reply, err.retryAfterSeconds);
    // docs/decisions/0051: a database that cannot be reached for now is 503 with Retry-After, not 500.
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ fault: faultSummary(err) }, 'database unavailable');
      return answerUnavailable(reply);
    }
    // docs/decisions/0055: a request that breaks its route's JSON Schema, in the one error format.
    if (err.validation) {
      request.log.info({ code: err.code, statusCode: 400, context: err.validationContext }, 'bad request');
      return badRequest(reply, schemaErrors(err.validation));
    }
    const { status, body } = errorAnswer(err.statusCode);
    if (status >= 500) request.log.error({ err }, 'unexpected error');
    // A client error's message may quote the body it could not parse: log the code only.
    else request.log.info({ code: err.code, statusCode: err.statusCode }, 'bad request');
    return reply.code(status).send(body);
  });

  // The built app, compressed and cached, and the not-found answer (server/static-site.ts).
  // The first screens' path form draws the facility step with its lists (docs/decisions/0057).
  const draw = options.firstScreens ?? (options.staticDir ? await loadFirstScreens(options.staticDir) : undefined);
  registerStaticSite(app, options.staticDir, {
    sandbox: runsSandbox(config),
    // docs/decisions/0056: the same lists as the API's, from the same short-lived copy.
    firstScreens: { draw, answers: (country) => facilityAnswers(deps.directory, country) },
  });

  app.register(async (api) => {
    api.addHook('onRequest', deps.sessions.onRequest);
    // docs/decisions/0039: each route's per-client limits, after the session is known and the body read.
    await registerLimits(api, {
      repos: deps.repos,
      now,
      limits: limitsOf(config),
      keyOf: limitKeyer(deps.keys.pam),
      sessionOf: (request) => deps.sessions.current(request)?.id,
    });
    await api.register(stateRoutes, deps);
    // Guests too: a deep-contact link may be anyone's way in (§4).
    await api.register(deepContactRoutes, deps);
    await api.register(localeRoutes, deps);
    await api.register(facilityRoutes, deps);
    await api.register(inmateRoutes, deps);
    await api.register(feeRoutes, deps);
    // The card vault is the sandbox processor's (docs/decisions/0049); another processor's own browser
    // fields tokenize the card.
    if (deps.money.processor.name === 'sandbox') await api.register(vaultRoutes, deps);
    await api.register(depositRoutes, deps);
    await api.register(checkoutServiceRoutes, deps);
    await api.register(unifiedWalletRoutes, deps);
    await api.register(receiptSmsRoutes, deps);
    // Guests too (§5 number step), though under /account.
    await api.register(destDepositRoutes, deps);
    await api.register(authRoutes, deps);
    // Signed-in only: each of these plugins answers 401 to a guest before reading the request.
    await api.register(accountRoutes, deps);
    await api.register(transferRoutes, deps);
    await api.register(signedInCheckoutRoutes, deps);
    await api.register(pamReturnRoutes, deps);
    await api.register(quickDepositRoutes, deps);
    await api.register(phoneVerificationRoutes, deps);
    await api.register(professionalRoutes, deps);
    await api.register(accountProfileRoutes, deps);
    await api.register(identityRoutes, deps);
    await api.register(clientErrorRoutes, deps);
    // docs/decisions/0035: only when asked for, and never in production mode.
    if (outboxReadable(config)) await api.register(outboxRoutes, deps);
  });
  // §2 pam: the sandbox payment endpoint is another site's, outside the API's session and CSRF rules;
  // production mode serves it only with SANDBOX=true (docs/decisions/0050).
  if (sandboxPamServed(config)) app.register(sandboxPamRoutes, deps);
  // §7 legal texts: the sandbox's two providers stand in for other sites, outside the API too.
  app.register(sandboxLegalRoutes);
  // §2 global header: the sandbox's navigation script stands in for another site's, outside the API too.
  app.register(sandboxNavRoutes);

  return app;
}
