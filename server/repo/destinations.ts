// The destinations registry (docs/decisions/0010): one row per phone number that was deposited to or
// fraud-flagged, with the destination id every payer's account for the number shares, the number's
// fraud flag (§5) and the balance guests deposited to it (owned by no payer).
import { randomBytes } from 'node:crypto';
import type { Purse } from '../../contract/accounts.ts';
import type { Executor } from '../db.ts';
import { bit, bool, changed } from './rows.ts';

export interface DestinationRow {
  deposit_phone_no: string;
  deposit_phone_country: string;
  destination_id: string;
  fraud_flag: boolean;
  guest_prepaid_cents: number;
  guest_regulated_cents: number;
  created_at: string;
}

const COLUMNS = [
  'deposit_phone_no',
  'deposit_phone_country',
  'destination_id',
  'fraud_flag',
  'guest_prepaid_cents',
  'guest_regulated_cents',
  'created_at',
] as const;

/** A provider-style destination id, e.g. FNF-3FA29C0B1D. */
function newDestinationId(): string {
  return `FNF-${randomBytes(5).toString('hex').toUpperCase()}`;
}

export function createDestinationRepo(db: Executor) {
  const repo = {
    async insert(d: DestinationRow): Promise<void> {
      await db
        .insertInto('destinations')
        .values({ ...d, fraud_flag: bit(d.fraud_flag) })
        .execute();
    },
    async findByPhone(phone: string): Promise<DestinationRow | undefined> {
      const r = await db
        .selectFrom('destinations')
        .select(COLUMNS)
        .where('deposit_phone_no', '=', phone)
        .executeTakeFirst();
      if (!r) return undefined;
      return {
        ...r,
        fraud_flag: bool(r.fraud_flag),
        guest_prepaid_cents: Number(r.guest_prepaid_cents),
        guest_regulated_cents: Number(r.guest_regulated_cents),
      };
    },
    /** The number's row, created (not flagged, no balance) when it has none; call inside a transaction. */
    async ensure(phone: string, country: string, at: string): Promise<DestinationRow> {
      const found = await repo.findByPhone(phone);
      if (found) return found;
      let destinationId = newDestinationId();
      while (await idTaken(destinationId)) destinationId = newDestinationId();
      const row: DestinationRow = {
        deposit_phone_no: phone,
        deposit_phone_country: country,
        destination_id: destinationId,
        fraud_flag: false,
        guest_prepaid_cents: 0,
        guest_regulated_cents: 0,
        created_at: at,
      };
      await repo.insert(row);
      return row;
    },
    /** §3 fraud_flag is the number's: the fraud list, or any payer's account with the number. */
    async isFraudFlagged(phone: string): Promise<boolean> {
      const r = await db
        .selectNoFrom((eb) =>
          eb
            .or([
              eb.exists(
                eb
                  .selectFrom('destinations')
                  .select('deposit_phone_no')
                  .where('deposit_phone_no', '=', phone)
                  .where('fraud_flag', '=', 1),
              ),
              eb.exists(
                eb
                  .selectFrom('dest_accounts')
                  .select('id')
                  .where('deposit_phone_no', '=', phone)
                  .where('fraud_flag', '=', 1),
              ),
            ])
            .as('flagged'),
        )
        .executeTakeFirst();
      // true/false on PostgreSQL, 1/0 on SQLite.
      return bool(r?.flagged);
    },
    /** Adds to the balance guests deposited to the number (a row from `ensure`). */
    async creditGuest(phone: string, purse: Purse, cents: number): Promise<boolean> {
      const column = purse === 'pr' ? 'guest_regulated_cents' : 'guest_prepaid_cents';
      const r = await db
        .updateTable('destinations')
        .set((eb) => ({ [column]: eb(column, '+', cents) }))
        .where('deposit_phone_no', '=', phone)
        .executeTakeFirst();
      return changed(r) === 1;
    },
    async count(): Promise<number> {
      const r = await db
        .selectFrom('destinations')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },
  };

  async function idTaken(destinationId: string): Promise<boolean> {
    const r = await db
      .selectFrom('destinations')
      .select('destination_id')
      .where('destination_id', '=', destinationId)
      .executeTakeFirst();
    return r !== undefined;
  }

  return repo;
}
