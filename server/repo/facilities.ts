// Facilities (§3). Limits are kept in cents; deposit_types as JSON text.
import type { Selectable } from 'kysely';
import type {
  DepositType,
  DepositTypeOffer,
  Facility,
  FacilityRules,
  FacilitySummary,
} from '../../contract/entities.ts';
import type { Executor } from '../db.ts';
import { toCents, toDollars } from '../money.ts';
import { bit, bool } from './rows.ts';
import { runShaped } from './shapes.ts';
import type { Schema } from './schema.ts';

const COLUMNS = [
  'id',
  'label',
  'country',
  'state',
  'deposit_types_json',
  'flex_disabled',
  'fnf_prepaid_enabled',
  'is_juve',
  'is_ice',
  'is_canada',
  'min_deposit_cents',
  'max_deposit_cents',
  'pam_enabled',
  'fcc_regulated',
  'tablet_only_fac',
  'touch_pay_enabled',
  'inmate_label',
] as const;

const SUMMARY = ['id', 'label', 'state', 'country'] as const;

function toFacility(r: Selectable<Schema['facilities']>): Facility {
  const is_juve = bool(r.is_juve);
  const is_ice = bool(r.is_ice);
  const is_canada = bool(r.is_canada);
  return {
    id: Number(r.id),
    label: r.label,
    country: r.country,
    state: r.state,
    deposit_types: JSON.parse(r.deposit_types_json) as Partial<Record<DepositType, DepositTypeOffer>>,
    flex_disabled: bool(r.flex_disabled),
    fnf_prepaid_enabled: bool(r.fnf_prepaid_enabled),
    is_juve,
    is_ice,
    is_canada,
    // §3: standard means none of the three.
    is_standard: !is_juve && !is_ice && !is_canada,
    deposit_limits: { min: toDollars(Number(r.min_deposit_cents)), max: toDollars(Number(r.max_deposit_cents)) },
    pam_enabled: bool(r.pam_enabled),
    fcc_regulated: bool(r.fcc_regulated),
    tablet_only_fac: bool(r.tablet_only_fac),
    touch_pay_enabled: bool(r.touch_pay_enabled),
    inmate_label: r.inmate_label,
  };
}

function toSummary(r: { id: number; label: string; state: string; country: string }): FacilitySummary {
  return { id: Number(r.id), label: r.label, state: r.state, country: r.country };
}

/** `rulesFor` adds the configuration's facility rules to each facility read (§6). */
export function createFacilityRepo(db: Executor, rulesFor?: (facilityId: number) => FacilityRules) {
  return {
    async insert(f: Facility): Promise<void> {
      await db
        .insertInto('facilities')
        .values({
          id: f.id,
          label: f.label,
          country: f.country,
          state: f.state,
          deposit_types_json: JSON.stringify(f.deposit_types),
          flex_disabled: bit(f.flex_disabled),
          fnf_prepaid_enabled: bit(f.fnf_prepaid_enabled),
          is_juve: bit(f.is_juve),
          is_ice: bit(f.is_ice),
          is_canada: bit(f.is_canada),
          min_deposit_cents: toCents(f.deposit_limits.min),
          max_deposit_cents: toCents(f.deposit_limits.max),
          pam_enabled: bit(f.pam_enabled),
          fcc_regulated: bit(f.fcc_regulated),
          tablet_only_fac: bit(f.tablet_only_fac),
          touch_pay_enabled: bit(f.touch_pay_enabled),
          inmate_label: f.inmate_label,
        })
        .execute();
    },
    async findById(id: number): Promise<Facility | undefined> {
      // Read on nearly every call of the wizard: compiled once (server/repo/shapes.ts).
      const [r] = await runShaped(db, 'facility:byId', { id }, (value) =>
        db.selectFrom('facilities').select(COLUMNS).where('id', '=', value('id')),
      );
      if (!r) return undefined;
      const facility = toFacility(r);
      return rulesFor ? { ...facility, rules: rulesFor(facility.id) } : facility;
    },
    async listByRegion(country: string, state: string): Promise<FacilitySummary[]> {
      const rows = await db
        .selectFrom('facilities')
        .select(SUMMARY)
        .where('country', '=', country)
        .where('state', '=', state)
        .orderBy('label')
        .orderBy('id')
        .execute();
      return rows.map(toSummary);
    },
    /** Every facility, by label (the facilities a professional request may name). */
    async listAll(): Promise<FacilitySummary[]> {
      const rows = await db.selectFrom('facilities').select(SUMMARY).orderBy('label').orderBy('id').execute();
      return rows.map(toSummary);
    },
    async count(): Promise<number> {
      const r = await db
        .selectFrom('facilities')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },
  };
}
