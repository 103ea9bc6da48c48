// The recurring deposits runner (§3, §4 recurring): due schedules are charged once per period, also
// when two runners start at once; cancelled, pam and not-yet-due ones are not; a phone deposit credits
// its account.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_DEPOSIT_POST_SECONDS, loadConfig } from '../../server/config.ts';
import { createJobRunner } from '../../server/domain/job-runner.ts';
import { ASYNC_TIMEOUT } from '../wait.ts';
import { openDatabase } from '../../server/db.ts';
import { duePeriod, periodToCharge, runDueRecurringDeposits } from '../../server/domain/recurring-runner.ts';
import { createStore } from '../../server/repo/repos.ts';
import type { CheckoutResponse } from '../../contract/api.ts';
import { ANA, signedIn } from './account-helpers.ts';
import { type TestServer, fillCheckout, fixedClock, startServer, moneyFor } from './helpers.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(async () => {
  await sharedSqlite?.close();
  sharedSqlite = undefined;
  await server.dispose();
});

/**
 * A runner with its own connection to the site's database, as a second process would have. On SQLite,
 * two connections in one process would block each other's event loop (SQLite's busy wait is
 * synchronous), so runners of one test share the connection there; processes of their own are
 * covered by the two-instance test on PostgreSQL (tests/server/instances.test.ts).
 */
let sharedSqlite: ReturnType<typeof openDatabase> | undefined;
function runner() {
  const db =
    server.engine === 'sqlite' ? (sharedSqlite ??= openDatabase(server.location)) : openDatabase(server.location);
  const store = createStore(db);
  return {
    /** Runs the due schedules at `iso`, then the steps that follow until the deposits are posted. */
    run: async (iso: string) => {
      const report = await runDueRecurringDeposits(
        moneyFor(store, () => new Date(iso)),
        new Date(iso),
      );
      const posted = new Date(Date.parse(iso) + (DEFAULT_DEPOSIT_POST_SECONDS + 1) * 1000);
      await createJobRunner(moneyFor(store, () => posted)).drain();
      return report;
    },
    close: async () => {
      if (db !== sharedSqlite) await db.close();
    },
  };
}

type LedgerRow = { order_number: string; amount_cents: number; deposit_type: string; user_id: string | null };

async function ledger(): Promise<LedgerRow[]> {
  return server.query<LedgerRow>(
    "SELECT order_number, amount_cents, deposit_type, user_id FROM deposits WHERE order_number LIKE 'R%' ORDER BY order_number",
  );
}

async function balanceOf(accountId: number): Promise<number> {
  const [row] = await server.query<{ b: number }>('SELECT prepaid_balance_cents AS b FROM dest_accounts WHERE id = ?', [
    accountId,
  ]);
  return Number(row?.b);
}

describe('duePeriod', () => {
  it('monthly from its day, weekly from its weekday, bi-weekly on the 1st and the 15th', () => {
    expect(duePeriod({ interval_type: 'monthly', day_in_interval: 15 }, new Date('2026-11-14T12:00:00Z'))).toBeNull();
    expect(duePeriod({ interval_type: 'monthly', day_in_interval: 15 }, new Date('2026-11-15T00:00:00Z'))).toBe(
      '2026-11',
    );
    expect(duePeriod({ interval_type: 'monthly', day_in_interval: 15 }, new Date('2026-11-30T23:00:00Z'))).toBe(
      '2026-11',
    );
    // 2026-11-20 is a Friday (5); its week starts on Sunday the 15th.
    expect(duePeriod({ interval_type: 'weekly', day_in_interval: 5 }, new Date('2026-11-20T09:00:00Z'))).toBe(
      'W2026-11-15',
    );
    expect(duePeriod({ interval_type: 'weekly', day_in_interval: 6 }, new Date('2026-11-20T09:00:00Z'))).toBeNull();
    expect(duePeriod({ interval_type: 'biweekly', day_in_interval: 1 }, new Date('2026-11-14T09:00:00Z'))).toBe(
      '2026-11-a',
    );
    expect(duePeriod({ interval_type: 'biweekly', day_in_interval: 1 }, new Date('2026-11-15T09:00:00Z'))).toBe(
      '2026-11-b',
    );
  });
});

describe('periodToCharge', () => {
  it('leaves out a due day on or before the set-up: the deposit made at checkout stands for it', () => {
    const monthly = { interval_type: 'monthly' as const, day_in_interval: 10, created_at: '2026-11-24T15:00:00.000Z' };
    expect(periodToCharge(monthly, new Date('2026-11-25T09:00:00Z'))).toBeNull();
    expect(periodToCharge(monthly, new Date('2026-12-10T09:00:00Z'))).toBe('2026-12');
    // Set up on the day itself: charged that day at checkout, next month by the runner.
    expect(periodToCharge({ ...monthly, day_in_interval: 24 }, new Date('2026-11-24T18:00:00Z'))).toBeNull();
    // Set up before the day: the day still comes this month.
    expect(periodToCharge({ ...monthly, day_in_interval: 28 }, new Date('2026-11-28T09:00:00Z'))).toBe('2026-11');
    // Friday 2026-11-20; set up on the Wednesday before, weekly on Friday: charged that Friday.
    const weekly = { interval_type: 'weekly' as const, day_in_interval: 5, created_at: '2026-11-18T10:00:00.000Z' };
    expect(periodToCharge(weekly, new Date('2026-11-20T09:00:00Z'))).toBe('W2026-11-15');
    expect(
      periodToCharge({ ...weekly, created_at: '2026-11-20T08:00:00.000Z' }, new Date('2026-11-21T09:00:00Z')),
    ).toBeNull();
    const biweekly = { interval_type: 'biweekly' as const, day_in_interval: 1, created_at: '2026-11-22T12:00:00.000Z' };
    expect(periodToCharge(biweekly, new Date('2026-11-30T09:00:00Z'))).toBeNull();
    expect(periodToCharge(biweekly, new Date('2026-12-01T00:30:00Z'))).toBe('2026-12-a');
  });
});

