// Fills an empty database from fixtures/ (architecture: "seeded from fixtures/ when empty").
import { loadCountries, loadFacilities, loadFees, loadInmates, loadPayers, loadRegions } from './fixtures.ts';
import { toCents } from './money.ts';
import type { Store } from './repo/repos.ts';

/** Seeds reference data when the facilities table is empty; returns whether it did. */
export async function seedIfEmpty(store: Store): Promise<boolean> {
  if ((await store.repos.facilities.count()) > 0) return false;
  const countries = loadCountries();
  const regions = loadRegions();
  const facilities = loadFacilities();
  const inmates = loadInmates();
  const fees = loadFees();
  return store.transaction(async (repos) => {
    // Another instance may have seeded meanwhile.
    if ((await repos.facilities.count()) > 0) return false;
    for (const c of countries) await repos.geo.insertCountry(c);
    for (const [country, list] of Object.entries(regions)) {
      for (const r of list) await repos.geo.insertRegion(country, r);
    }
    for (const f of facilities) await repos.facilities.insert(f);
    for (const i of inmates) await repos.inmates.insert(i);
    for (const [type, tiers] of Object.entries(fees.schedules)) {
      for (const t of tiers) {
        await repos.fees.insertTier({
          deposit_type: type,
          min_cents: toCents(t.min),
          max_cents: toCents(t.max),
          fee_cents: toCents(t.fee),
        });
      }
    }
    for (const t of fees.tax) await repos.fees.insertTaxRate(t.country, t.state, Math.round(t.rate * 10000));
    return true;
  });
}

/** The session id the seeded history rows carry: no browser session ever has it (ids are 43 characters). */
export const SEED_SESSION_ID = 'seed';

/**
 * Seeds the sandbox payers of fixtures/payers.json (and their cards, phone accounts, recurring
 * deposits and deposit history) when the users table is empty; returns whether it did. Runs after
 * seedIfEmpty: the rows refer to facilities and inmates.
 */
export async function seedPayersIfEmpty(store: Store): Promise<boolean> {
  if ((await store.repos.users.count()) > 0) return false;
  const payers = loadPayers();
  return store.transaction(async (repos) => {
    if ((await repos.users.count()) > 0) return false;
    for (const p of payers) {
      await repos.users.insert({
        id: p.id,
        email: p.email.toLowerCase(),
        password_hash: p.password_hash,
        pin_hash: p.pin_hash,
        first_name: p.first_name,
        last_name: p.last_name,
        phone: p.phone,
        validate_status: p.validate_status,
        dob: p.dob,
        ssn_last4: p.ssn_last4,
        professional: p.professional,
        created_at: p.created_at,
      });
      for (const c of p.cards) await repos.savedCards.insert({ ...c, user_id: p.id, created_at: p.created_at });
      for (const a of p.dest_accounts) {
        await repos.destAccounts.insert({
          id: a.id,
          user_id: p.id,
          destination_id: a.destination_id,
          deposit_phone_no: a.deposit_phone_no,
          deposit_phone_no_label: a.deposit_phone_no_label,
          deposit_phone_country: a.deposit_phone_country,
          validate_status: a.validate_status,
          is_primary: a.primary,
          prepaid_balance_cents: toCents(a.prepaid_balance),
          regulated_balance_cents: toCents(a.regulated_balance),
          fraud_flag: a.fraud_flag,
          facility_id: a.facility_id,
          breakage_sms: a.breakage.sms,
          breakage_email: a.breakage.email,
          created_at: p.created_at,
        });
        for (const e of a.activity) {
          await repos.destAccounts.insertActivity({
            account_id: a.id,
            purse: e.purse,
            event_at: e.event_at,
            event_desc: e.event_desc,
            amount_cents: toCents(e.amount),
          });
        }
      }
      for (const r of p.recurring_deposits) {
        await repos.recurringDeposits.insert({
          ...r,
          user_id: p.id,
          amount_cents: toCents(r.amount),
          created_at: p.created_at,
        });
      }
      for (const h of p.deposit_history) {
        const card = p.cards.find((c) => c.id === h.card_id);
        if (!card) throw new Error(`fixtures/payers.json: history row ${h.id} names card ${h.card_id}`);
        const amount = toCents(h.amount);
        const fee = toCents(h.fee);
        const tax = toCents(h.tax);
        await repos.deposits.insert({
          id: h.id,
          order_number: h.order_number,
          session_id: SEED_SESSION_ID,
          facility_id: h.facility_id,
          inmate_id: h.inmate_id,
          deposit_type: h.deposit_type,
          amount_cents: amount,
          fee_cents: fee,
          tax_cents: tax,
          total_cents: amount + fee + tax,
          card_token: card.token,
          card_brand: card.brand,
          card_last4: card.last4,
          card_exp: `${card.exp_month}/${card.exp_year}`,
          payer_email: p.email.toLowerCase(),
          created_at: h.created_at,
          // Only a session's form state (deposit_id) reads this answer back, and no session refers
          // to a seeded row.
          response_json: '{}',
          // History: authorized, posted and captured as it was made (docs/decisions/0049).
          state: 'posted',
          authorized_at: h.created_at,
          posted_at: h.created_at,
          captured_at: h.created_at,
          refused_at: null,
          refunded_at: null,
          refusal_reason: null,
        });
        await repos.depositHistory.assign(h.id, p.id, h.deposit_phone_no);
      }
    }
    // The fixtures name their own ids: later rows continue after them.
    await repos.identities.continueAfterExplicitIds();
    return true;
  });
}
