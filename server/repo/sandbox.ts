// The sandbox's stand-ins for other companies' systems keep their records here: the payment processor's
// charges by idempotency key (server/adapters/sandbox-processor.ts) and the facility account system's
// postings by deposit id (server/adapters/sandbox-posting.ts). The deposit path never reads these
// tables; it asks the adapters, as it would ask a real processor or facility.
import type { Selectable } from 'kysely';
import type { Executor } from '../db.ts';
import type { Schema } from './schema.ts';
import { runShaped } from './shapes.ts';

/** A charge as the sandbox processor keeps it; `state`: authorized, captured, voided, refunded or declined. */
export type SandboxCharge = Omit<Selectable<Schema['sandbox_charges']>, 'authorize_calls'>;

/** What the sandbox facility answered a deposit; `result`: posted or refused. */
export type SandboxPosting = Selectable<Schema['sandbox_postings']>;

export function createSandboxRepo(db: Executor) {
  return {
    async findCharge(key: string): Promise<SandboxCharge | undefined> {
      return db.selectFrom('sandbox_charges').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
    },
    async findChargeById(chargeId: string): Promise<SandboxCharge | undefined> {
      return db.selectFrom('sandbox_charges').selectAll().where('charge_id', '=', chargeId).executeTakeFirst();
    },
    /**
     * Records an authorization, or counts one more call for a key that has its charge already; answers
     * the key's charge, whichever call made it.
     */
    async insertCharge(c: SandboxCharge): Promise<SandboxCharge> {
      const [row] = await runShaped(db, 'sandbox:charge', c, (value, fixed) =>
        db
          .insertInto('sandbox_charges')
          .values({
            idempotency_key: value('idempotency_key'),
            charge_id: value('charge_id'),
            source: value('source'),
            amount_cents: value('amount_cents'),
            state: value('state'),
            decline_code: value('decline_code'),
            created_at: value('created_at'),
            updated_at: value('updated_at'),
          })
          .onConflict((oc) =>
            oc
              .column('idempotency_key')
              .doUpdateSet((eb) => ({ authorize_calls: eb('sandbox_charges.authorize_calls', '+', fixed(1)) })),
          )
          .returning([
            'idempotency_key',
            'charge_id',
            'source',
            'amount_cents',
            'state',
            'decline_code',
            'created_at',
            'updated_at',
          ]),
      );
      if (!row) throw new Error('sandbox processor: charge not recorded');
      return row;
    },
    async setChargeState(chargeId: string, state: string, at: string): Promise<void> {
      await db
        .updateTable('sandbox_charges')
        .set({ state, updated_at: at })
        .where('charge_id', '=', chargeId)
        .execute();
    },
    async countCharges(): Promise<number> {
      const r = await db
        .selectFrom('sandbox_charges')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },
    async findPosting(depositId: string): Promise<SandboxPosting | undefined> {
      return db.selectFrom('sandbox_postings').selectAll().where('deposit_id', '=', depositId).executeTakeFirst();
    },
    /** False when this deposit was received already. */
    async insertPosting(p: SandboxPosting): Promise<boolean> {
      const r = await db
        .insertInto('sandbox_postings')
        .values(p)
        .onConflict((oc) => oc.column('deposit_id').doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
    },
  };
}
