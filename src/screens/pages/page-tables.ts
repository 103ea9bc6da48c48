// The pages outside the wizard (machines/pages.ts): one table per page machine from each of its states to
// what the page shows (src/screens/screen-table.ts). The app's page renderer reads `loading` and `failed`
// for every page (the loading screen; the failure screen with the page's retry event); each page reads
// its own views. Keys are '<machine id>:<state path>', as the stories name them.
import type { ScreenEntry, ScreenTable } from '../../screen-table.ts';

/** What a page shows in a state: the page itself, the loading or failure screen, or one of its dialogs. */
export type PageView = 'loading' | 'failed' | 'page' | 'leaving' | 'none' | 'notEnough' | 'dialog' | 'part' | 'done';

/** A page's failure: its message is the machine's `failure`, and `retry` the event that loads it again. */
export type PageEntry = ScreenEntry<PageView> & { retry?: string };
export type PageTable = ScreenTable<PageView> & Record<string, PageEntry>;

const LOADING = { view: 'loading', status: 'loading' } as const;
const PAGE = { view: 'page', status: 'editing' } as const;
const PAGE_BUSY = { view: 'page', status: 'busy' } as const;
const DIALOG = { view: 'dialog', status: 'dialog' } as const;
const DIALOG_BUSY = { view: 'dialog', status: 'busy' } as const;
const PART = { view: 'part', status: 'editing' } as const;
const LEAVING = { view: 'leaving', status: 'busy' } as const;
const failed = (retry: string): PageEntry => ({ view: 'failed', status: 'error', retry });
const END = { view: 'done', status: 'done', terminal: true } as const;