describe('runDueRecurringDeposits', () => {
  it('charges each due schedule once per period; the pam one is left to the pam endpoint', async () => {
    const r = runner();
    try {
      const mom = await balanceOf(301);
      const first = await r.run('2026-11-20T09:00:00Z');
      // Ana's monthly (15th), her weekly phone deposit (Friday) and Ben's monthly (1st).
      expect(first.charged.sort()).toEqual(['R601-2026-11', 'R602-W2026-11-15', 'R611-2026-11']);
      expect((await ledger()).map((d) => [d.order_number, d.amount_cents, d.deposit_type])).toEqual([
        ['R601-2026-11', 5000, 'flex'],
        ['R602-W2026-11-15', 2500, 'dest'],
        ['R611-2026-11', 3000, 'flex'],
      ]);
      // The phone deposit credits the amount (not the fee) to the account.
      expect(await balanceOf(301)).toBe(mom + 2500);
      // The payer's history lists them.
      expect((await ledger()).every((d) => d.user_id !== null)).toBe(true);

      const again = await r.run('2026-11-21T09:00:00Z');
      expect(again.charged).toEqual([]);
      expect(again.alreadyDone).toBe(3);
      expect(await ledger()).toHaveLength(3);
      expect(await balanceOf(301)).toBe(mom + 2500);

      // A new week and a new month.
      expect((await r.run('2026-11-27T09:00:00Z')).charged).toEqual(['R602-W2026-11-22']);
      expect((await r.run('2026-12-15T09:00:00Z')).charged.sort()).toEqual(['R601-2026-12', 'R611-2026-12']);
    } finally {
      await r.close();
    }
  });

  it('two runners at once charge each period once', async () => {
    const a = runner();
    const b = runner();
    try {
      const [ra, rb] = await Promise.all([a.run('2026-11-20T09:00:00Z'), b.run('2026-11-20T09:00:00Z')]);
      expect(ra.charged.length + rb.charged.length).toBe(3);
      expect(ra.alreadyDone + rb.alreadyDone).toBe(3);
      expect(await ledger()).toHaveLength(3);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('a cancelled schedule is not charged', async () => {
    await server.query("UPDATE recurring_deposits SET cancelled_at = '2026-11-01T00:00:00.000Z' WHERE id = 601");
    const r = runner();
    try {
      expect((await r.run('2026-11-20T09:00:00Z')).charged).not.toContain('R601-2026-11');
    } finally {
      await r.close();
    }
  });
});

describe('the site runs them', () => {
  it('at start when RECURRING_RUN_MINUTES is not 0', async () => {
    expect(loadConfig({ RECURRING_RUN_MINUTES: '0' }).recurringRunMinutes).toBe(0);
    expect(() => loadConfig({ RECURRING_RUN_MINUTES: 'often' })).toThrow('RECURRING_RUN_MINUTES');
    const site = await startServer({
      recurringEveryMs: 60 * 60 * 1000,
      jobPollMs: 60 * 60 * 1000,
      now: () => new Date('2026-11-20T09:00:00Z'),
    });
    try {
      await site.app.ready();
      // The job workers' first look, as the server becomes ready, runs the due schedules.
      await vi.waitFor(
        async () => {
          const [n] = await site.query<{ n: number }>(
            "SELECT COUNT(*) AS n FROM deposits WHERE order_number LIKE 'R%'",
          );
          expect(Number(n?.n)).toBe(3);
        },
        { timeout: ASYNC_TIMEOUT, interval: 50 },
      );
    } finally {
      await site.dispose();
    }
  });
});

describe('the duplicate warning names a deposit the runner charged (§4)', () => {
  it("Ana's monthly $50 to John Smith, charged 5 minutes ago: a $50 deposit to him is warned of, as a recurring one", async () => {
    const clock = fixedClock('2026-11-20T09:05:00.000Z');
    const site = await startServer({ now: clock.now });
    try {
      const db = openDatabase(site.location);
      try {
        const report = await runDueRecurringDeposits(
          moneyFor(createStore(db), () => new Date('2026-11-20T09:00:00Z')),
          new Date('2026-11-20T09:00:00Z'),
        );
        expect(report.charged).toContain('R601-2026-11');
      } finally {
        await db.close();
      }
      const ana = await signedIn(site.app, ANA);
      await fillCheckout(ana, { deposit_amount: 50, extra: { email: ANA.email } });
      const res = await ana.post<CheckoutResponse>('/pay/process_deposit', { skip_completed_steps: false });
      expect(res.body).toMatchObject({
        success: false,
        warning: 'DUPLICATE_TRANSACTION_WARNING',
        duplicate: {
          amount: 50,
          deposit_time: '2026-11-20T09:00:00.000Z',
          order_number: 'R601-2026-11',
          deposit_type: 'flex',
          facility_label: 'Harris County Jail',
          recurring: true,
        },
      });
    } finally {
      await site.dispose();
    }
  });
});
