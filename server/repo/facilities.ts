// Facilities (§3). Limits are kept in cents; deposit_types as JSON text.
import type {
  DepositType,
  DepositTypeOffer,
  Facility,
  FacilityRules,
  FacilitySummary,
} from '../../contract/entities.ts';
import type { Db } from '../db.ts';
import { toCents, toDollars } from '../money.ts';
import { type Row, bit, bool, int, str } from './rows.ts';

const COLUMNS = `id, label, country, state, deposit_types_json, flex_disabled, fnf_prepaid_enabled, is_juve, is_ice,
  is_canada, min_deposit_cents, max_deposit_cents, pam_enabled, fcc_regulated, tablet_only_fac, touch_pay_enabled,
  inmate_label`;

function toFacility(r: Row): Facility {
  const is_juve = bool(r, 'is_juve');
  const is_ice = bool(r, 'is_ice');
  const is_canada = bool(r, 'is_canada');
  return {
    id: int(r, 'id'),
    label: str(r, 'label'),
    country: str(r, 'country'),
    state: str(r, 'state'),
    deposit_types: JSON.parse(str(r, 'deposit_types_json')) as Partial<Record<DepositType, DepositTypeOffer>>,
    flex_disabled: bool(r, 'flex_disabled'),
    fnf_prepaid_enabled: bool(r, 'fnf_prepaid_enabled'),
    is_juve,
    is_ice,
    is_canada,
    // §3: standard means none of the three.
    is_standard: !is_juve && !is_ice && !is_canada,
    deposit_limits: { min: toDollars(int(r, 'min_deposit_cents')), max: toDollars(int(r, 'max_deposit_cents')) },
    pam_enabled: bool(r, 'pam_enabled'),
    fcc_regulated: bool(r, 'fcc_regulated'),
    tablet_only_fac: bool(r, 'tablet_only_fac'),
    touch_pay_enabled: bool(r, 'touch_pay_enabled'),
    inmate_label: str(r, 'inmate_label'),
  };
}

/** `rulesFor` adds the configuration's facility rules to each facility read (§6). */
export function createFacilityRepo(db: Db, rulesFor?: (facilityId: number) => FacilityRules) {
  const insert = db.prepare(
    `INSERT INTO facilities (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const findById = db.prepare(`SELECT ${COLUMNS} FROM facilities WHERE id = ?`);
  const listByRegion = db.prepare(
    'SELECT id, label, state, country FROM facilities WHERE country = ? AND state = ? ORDER BY label, id',
  );
  const count = db.prepare('SELECT COUNT(*) AS n FROM facilities');
  const listAll = db.prepare('SELECT id, label, state, country FROM facilities ORDER BY label, id');

  return {
    insert(f: Facility): void {
      insert.run(
        f.id,
        f.label,
        f.country,
        f.state,
        JSON.stringify(f.deposit_types),
        bit(f.flex_disabled),
        bit(f.fnf_prepaid_enabled),
        bit(f.is_juve),
        bit(f.is_ice),
        bit(f.is_canada),
        toCents(f.deposit_limits.min),
        toCents(f.deposit_limits.max),
        bit(f.pam_enabled),
        bit(f.fcc_regulated),
        bit(f.tablet_only_fac),
        bit(f.touch_pay_enabled),
        f.inmate_label,
      );
    },
    findById(id: number): Facility | undefined {
      const r = findById.get(id);
      if (!r) return undefined;
      const facility = toFacility(r);
      return rulesFor ? { ...facility, rules: rulesFor(facility.id) } : facility;
    },
    listByRegion(country: string, state: string): FacilitySummary[] {
      return listByRegion.all(country, state).map((r) => ({
        id: int(r, 'id'),
        label: str(r, 'label'),
        state: str(r, 'state'),
        country: str(r, 'country'),
      }));
    },
    /** Every facility, by label (the facilities a professional request may name). */
    listAll(): FacilitySummary[] {
      return listAll.all().map((r) => ({
        id: int(r, 'id'),
        label: str(r, 'label'),
        state: str(r, 'state'),
        country: str(r, 'country'),
      }));
    },
    count(): number {
      const r = count.get();
      return r ? int(r, 'n') : 0;
    },
  };
}

export type FacilityRepo = ReturnType<typeof createFacilityRepo>;