export const PAGE_TABLES: Record<string, PageTable> = {
  login: {
    'login:signIn.editing': PAGE,
    'login:signIn.submitting': PAGE_BUSY,
    'login:register.editing': PAGE,
    'login:register.submitting': PAGE_BUSY,
    'login:done': END,
  },
  creditCards: {
    'creditCards:loading': LOADING,
    'creditCards:failed': failed('cards.retry'),
    'creditCards:ready': PAGE,
    'creditCards:confirming': DIALOG,
    'creditCards:removing': DIALOG_BUSY,
  },
  recurringDeposits: {
    'recurringDeposits:loading': LOADING,
    'recurringDeposits:failed': failed('recurring.retry'),
    'recurringDeposits:ready': PAGE,
    'recurringDeposits:confirming': DIALOG,
    'recurringDeposits:cancelling': DIALOG_BUSY,
  },
  destinationAccounts: {
    'destinationAccounts:loading': LOADING,
    'destinationAccounts:failed': failed('accounts.retry'),
    'destinationAccounts:ready': PAGE,
    'destinationAccounts:activity.loading': { view: 'dialog', status: 'loading' },
    'destinationAccounts:activity.shown': DIALOG,
    'destinationAccounts:activity.failed': { view: 'dialog', status: 'error' },
    'destinationAccounts:alerts.choosing': DIALOG,
    'destinationAccounts:alerts.saving': DIALOG_BUSY,
    'destinationAccounts:alerts.saved': DIALOG,
    'destinationAccounts:alerts.failed': { view: 'dialog', status: 'error' },
    'destinationAccounts:confirmingDelete': DIALOG,
    'destinationAccounts:deleting': DIALOG_BUSY,
    'destinationAccounts:verifying.open': DIALOG,
    'destinationAccounts:verifying.reloading': DIALOG_BUSY,
    'destinationAccounts:verifying.verified': DIALOG,
    'destinationAccounts:startingDeposit': PAGE_BUSY,
    'destinationAccounts:left': END,
  },
  depositHistory: {
    'depositHistory:loading': LOADING,
    'depositHistory:failed': failed('history.retry'),
    'depositHistory:ready.idle': PAGE,
    'depositHistory:ready.turning': PAGE_BUSY,
    'depositHistory:ready.repeating': PAGE_BUSY,
    'depositHistory:ready.leaving': PAGE_BUSY,
    'depositHistory:ready.cancel.confirming': DIALOG,
    'depositHistory:ready.cancel.cancelling': DIALOG_BUSY,
    'depositHistory:ready.cancel.failed': { view: 'dialog', status: 'error' },
  },
  transferFunds: {
    'transferFunds:loading': LOADING,
    'transferFunds:failed': failed('transfer.retry'),
    'transferFunds:notEnough': { view: 'notEnough', status: 'done' },
    'transferFunds:editing.incomplete': PAGE,
    'transferFunds:editing.waiting': { view: 'page', status: 'busy' },
    'transferFunds:editing.pricing': { view: 'page', status: 'busy' },
    'transferFunds:editing.priced': PAGE,
    'transferFunds:editing.refused': { view: 'page', status: 'error' },
    'transferFunds:editing.feeFailed': { view: 'page', status: 'error' },
    'transferFunds:submitting': PAGE_BUSY,
    'transferFunds:done.reloading': PAGE_BUSY,
    'transferFunds:done.shown': PAGE,
  },
  primaryAccount: {
    'primaryAccount:loading': LOADING,
    'primaryAccount:failed': failed('primary.retry'),
    'primaryAccount:none': { view: 'none', status: 'done' },
    'primaryAccount:ready': PAGE,
    'primaryAccount:saving': PAGE_BUSY,
  },
  legal: {
    'legal:loading': LOADING,
    'legal:failed': failed('legal.retry'),
    'legal:shown': { view: 'page', status: 'done' },
  },
  updateProfile: {
    'updateProfile:loading': LOADING,
    'updateProfile:failed': failed('profile.retry'),
    'updateProfile:editing': PAGE,
    'updateProfile:saving': PAGE_BUSY,
  },
  identityVerify: {
    'identityVerify:loading': LOADING,
    'identityVerify:failed': failed('identity.retry'),
    'identityVerify:agreement': DIALOG,
    'identityVerify:profile': PAGE,
    'identityVerify:submitting': PAGE_BUSY,
    'identityVerify:accounts': PAGE,
    'identityVerify:verifyingPhone': DIALOG,
    'identityVerify:rejected': END,
    'identityVerify:done': END,
  },
  professional: {
    'professional:loading.facilities.fetching': LOADING,
    'professional:loading.facilities.done': LOADING,
    'professional:loading.token.fetching': LOADING,
    'professional:loading.token.done': LOADING,
    'professional:failed': failed('professional.retry'),
    'professional:editing': PAGE,
    'professional:submitting': PAGE_BUSY,
    'professional:renewingToken': PAGE_BUSY,
    'professional:done': END,
  },
  professionalResult: {
    'professionalResult:shown': { view: 'page', status: 'done' },
    'professionalResult:leaving': END,
  },
  landing: {
    'landing:welcome.noticeCollapsed': PAGE,
    'landing:welcome.noticeExpanded': PAGE,
    'landing:leaving': LEAVING,
  },
  depositOrVisit: {
    'depositOrVisit:cards.loading': { view: 'part', status: 'loading' },
    'depositOrVisit:cards.failed': { view: 'part', status: 'error' },
    'depositOrVisit:cards.ready': PART,
    'depositOrVisit:action.idle': PAGE,
    'depositOrVisit:action.starting': PAGE_BUSY,
    'depositOrVisit:action.leaving': PAGE_BUSY,
  },
  deepContact: {
    'deepContact:starting': LOADING,
    'deepContact:notFound': { view: 'page', status: 'error' },
    'deepContact:failed': { view: 'page', status: 'error' },
    'deepContact:leaving': END,
  },
  // /develop/raise (development only): its one state's screen is the unexpected-error page of §8.
  developRaise: {
    'developRaise:raising': { view: 'page', status: 'error' },
  },
  accessibility: {
    'accessibility:shown': PAGE,
  },
  pamReturn: {
    'pamReturn:completing': LOADING,
    'pamReturn:failed': { view: 'page', status: 'error' },
    'pamReturn:leaving': LEAVING,
  },
};
