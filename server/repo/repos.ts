// Every repository over one query handle (the database, or one open transaction): the only place the
// server holds SQL. A Store hands out the repositories and runs transactions (docs/decisions/0022).
import type { FacilityRules } from '../../contract/entities.ts';
import type { Database, Engine, Executor, TransactionOptions } from '../db.ts';
import { createAccountProfileRepo } from './account-profile.ts';
import { createApprovedDepositorRepo } from './approved-depositors.ts';
import { createClientErrorRepo } from './client-errors.ts';
import { createDepositHistoryRepo } from './deposit-history.ts';
import { createDepositRepo } from './deposits.ts';
import { createDestAccountRepo } from './dest-accounts.ts';
import { createDestinationRepo } from './destinations.ts';
import { createFacilityRepo } from './facilities.ts';
import { createFeeRepo } from './fees.ts';
import { createFormStateRepo } from './form-state.ts';
import { createGeoRepo } from './geo.ts';
import { createIdentityRepo } from './identities.ts';
import { createIdentityAttemptRepo } from './identity-attempts.ts';
import { createInmateRepo } from './inmates.ts';
import { createJobRepo } from './jobs.ts';
import { createNoticeRepo } from './notices.ts';
import { createOutboxRepo } from './outbox.ts';
import { createPamPaymentRepo } from './pam-payments.ts';
import { createPhoneVerificationRepo } from './phone-verification.ts';
import { createRateLimitRepo } from './rate-limits.ts';
import { createSandboxRepo } from './sandbox.ts';
import { createProfessionalRequestRepo } from './professional-requests.ts';
import { createRecurringDepositRepo } from './recurring-deposits.ts';
import { createSavedCardRepo } from './saved-cards.ts';
import { createServerKeyRepo } from './server-keys.ts';
import { createSessionAnalyticsRepo } from './session-analytics.ts';
import { createSessionRepo } from './sessions.ts';
import { createUnifiedWalletRepo } from './unified-wallets.ts';
import { createUserRepo } from './users.ts';
import { createVaultRepo } from './vault.ts';
import { createVoicemailOfferRepo } from './voicemail-offers.ts';

/** `facilityRules` (from the configuration) is added to each facility read. */
export function createRepos(db: Executor, engine: Engine, facilityRules?: (facilityId: number) => FacilityRules) {
  return {
    sessions: createSessionRepo(db),
    sessionAnalytics: createSessionAnalyticsRepo(db),
    formState: createFormStateRepo(db),
    geo: createGeoRepo(db),
    facilities: createFacilityRepo(db, facilityRules),
    inmates: createInmateRepo(db),
    fees: createFeeRepo(db),
    vault: createVaultRepo(db),
    deposits: createDepositRepo(db),
    outbox: createOutboxRepo(db),
    notices: createNoticeRepo(db),
    clientErrors: createClientErrorRepo(db),
    users: createUserRepo(db),
    accountProfile: createAccountProfileRepo(db),
    destAccounts: createDestAccountRepo(db),
    destinations: createDestinationRepo(db),
    savedCards: createSavedCardRepo(db),
    recurringDeposits: createRecurringDepositRepo(db, engine),
    depositHistory: createDepositHistoryRepo(db),
    approvedDepositors: createApprovedDepositorRepo(db),
    voicemailOffers: createVoicemailOfferRepo(db),
    unifiedWallets: createUnifiedWalletRepo(db),
    pamPayments: createPamPaymentRepo(db),
    professionalRequests: createProfessionalRequestRepo(db),
    phoneVerification: createPhoneVerificationRepo(db),
    serverKeys: createServerKeyRepo(db),
    identities: createIdentityRepo(db, engine),
    identityAttempts: createIdentityAttemptRepo(db),
    rateLimits: createRateLimitRepo(db),
    jobs: createJobRepo(db, engine),
    sandbox: createSandboxRepo(db),
  };
}

export type Repos = ReturnType<typeof createRepos>;

/**
 * The data layer as the domain sees it: repositories for single statements, and transactions that
 * hand their function repositories bound to that transaction (use only those inside it: on SQLite a
 * query on the outer handle would wait for the transaction to end).
 */
export interface Store {
  engine: Engine;
  repos: Repos;
  transaction<T>(fn: (repos: Repos) => Promise<T>, options?: TransactionOptions): Promise<T>;
}

export function createStore(db: Database, facilityRules?: (facilityId: number) => FacilityRules): Store {
  return {
    engine: db.engine,
    repos: createRepos(db.kysely, db.engine, facilityRules),
    transaction: (fn, options) => db.transaction((trx) => fn(createRepos(trx, db.engine, facilityRules)), options),
  };
}
