// The destinations registry (docs/decisions/0010): one row per phone number that was deposited to or
// fraud-flagged, with the destination id every payer's account for the number shares, the number's
// fraud flag (§5) and the balance guests deposited to it (owned by no payer).
import { randomBytes } from 'node:crypto';
import type { Purse } from '../../contract/accounts.ts';
import type { Db } from '../db.ts';
import { type Row, bit, bool, int, str } from './rows.ts';

export interface DestinationRow {
  deposit_phone_no: string;
  deposit_phone_country: string;
  destination_id: string;
  fraud_flag: boolean;
  guest_prepaid_cents: number;
  guest_regulated_cents: number;
  created_at: string;
}

function toDestination(r: Row): DestinationRow {
  return {
    deposit_phone_no: str(r, 'deposit_phone_no'),
    deposit_phone_country: str(r, 'deposit_phone_country'),
    destination_id: str(r, 'destination_id'),
    fraud_flag: bool(r, 'fraud_flag'),
    guest_prepaid_cents: int(r, 'guest_prepaid_cents'),
    guest_regulated_cents: int(r, 'guest_regulated_cents'),
    created_at: str(r, 'created_at'),
  };
}

/** A provider-style destination id, e.g. FNF-3FA29C0B1D. */
function newDestinationId(): string {
  return `FNF-${randomBytes(5).toString('hex').toUpperCase()}`;
}

export function createDestinationRepo(db: Db) {
  const COLUMNS = `deposit_phone_no, deposit_phone_country, destination_id, fraud_flag, guest_prepaid_cents,
    guest_regulated_cents, created_at`;
  const insert = db.prepare(`INSERT INTO destinations (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`);
  const byPhone = db.prepare(`SELECT ${COLUMNS} FROM destinations WHERE deposit_phone_no = ?`);
  const idTaken = db.prepare('SELECT 1 AS found FROM destinations WHERE destination_id = ?');
  const count = db.prepare('SELECT COUNT(*) AS n FROM destinations');
  // §3 fraud_flag is the number's: the fraud list, or any payer's account with the number.
  const flagged = db.prepare(`SELECT 1 AS found WHERE
    EXISTS (SELECT 1 FROM destinations WHERE deposit_phone_no = ? AND fraud_flag = 1)
    OR EXISTS (SELECT 1 FROM dest_accounts WHERE deposit_phone_no = ? AND fraud_flag = 1)`);
  const creditPrepaid = db.prepare(
    'UPDATE destinations SET guest_prepaid_cents = guest_prepaid_cents + ? WHERE deposit_phone_no = ?',
  );
  const creditRegulated = db.prepare(
    'UPDATE destinations SET guest_regulated_cents = guest_regulated_cents + ? WHERE deposit_phone_no = ?',
  );

  const repo = {
    insert(d: DestinationRow): void {
      insert.run(
        d.deposit_phone_no,
        d.deposit_phone_country,
        d.destination_id,
        bit(d.fraud_flag),
        d.guest_prepaid_cents,
        d.guest_regulated_cents,
        d.created_at,
      );
    },
    findByPhone(phone: string): DestinationRow | undefined {
      const r = byPhone.get(phone);
      return r ? toDestination(r) : undefined;
    },
    /** The number's row, created (not flagged, no balance) when it has none; call inside a transaction. */
    ensure(phone: string, country: string, at: string): DestinationRow {
      const found = repo.findByPhone(phone);
      if (found) return found;
      let destinationId = newDestinationId();
      while (idTaken.get(destinationId) !== undefined) destinationId = newDestinationId();
      const row: DestinationRow = {
        deposit_phone_no: phone,
        deposit_phone_country: country,
        destination_id: destinationId,
        fraud_flag: false,
        guest_prepaid_cents: 0,
        guest_regulated_cents: 0,
        created_at: at,
      };
      repo.insert(row);
      return row;
    },
    isFraudFlagged(phone: string): boolean {
      return flagged.get(phone, phone) !== undefined;
    },
    /** Adds to the balance guests deposited to the number (a row from `ensure`). */
    creditGuest(phone: string, purse: Purse, cents: number): boolean {
      const stmt = purse === 'pr' ? creditRegulated : creditPrepaid;
      return Number(stmt.run(cents, phone).changes) === 1;
    },
    count(): number {
      const r = count.get();
      return r ? int(r, 'n') : 0;
    },
  };
  return repo;
}

export type DestinationRepo = ReturnType<typeof createDestinationRepo>;
